// The process wrappers: the child process under both (lines, the end of output, deadlines,
// stderr, stopping and continuing) and the GTP engine process (replies, failures, and no
// descriptors leaking into engines).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "adapters/process/child_process.h"
#include "adapters/process/gtp_process.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

// The state letter of /proc/PID/stat ('T' when stopped).
char processState(int pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const std::size_t close = line.rfind(')');
    return close == std::string::npos || close + 2 >= line.size() ? '?' : line[close + 2];
}

TEST(ChildProcess, ReadsLinesToTheEndOfOutput) {
    ChildProcess p("printf 'one\\r\\ntwo\\n\\nlast'; exit 3", ChildStderr::discard());
    EXPECT_EQ(p.readLine(5.0), "one");  // "\r\n" ends a line too
    EXPECT_EQ(p.readLine(5.0), "two");
    EXPECT_EQ(p.readLine(5.0), "");
    EXPECT_EQ(p.readLine(5.0), "last");  // a last line without '\n' still counts
    EXPECT_EQ(p.readLine(5.0), std::nullopt);
    EXPECT_TRUE(p.outputEnded());
    EXPECT_EQ(p.exitDescription(), "exited with code 3");
    EXPECT_FALSE(p.writeLine("anyone there?"));  // nobody reads: false, and no SIGPIPE
}

TEST(ChildProcess, WaitsForOutputUpToTheDeadline) {
    ChildProcess p("read -r x; echo \"got $x\"", ChildStderr::discard());
    // It answers only after a line comes, so nothing comes before this deadline.
    EXPECT_EQ(p.readLine(0.05), std::nullopt);
    EXPECT_FALSE(p.outputEnded());
    EXPECT_TRUE(p.writeLine("hello"));
    EXPECT_EQ(p.readLine(5.0), "got hello");
    EXPECT_EQ(p.readLine(5.0), std::nullopt);
    EXPECT_TRUE(p.outputEnded());
}

TEST(ChildProcess, AppendsStderrToAFile) {
    const TestDir dir;
    const std::filesystem::path file = dir / "stderr.txt";
    std::ofstream(file) << "kept\n";
    for (const char* word : {"one", "two"}) {
        ChildProcess p(std::string("echo ") + word + " >&2; echo done",
                       ChildStderr::appendTo(file.string()));
        EXPECT_EQ(p.readLine(5.0), "done");
        EXPECT_EQ(p.readLine(5.0), std::nullopt);  // it exited, so its stderr is written
    }
    EXPECT_EQ(fileBytes(file), "kept\none\ntwo\n");
}

