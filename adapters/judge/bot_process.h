// A bot for the Botzone judge: its command runs as a ChildProcess (a process group of its own,
// stdin and stdout on pipes, readLine with a deadline), its stderr to /dev/null or a file. The
// judge stops and continues it between turns (pause, resume), as Botzone does.
#pragma once

#include <string>
#include <vector>

#include "adapters/process/child_process.h"

namespace hippolyta {

class BotProcess : public ChildProcess {
  public:
    // Throws std::runtime_error if the process cannot be started.
    explicit BotProcess(const std::string& command, const std::string& stderrFile = "")
        : ChildProcess(command, stderrFile.empty() ? ChildStderr::discard()
                                                   : ChildStderr::appendTo(stderrFile)) {}
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
