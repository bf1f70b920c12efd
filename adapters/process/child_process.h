// A command run under /bin/sh in a child process (Boost.Process), talked to line by line: the
// one place that starts, reads, stops and kills the processes of engines and bots.
//
// The command runs in a process group of its own, so that a kill, a stop or a continue reaches
// anything it started, and it inherits no descriptor but its stdin, stdout and stderr. Its stdin
// and stdout are pipes. Reading waits in poll() up to a deadline, so waiting costs no thread.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace hippolyta {

// `word` as one word of a /bin/sh command line, whatever it holds: in single quotes, each
// single quote in it written '\''. "it's" -> 'it'\''s'.
std::string shellQuote(const std::string& word);

// Where the child's stderr goes: ours, /dev/null, the end of a file, line by line to a
// function (called on a thread of its own), or into its stdout's pipe (one channel, as the SAU
// Game Platform reads an engine).
struct ChildStderr {
    enum class Kind { Inherit, Discard, AppendToFile, Lines, MergeWithStdout };
    Kind kind = Kind::Discard;
    std::string path;                                // for AppendToFile
    std::function<void(const std::string&)> onLine;  // for Lines

    static ChildStderr inherit() { return {Kind::Inherit, "", {}}; }
    static ChildStderr discard() { return {Kind::Discard, "", {}}; }
    static ChildStderr appendTo(std::string file) {
        return {Kind::AppendToFile, std::move(file), {}};
    }
    static ChildStderr lines(std::function<void(const std::string&)> f) {
        return {Kind::Lines, "", std::move(f)};
    }
    static ChildStderr mergeWithStdout() { return {Kind::MergeWithStdout, "", {}}; }
};

class ChildProcess {
  public:
    using Clock = std::chrono::steady_clock;

    // Starts `command`. Throws std::runtime_error if it cannot be started.
    ChildProcess(const std::string& command, const ChildStderr& stderrTo);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Writes the line and '\n'. False if the child no longer reads its input.
    bool writeLine(const std::string& line);
    // Writes the bytes as they are, in one write() when the pipe takes them. False if the child
    // no longer reads its input.
    bool write(const std::string& bytes);
    // Closes the child's stdin (it then reads the end of its input). Idempotent.
    void closeInput();
    // The next line of output without its "\n" or "\r\n", or nothing when `deadline` passes
    // first (lines already there are returned even after it) or at the end of the output. A
    // last line without '\n' counts as a line.
    std::optional<std::string> readLine(Clock::time_point deadline);
    std::optional<std::string> readLine(double seconds);
    // True once the child's output has ended (it exited, or closed its stdout), even if lines
    // are left to read. Does not wait.
    bool outputEnded();

    // Stops and continues the whole process group (SIGSTOP, SIGCONT).
    void pause();
    void resume();
    // Kills the whole process group (SIGKILL), reaps the shell and closes the pipes. Idempotent.
    void kill();
    bool killed() const { return killed_; }
    bool running();
    // How the child ended ("exited with code 3", "was killed by signal 9"), after waiting up to
    // 0.2 s for it to exit; "closed its output" if it still runs.
    std::string exitDescription();
    // The process id of the shell running the command (the command's own when it starts with
    // `exec`), which is also the id of its process group.
    int pid() const;

  private:
    // Reads what the child wrote, waiting up to `timeoutMs` for the first byte. False when
    // nothing came.
    bool fill(int timeoutMs);
    std::optional<std::string> takeLine();

    struct Impl;
    std::unique_ptr<Impl> impl_;
    int in_ = -1;   // we write the child's stdin
    int out_ = -1;  // we read its stdout
    std::string buffer_;
    bool ended_ = false;
    bool killed_ = false;
};

}  // namespace hippolyta
