// A fresh folder for one test (under the system's temporary folder, named by the process and
// the test, so parallel test processes never share one), removed when the test ends.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hippolyta {

class TestDir {
  public:
    TestDir() {
        path_ = std::filesystem::temp_directory_path() /
                ("hippolyta-" + std::to_string(::getpid()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TestDir() { std::filesystem::remove_all(path_); }
    TestDir(const TestDir&) = delete;
    TestDir& operator=(const TestDir&) = delete;

    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

  private:
    std::filesystem::path path_;
};

// The whole file, as bytes.
inline std::string fileBytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// The text of one of Quarry's SGF samples (tests/fixtures/quarry-sgf); a missing one fails the
// test.
inline std::string quarrySample(const std::string& name) {
    const std::filesystem::path p =
        std::filesystem::path(HIPPOLYTA_SOURCE_DIR) / "tests/fixtures/quarry-sgf" / name;
    if (!std::filesystem::is_regular_file(p)) ADD_FAILURE() << "cannot read " << p;
    return fileBytes(p);
}

}  // namespace hippolyta
