// The solver's files on disk: a history line appended by one write under a lock, so that
// writers in other processes (other NFS clients) never split or overwrite one; a checkpoint's
// record of the budget spent, read back whole, from its last bytes alone, and refused damaged.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "adapters/solve/checkpoint_file.h"
#include "adapters/solve/split_files.h"
#include "engine/core/file_io.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

// Forks a process that runs `work` and exits (0, or 1 if `work` threw).
template <typename Work>
pid_t forkRunning(Work work) {
    const pid_t pid = ::fork();
    if (pid == 0) {
        int status = 0;
        try {
            work();
        } catch (...) {
            status = 1;
        }
        ::_exit(status);
    }
    return pid;
}

int exitStatus(pid_t pid) {
    int status = -1;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(SolverFiles, AnAppendWaitsForTheLockAnotherWriterHolds) {
    TestDir s;
    const std::string path = (s / "history.txt").string();
    // This process holds the lock, as a writer on another NFS client would.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    ASSERT_GE(fd, 0);
    struct flock lock = {};
    lock.l_type = F_WRLCK;
    lock.l_whence = SEEK_SET;
    ASSERT_EQ(::fcntl(fd, F_SETLK, &lock), 0);
    const pid_t writer = forkRunning([&] { appendLine(path, "7 b1-b2/d2 win 10 0.1 0 5\n"); });
    ASSERT_GT(writer, 0);
    // Still waiting after a while, its line not written (an append that ignored the lock would
    // have ended at once).
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    int status = 0;
    EXPECT_EQ(::waitpid(writer, &status, WNOHANG), 0);
    // Its size through the held descriptor: opening and closing the file again here would drop
    // this process's lock (POSIX record locks go with any close), and the writer could then
    // append before the line below.
    struct stat st = {};
    ASSERT_EQ(::fstat(fd, &st), 0);
    EXPECT_EQ(st.st_size, 0);
    ASSERT_EQ(::write(fd, "0 a1-a2/a3 loss 5 0.1 5 0\n", 26), 26);
    ::close(fd);  // the lock goes
    EXPECT_EQ(exitStatus(writer), 0);
    EXPECT_EQ(readWholeFile(path), "0 a1-a2/a3 loss 5 0.1 5 0\n7 b1-b2/d2 win 10 0.1 0 5\n");
}

TEST(SolverFiles, AppendersInSeveralProcessesNeverSplitALine) {
    TestDir s;
    const std::string path = (s / "history.txt").string();
    // Lines longer than a stream's buffer (which would flush them in pieces), four writers.
    constexpr int kWriters = 4, kLines = 50, kLength = 20000;
    std::vector<pid_t> writers;
    for (int w = 0; w < kWriters; ++w)
        writers.push_back(forkRunning([&] {
            for (int i = 0; i < kLines; ++i)
                appendLine(path, std::to_string(w) + ' ' + std::to_string(i) + ' ' +
                                     std::string(kLength, static_cast<char>('a' + w)) + '\n');
        }));
    for (const pid_t pid : writers)
        EXPECT_EQ(exitStatus(pid), 0);
    std::istringstream lines(readWholeFile(path));
    std::vector<int> next(kWriters, 0);  // each writer's lines come whole, in its order
    int count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
        std::istringstream fields(line);
        int w = -1, i = -1;
        std::string body;
        ASSERT_TRUE(fields >> w >> i >> body) << line.substr(0, 40);
        ASSERT_TRUE(w >= 0 && w < kWriters) << line.substr(0, 40);
        EXPECT_EQ(i, next[w]++);
        EXPECT_EQ(body, std::string(kLength, static_cast<char>('a' + w)));
    }
    EXPECT_EQ(count, kWriters * kLines);
}

TEST(SolverFiles, ACheckpointRecordsItsSpentBudgetAfterTheTable) {
    TestDir s;
    const std::string path = (s / "a.ckpt").string();
    const std::string table = "HIPDFPNC table bytes";
    writeCheckpoint(path, table, SpentBudget{123456789, 12.5});
    const std::optional<SpentBudget> tail = readSpentBudget(path);
    ASSERT_TRUE(tail);
    EXPECT_EQ(tail->nodes, 123456789u);
    EXPECT_EQ(tail->seconds, 12.5);
    std::string read;
    const std::optional<SpentBudget> whole = readCheckpoint(path, read);
    ASSERT_TRUE(whole);
    EXPECT_EQ(whole->nodes, 123456789u);
    EXPECT_EQ(read, table);
    // The limits are reached once either is: seconds 0 and nodes UINT64_MAX are no limit.
    EXPECT_TRUE(tail->reaches(12.5, UINT64_MAX));
    EXPECT_FALSE(tail->reaches(12.6, UINT64_MAX));
    EXPECT_TRUE(tail->reaches(0, 123456789));
    EXPECT_FALSE(tail->reaches(0, UINT64_MAX));
    // A table alone (as older builds wrote it), or a damaged record, is read as the table.
    writeFileAtomically(path, table);
    EXPECT_FALSE(readSpentBudget(path));
    EXPECT_FALSE(readCheckpoint(path, read));
    EXPECT_EQ(read, table);
    writeCheckpoint(path, table, SpentBudget{5, 1});
    std::string bytes = readWholeFile(path);
    bytes[bytes.size() - 20] ^= 1;  // a bit of its nodes
    writeFileAtomically(path, bytes);
    EXPECT_FALSE(readSpentBudget(path));
    EXPECT_FALSE(readCheckpoint(path, read));
    EXPECT_EQ(read, bytes);  // the whole file, which the solver then refuses as damaged
}

}  // namespace
}  // namespace hippolyta
