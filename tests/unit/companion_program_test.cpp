// Finding the programs that ship together (hippolyta beside hippolyta-studio) however the
// running one was started, and quoting paths for /bin/sh.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "adapters/process/child_process.h"
#include "protocol/data_files.h"
#include "tests/unit/test_dir.h"

using namespace hippolyta;
namespace fs = std::filesystem;

namespace {

// Sets PATH and the current directory for one test, and puts them back.
class Surroundings {
  public:
    Surroundings(const std::string& path, const fs::path& cwd) : cwd_(fs::current_path()) {
        if (const char* p = std::getenv("PATH")) path_ = p;
        ::setenv("PATH", path.c_str(), 1);
        fs::current_path(cwd);
    }
    ~Surroundings() {
        if (path_)
            ::setenv("PATH", path_->c_str(), 1);
        else
            ::unsetenv("PATH");
        fs::current_path(cwd_);
    }

  private:
    std::optional<std::string> path_;
    fs::path cwd_;
};

void writeProgram(const fs::path& path) {
    std::ofstream(path) << "#!/bin/sh\nexit 0\n";
    fs::permissions(path, fs::perms::owner_all);
}

}  // namespace

// The tests run from build/bin, where hippolyta is: found there with PATH empty and the
// current directory elsewhere (a program found on PATH has a bare argv[0]; this does not
// depend on it).
TEST(CompanionProgram, IsFoundBesideTheRunningProgramWhateverTheCurrentFolder) {
    TestDir dir;
    writeProgram(dir.path() / "hippolyta");  // a decoy in the current folder
    Surroundings s("", dir.path());
    std::vector<std::string> looked;
    const std::optional<std::string> found = findCompanionProgram("hippolyta", &looked);
    ASSERT_TRUE(found);
    EXPECT_EQ(fs::path(*found), fs::path(executableDirectory()) / "hippolyta");
    EXPECT_EQ(looked, std::vector<std::string>{executableDirectory()});
}

// Not beside: the first on PATH; relative PATH entries (a shell's "current folder") are not
// searched, and each folder is looked in once.
TEST(CompanionProgram, IsFoundOnPathElseNamesEveryFolderLookedIn) {
    TestDir dir;
    fs::create_directories(dir.path() / "first");
    fs::create_directories(dir.path() / "second");
    writeProgram(dir.path() / "second" / "hippolyta-companion-test");
    writeProgram(dir.path() / "hippolyta-companion-test");  // in the current folder only
    std::ofstream(dir.path() / "first" / "hippolyta-companion-test") << "not executable\n";
    const std::string first = (dir.path() / "first").string();
    const std::string second = (dir.path() / "second").string();
    {
        Surroundings s(".:" + first + "::" + first + ":" + second, dir.path());
        std::vector<std::string> looked;
        EXPECT_EQ(findCompanionProgram("hippolyta-companion-test", &looked),
                  second + "/hippolyta-companion-test");
        EXPECT_EQ(looked, (std::vector<std::string>{executableDirectory(), first, second}));
    }
    Surroundings s(".:" + first, dir.path());
    std::vector<std::string> looked;
    EXPECT_FALSE(findCompanionProgram("hippolyta-companion-test", &looked));
    EXPECT_EQ(looked, (std::vector<std::string>{executableDirectory(), first}));
}

TEST(ShellQuote, KeepsAnyPathOneWordForTheShell) {
    EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
    const std::string odd = "/tmp/it's a \"folder\" $HOME `x` \\ ;|&*?";
    ChildProcess shell("printf '%s\\n' " + shellQuote(odd) + " " + shellQuote(""),
                       ChildStderr::discard());
    EXPECT_EQ(shell.readLine(30.0), odd);
    EXPECT_EQ(shell.readLine(30.0), "");
}
