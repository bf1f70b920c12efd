// The whole-file reader and the atomic writer (engine/core/file_io.h) that every file the
// project writes in one piece goes through.
#include "engine/core/file_io.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

// The names in a folder, sorted.
std::vector<std::string> namesIn(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// Writer w's text: its own byte repeated, so that a reader can tell a whole file from a mix.
std::string textOf(int w, std::size_t bytes) {
    return std::string(bytes, static_cast<char>('a' + w));
}

bool isWholeTextOfSomeWriter(const std::string& text, int writers, std::size_t bytes) {
    for (int w = 0; w < writers; ++w)
        if (text == textOf(w, bytes)) return true;
    return false;
}

// Reads path once: false if it held anything but one writer's whole text.
bool readsWhole(const std::string& path, int writers, std::size_t bytes) {
    try {
        return isWholeTextOfSomeWriter(readWholeFile(path), writers, bytes);
    } catch (const FileError&) {  // not written yet
        return true;
    }
}

TEST(FileIo, WritesReplaceTheWholeContentAndReadBackByteForByte) {
    TestDir dir;
    const std::string path = (dir / "f.bin").string();
    const std::string longer = std::string("first\0version\n", 14) + std::string(100000, 'x');
    writeFileAtomically(path, longer);
    EXPECT_EQ(readWholeFile(path), longer);
    writeFileAtomically(path, "short");  // nothing of the longer file may stay
    EXPECT_EQ(readWholeFile(path), "short");
    EXPECT_EQ(fs::file_size(path), 5u);
    writeFileAtomically(path, "");
    EXPECT_EQ(readWholeFile(path), "");
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"f.bin"});  // no temporary file left
}

TEST(FileIo, APiecewiseWriterReplacesTheFileOnlyWhenCommitted) {
    TestDir dir;
    const std::string path = (dir / "f.bin").string();
    writeFileAtomically(path, "old");
    {
        AtomicFileWriter abandoned(path);
        abandoned.write("never ");
        abandoned.write("seen");
        EXPECT_EQ(readWholeFile(path), "old");  // nothing shows before the commit
    }  // destroyed uncommitted: the old file stays, the temporary file goes
    EXPECT_EQ(readWholeFile(path), "old");
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"f.bin"});
    AtomicFileWriter writer(path);
    for (int i = 0; i < 1000; ++i)
        writer.write(textOf(i % 26, 100));
    writer.commit();
    std::string expected;
    for (int i = 0; i < 1000; ++i)
        expected += textOf(i % 26, 100);
    EXPECT_EQ(readWholeFile(path), expected);
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"f.bin"});
    EXPECT_THROW(writer.write("late"), FileError);
}

TEST(FileIo, NewFilesFollowTheUmaskAndAReplacedFileKeepsItsMode) {
    TestDir dir;
    const std::string path = (dir / "f.txt").string();
    const mode_t oldMask = ::umask(022);
    writeFileAtomically(path, "one");
    ::umask(oldMask);
    EXPECT_EQ(fs::status(path).permissions(), fs::perms(0644));
    fs::permissions(path, fs::perms(0600));
    writeFileAtomically(path, "two");
    EXPECT_EQ(fs::status(path).permissions(), fs::perms(0600));
}

TEST(FileIo, ReadingRefusesMissingFilesFoldersAndFilesTooLarge) {
    TestDir dir;
    const std::string missing = (dir / "missing").string();
    try {
        readWholeFile(missing);
        FAIL() << "read a missing file";
    } catch (const FileError& e) {
        EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
    }
    EXPECT_THROW(readWholeFile((dir / "").string()), FileError);
    writeFileAtomically((dir / "ten").string(), "0123456789");
    EXPECT_EQ(readWholeFile((dir / "ten").string(), 10), "0123456789");
    EXPECT_THROW(readWholeFile((dir / "ten").string(), 9), FileError);
}

// A write that fails half-way (here the file size limit, as a full disk would) leaves the old
// file as it was and no temporary file behind.
TEST(FileIo, AFailedWriteLeavesTheOldFileIntact) {
    TestDir dir;
    const std::string path = (dir / "table.tsv").string();
    writeFileAtomically(path, "the old content\n");
    rlimit old{};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &old), 0);
    const auto oldHandler = ::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
    bool threw = false;
    try {
        writeFileAtomically(path, std::string(100000, 'n'));
    } catch (const FileError& e) {
        threw = true;
        EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, oldHandler);
    EXPECT_TRUE(threw);
    EXPECT_EQ(readWholeFile(path), "the old content\n");
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"table.tsv"});
}

TEST(FileIo, AFailedRenameOrAMissingFolderLeavesNothingBehind) {
    TestDir dir;
    fs::create_directories(dir / "taken" / "inside");  // a folder cannot be replaced by a file
    EXPECT_THROW(writeFileAtomically((dir / "taken").string(), "x"), FileError);
    EXPECT_TRUE(fs::is_directory(dir / "taken" / "inside"));
    EXPECT_THROW(writeFileAtomically((dir / "no-such-folder" / "f").string(), "x"), FileError);
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"taken"});
}

// Threads writing one path at once each leave a complete file: a reader at any moment sees
// one writer's whole text, never a mix or a part, and no writer fails.
TEST(FileIo, WritersOfOnePathInThreadsEachLeaveACompleteFile) {
    TestDir dir;
    const std::string path = (dir / "report.html").string();
    constexpr int kWriters = 4;
    constexpr std::size_t kBytes = 200000;
    std::atomic<int> failures{0}, writersLeft{kWriters};
    std::vector<std::thread> writers;
    for (int w = 0; w < kWriters; ++w)
        writers.emplace_back([&, w] {
            for (int i = 0; i < 25; ++i) {
                try {
                    writeFileAtomically(path, textOf(w, kBytes));
                } catch (const FileError&) {
                    ++failures;
                }
            }
            --writersLeft;
        });
    int torn = 0;
    while (writersLeft > 0)
        torn += !readsWhole(path, kWriters, kBytes);
    for (std::thread& t : writers)
        t.join();
    EXPECT_EQ(failures, 0);
    EXPECT_EQ(torn, 0);
    EXPECT_TRUE(isWholeTextOfSomeWriter(readWholeFile(path), kWriters, kBytes));
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"report.html"});
}

// The same for processes (tournament shards): their temporary files must not collide either.
TEST(FileIo, WritersOfOnePathInProcessesEachLeaveACompleteFile) {
    TestDir dir;
    const std::string path = (dir / "standings.json").string();
    constexpr int kWriters = 3;
    constexpr std::size_t kBytes = 200000;
    std::vector<pid_t> children;
    for (int w = 0; w < kWriters; ++w) {
        const pid_t pid = ::fork();
        ASSERT_GE(pid, 0);
        if (pid == 0) {
            int status = 0;
            try {
                for (int i = 0; i < 25; ++i)
                    writeFileAtomically(path, textOf(w, kBytes));
            } catch (...) {
                status = 1;
            }
            ::_exit(status);
        }
        children.push_back(pid);
    }
    int torn = 0;
    while (!children.empty()) {
        torn += !readsWhole(path, kWriters, kBytes);
        int status = 0;
        if (::waitpid(children.back(), &status, WNOHANG) == children.back()) {
            children.pop_back();
            EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer failed";
        }
    }
    EXPECT_EQ(torn, 0);
    EXPECT_TRUE(isWholeTextOfSomeWriter(readWholeFile(path), kWriters, kBytes));
    EXPECT_EQ(namesIn(dir / ""), std::vector<std::string>{"standings.json"});
}

}  // namespace
}  // namespace hippolyta