// The judge stops a keep-running bot between its turns: a stopped bot reads nothing and writes
// nothing until it is continued, and a kill still reaches it.
TEST(ChildProcess, PauseStopsTheProcessUntilResumed) {
    ChildProcess p("while read -r x; do echo \"$x\"; done", ChildStderr::discard());
    EXPECT_TRUE(p.writeLine("before"));
    EXPECT_EQ(p.readLine(5.0), "before");
    p.pause();
    for (int i = 0; i < 500 && processState(p.pid()) != 'T'; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(processState(p.pid()), 'T');
    EXPECT_TRUE(p.writeLine("while stopped"));
    EXPECT_EQ(p.readLine(0.1), std::nullopt);
    p.resume();
    EXPECT_EQ(p.readLine(5.0), "while stopped");
    p.pause();
    p.kill();
    EXPECT_TRUE(p.killed());
    EXPECT_EQ(p.exitDescription(), "was killed by signal 9");
    EXPECT_FALSE(p.writeLine("after"));
}

// A tiny engine in sh: answers each command with a canned reply.
const char* kEcho =
    "while read -r cmd rest; do case $cmd in "
    "quit) printf '=\\n\\n'; exit 0;; "
    "fail) printf '?7 no such thing\\n\\n';; "
    "multi) printf '=12 one\\ntwo\\n\\n';; "
    "garbage) printf 'hello\\n';; "
    "die) exit 5;; "
    "sleep) sleep 5;; "
    "*) printf '= %s\\n\\n' \"$rest\";; esac; done";

FailureKind failureOf(GtpProcess& p, const std::string& command, double timeout) {
    try {
        p.send(command, timeout);
    } catch (const EngineFailure& e) {
        return e.kind();
    }
    ADD_FAILURE() << "no failure for " << command;
    return FailureKind::Protocol;
}

TEST(GtpProcess, ParsesRepliesWithAndWithoutIds) {
    GtpProcess p(kEcho, false);
    const GtpReply a = p.send("echo d1-d7/g7", 5);
    EXPECT_TRUE(a.ok);
    EXPECT_EQ(a.text, "d1-d7/g7");
    EXPECT_EQ(a.id, "");
    const GtpReply b = p.send("fail", 5);
    EXPECT_FALSE(b.ok);
    EXPECT_EQ(b.text, "no such thing");
    EXPECT_EQ(b.id, "7");
    const GtpReply c = p.send("multi", 5);
    EXPECT_EQ(c.text, "one\ntwo");
    EXPECT_EQ(c.id, "12");
    p.quit(2);
    EXPECT_FALSE(p.alive());
}

TEST(GtpProcess, TellsCrashHangAndGarbageApart) {
    {
        GtpProcess p(kEcho, false);
        EXPECT_EQ(failureOf(p, "garbage", 5), FailureKind::Protocol);
    }
    {
        GtpProcess p(kEcho, false);
        try {
            p.send("die", 5);
            FAIL() << "no failure";
        } catch (const EngineFailure& e) {
            EXPECT_EQ(e.kind(), FailureKind::Crash);
            EXPECT_NE(std::string(e.what()).find("exited with code 5"), std::string::npos)
                << e.what();
        }
        EXPECT_EQ(failureOf(p, "echo again", 5), FailureKind::Crash);
    }
    {
        GtpProcess p(kEcho, false);
        EXPECT_EQ(failureOf(p, "sleep", 0.2), FailureKind::Hang);
        p.kill();  // kills the sleeping child too: this returns at once
        EXPECT_FALSE(p.alive());
    }
}

TEST(GtpProcess, AbortStopsAWait) {
    std::atomic<bool> abort{true};
    GtpProcess p(kEcho, false, nullptr, &abort);
    EXPECT_THROW(p.send("sleep", 10), Aborted);
}

// Engines started while others run must not inherit their pipes: an engine holding a copy of
// another's pipe keeps it from ever seeing end of file (this once hung parallel matches).
TEST(GtpProcess, EnginesInheritNoOtherDescriptors) {
    std::vector<std::unique_ptr<GtpProcess>> others;
    for (int i = 0; i < 3; ++i)
        others.push_back(std::make_unique<GtpProcess>(kEcho, false));
    // ls lists its own descriptors: 0, 1, 2, and 3 for the directory it reads.
    GtpProcess p("read -r x; printf '= '; ls /proc/self/fd; echo", false);
    EXPECT_EQ(p.send("fds", 5).text, "0\n1\n2\n3");
}

// A streaming reply (amz-analyze) ends only when the next line arrives: post() sends without
// waiting, and the two replies then come back in order. The sh engine mimics that: its
// "stream" answer is left open until it reads the next command.
TEST(GtpProcess, PostAndReceiveHandleAStreamingReply) {
    const char* streaming =
        "open=0; while read -r cmd rest; do "
        "if [ $open = 1 ]; then printf '\\n'; open=0; fi; "
        "case $cmd in stream) printf '=3\\ninfo a\\ninfo b\\n'; open=1;; "
        "*) printf '= %s\\n\\n' \"$rest\";; esac; done";
    GtpProcess p(streaming, false);
    p.post("stream");
    p.post("echo next");
    const GtpReply analysis = p.receive("stream", 5);
    EXPECT_TRUE(analysis.ok);
    EXPECT_EQ(analysis.text, "\ninfo a\ninfo b");  // the header "=3" has no text
    EXPECT_EQ(p.receive("echo next", 5).text, "next");
    EXPECT_EQ(p.send("echo again", 5).text, "again");
    EXPECT_GT(p.pid(), 0);
}

}  // namespace
}  // namespace hippolyta
