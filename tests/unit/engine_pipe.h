// Talking to a child engine through pipes in tests (the GTP transcripts, the docs' examples):
// the input goes in chunks, each after a pause or once the output so far holds a matching line
// or enough lines, while the output is read concurrently (so a large exchange cannot deadlock
// on full pipes).
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/unit/child_wait.h"

namespace hippolyta {

// Writes all of `text` to fd; false once the reader has gone (EPIPE).
inline bool writeAll(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

// The engine's output as it arrives, shared by the reader and the writer that waits on it.
class OutputSoFar {
  public:
    void append(const char* data, size_t n) {
        {
            std::lock_guard lock(mutex_);
            text_.append(data, n);
        }
        changed_.notify_all();
    }
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        changed_.notify_all();
    }
    // Waits until a complete line matches `re`, the output ends or `limit` passes.
    void waitForLine(const std::regex& re, std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, limit, [&] { return closed_ || hasLine(re); });
    }
    // Waits until `count` complete lines have arrived, the output ends or `limit` passes.
    void waitForLines(size_t count, std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        changed_.wait_for(lock, limit, [&] { return closed_ || completeLines() >= count; });
    }
    std::string text() {
        std::lock_guard lock(mutex_);
        return text_;
    }

  private:
    bool hasLine(const std::regex& re) const {
        std::istringstream in(text_);
        for (std::string line; std::getline(in, line);)
            if (!in.eof() && std::regex_match(line, re)) return true;
        return false;
    }
    size_t completeLines() const {
        size_t n = 0;
        for (const char c : text_)
            n += c == '\n';
        return n;
    }
    std::mutex mutex_;
    std::condition_variable changed_;
    std::string text_;
    bool closed_ = false;
};

// Input to send: each chunk after a pause, or once an output line matches `waitFor`, or once
// `waitForLines` lines have arrived.
struct InputChunk {
    std::chrono::milliseconds pauseBefore{0};
    std::string text;
    std::optional<std::regex> waitFor;
    size_t waitForLines = 0;
};

struct EngineLaunch {
    std::string program;
    std::vector<std::string> args;
    std::string workDir = ".";
    std::chrono::milliseconds timeLimit{60000};  // then the engine is killed
    std::chrono::milliseconds waitLimit{30000};  // the longest wait before one chunk
};

struct EngineRun {
    std::string output;
    int exitCode = -1;
    bool exitedNormally = false;
    bool timedOut = false;
};

// Runs the engine, feeds it the chunks, closes its stdin and collects its stdout (stderr is
// dropped).
inline EngineRun runEngine(const EngineLaunch& launch, const std::vector<InputChunk>& input) {
    namespace bp = boost::process;
    std::signal(SIGPIPE, SIG_IGN);  // the engine may exit (quit) before reading everything
    bp::pipe in, out;
    bp::child child(launch.program, bp::args(launch.args), bp::start_dir(launch.workDir),
                    bp::std_in<in, bp::std_out> out, bp::std_err > bp::null);
    OutputSoFar output;
    std::thread writer([&] {
        for (const InputChunk& chunk : input) {
            std::this_thread::sleep_for(chunk.pauseBefore);
            if (chunk.waitFor) output.waitForLine(*chunk.waitFor, launch.waitLimit);
            if (chunk.waitForLines) output.waitForLines(chunk.waitForLines, launch.waitLimit);
            if (!writeAll(in.native_sink(), chunk.text)) break;  // the engine stopped reading
        }
        ::close(in.native_sink());
        in.assign_sink(-1);
    });
    EngineRun run;
    std::thread reader([&] {
        char buf[65536];
        for (;;) {
            const ssize_t n = ::read(out.native_source(), buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            output.append(buf, static_cast<size_t>(n));
        }
        output.close();
    });
    if (!exitedWithin(child, launch.timeLimit)) {
        run.timedOut = true;
        child.terminate();
    }
    writer.join();
    reader.join();
    run.output = output.text();
    const int status = child.native_exit_code();
    run.exitedNormally = !run.timedOut && WIFEXITED(status);
    run.exitCode = run.exitedNormally ? WEXITSTATUS(status) : -1;
    return run;
}

}  // namespace hippolyta
