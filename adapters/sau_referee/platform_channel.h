// The SAU Game Platform's side of one engine's pipe (its CEngine::GetCommand): the engine's
// stdout and stderr are one channel, and the platform picks commands out of it. A command is a
// keyword ("name" when it waits for the engine's name, "move" when it waits for a move) at the
// start of the output or after a blank, tab, line break or NUL, followed by a blank; its text
// runs to the next CR, line break, tab or NUL. What comes before it is thrown away, and so is
// output that holds none.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "adapters/process/child_process.h"

namespace hippolyta {

// The first command of `keyword` in text (which holds no line break), or nothing. `skipped`
// gets what comes before it, `rest` what follows its end.
struct PlatformScan {
    std::optional<std::string> command;
    std::string skipped;
    std::string rest;
};
PlatformScan scanPlatformCommand(std::string_view text, std::string_view keyword);

// An engine process as the platform drives it: its stderr merged into its stdout, started with
// no arguments in its own folder (the command's), written to as the platform writes.
class PlatformChannel {
  public:
    using Clock = ChildProcess::Clock;
    // Called with each piece of output the platform throws away.
    using OnSkipped = std::function<void(const std::string&)>;

    // `command` runs under /bin/sh -c in `folder`. Throws std::runtime_error.
    PlatformChannel(const std::string& command, const std::string& folder);

    bool write(const std::string& bytes) { return process_.write(bytes); }
    // The next command of `keyword`, or nothing when the deadline passes or the output ends.
    std::optional<std::string> next(std::string_view keyword, Clock::time_point deadline,
                                    const OnSkipped& onSkipped);
    // What the engine wrote so far without waiting, thrown away (output out of turn).
    void drain(const OnSkipped& onSkipped);
    bool outputEnded() { return process_.outputEnded(); }
    std::string exitDescription() { return process_.exitDescription(); }
    // After `quit` was written: up to `graceSeconds` for the process to end, then a kill, as
    // the platform unloads an engine (1 s).
    void finish(double graceSeconds);

  private:
    ChildProcess process_;
    std::string rest_;  // what followed the last command on its line
};

}  // namespace hippolyta
