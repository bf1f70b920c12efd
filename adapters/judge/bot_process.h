// A line-oriented child process for the Botzone judge: the command runs under /bin/sh in a
// process group of its own, its stdin and stdout are pipes, its stderr goes to /dev/null (or a
// file), and readLine waits with a deadline. Plain POSIX, so that waiting costs no thread.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hippolyta {

class BotProcess {
  public:
    // Throws std::runtime_error if the process cannot be started.
    explicit BotProcess(const std::string& command, const std::string& stderrFile = "");
    ~BotProcess();
    BotProcess(const BotProcess&) = delete;
    BotProcess& operator=(const BotProcess&) = delete;

    // False if the bot no longer reads its input.
    bool writeLine(const std::string& line);
    // The next line (without '\n'), or nothing at end of output or after `seconds`.
    std::optional<std::string> readLine(double seconds);
    // Whether the bot closed its output (it exited or crashed), rather than being slow.
    bool outputEnded() const { return ended_; }
    // How the bot ended, waiting up to `seconds` for it: "exit status 3", "killed by signal
    // 11 (Segmentation fault)", or "still running".
    std::string exitDescription(double seconds);
    // Stops and continues the whole process group (SIGSTOP, SIGCONT), as Botzone does between
    // a keep-running bot's turns.
    void pause();
    void resume();
    // Kills the whole process group and reaps the shell.
    void kill();

  private:
    int pid_ = -1;
    int in_ = -1;   // we write the bot's stdin
    int out_ = -1;  // we read its stdout
    std::string buffer_;
    bool ended_ = false;
    bool reaped_ = false;  // exitDescription waited for it
};

// Starts `count` processes that spin on the CPU until stopped (a loaded machine).
class BusyLoad {
  public:
    explicit BusyLoad(int count);
    ~BusyLoad();
    BusyLoad(const BusyLoad&) = delete;
    BusyLoad& operator=(const BusyLoad&) = delete;

  private:
    std::vector<int> pids_;
};

}  // namespace hippolyta
