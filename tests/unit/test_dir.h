// A fresh folder for one test (under the system's temporary folder, named by the process and
// the test, so parallel test processes never share one), removed when the test ends. Every
// test that writes files takes its folder from here.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/core/file_io.h"

namespace hippolyta {

class TestDir {
  public:
    TestDir() {
        // A parameterised test's name holds a '/': one folder, not two.
        std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '-');
        path_ = std::filesystem::temp_directory_path() /
                ("hippolyta-" + std::to_string(::getpid()) + "-" + name);
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~TestDir() { std::filesystem::remove_all(path_); }
    TestDir(const TestDir&) = delete;
    TestDir& operator=(const TestDir&) = delete;

    std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
    const std::filesystem::path& path() const { return path_; }
    std::string string() const { return path_.string(); }

  private:
    std::filesystem::path path_;
};

// The whole file, as bytes (readWholeFile); a file that is not there reads as empty, which the
// test's own checks then catch.
inline std::string fileBytes(const std::filesystem::path& p) {
    if (!std::filesystem::exists(p)) return {};
    return readWholeFile(p.string());
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
