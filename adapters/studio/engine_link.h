// One GTP engine of the Studio, driven without blocking: a command is posted, then polled for
// its reply (and, for amz-analyze, for the `info` lines it streams) while the Studio goes on
// with its other work. Each exchange has a deadline; a crash, a hang or a broken reply throws
// EngineFailure (adapters/process/gtp_process.h), and the caller restarts the engine.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/process/child_process.h"
#include "adapters/process/gtp_process.h"
#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

class EngineLink {
  public:
    using Clock = std::chrono::steady_clock;

    // Starts `command` under /bin/sh (its stderr goes to ours when passStderr, else nowhere).
    // Throws EngineFailure(Crash) when it cannot start.
    EngineLink(std::string name, std::string command, bool passStderr);
    ~EngineLink();

    const std::string& name() const { return name_; }
    int pid() const { return child_->pid(); }

    // A blocking exchange (for quick commands): the reply, or EngineFailure.
    GtpReply send(const std::string& command, double timeoutSeconds);
    // Starts a command whose reply comes later; at most one at a time.
    void post(const std::string& command, double timeoutSeconds);
    bool busy() const { return pending_.has_value(); }
    const std::string& pendingCommand() const;
    // What came since the last poll: the lines of the reply after its first (amz-analyze's
    // `info` lines) and, once the reply is whole, the reply. Never waits. Throws EngineFailure
    // when the engine died or the deadline passed.
    struct Progress {
        std::vector<std::string> lines;
        std::optional<GtpReply> reply;
    };
    Progress poll();
    // Waits for the pending reply (up to its deadline) and returns it.
    GtpReply wait();
    // Ends a streaming command (any input line ends amz-analyze) and waits up to
    // timeoutSeconds for its reply.
    GtpReply stopStream(double timeoutSeconds);

    // Brings the engine's board to `start` and `moves` with as few commands as it can (playing
    // the moves it lacks, else setting the board up again). Blocking.
    void sync(const Position& start, const std::vector<Move>& moves, double timeoutSeconds);
    // The engine played `m` itself (genmove): its board has it.
    void played(Move m) { known_.push_back(m); }
    // The engine's board is unknown (a discarded genmove): the next sync sets it up again.
    void forgetBoard() { synced_ = false; }

    // The strength and time settings last sent (the Studio sends them again only when they
    // change: each exchange is a round trip before the move).
    std::string settings;

    // Sends quit and waits a little, then kills the process group. Idempotent.
    void quit();
    void kill() { child_->kill(); }

  private:
    struct Pending {
        std::string command;
        Clock::time_point deadline;
        double timeoutSeconds;
        std::vector<std::string> lines;  // of the reply so far
    };
    GtpReply finish(Pending& p);
    // Takes one line of the pending reply; true when it completed the reply.
    bool absorb(std::string line, Progress& out);
    // Reads until the reply is whole or `until` (or the deadline) passes.
    Progress pollUntil(Clock::time_point until);
    [[noreturn]] void fail(FailureKind kind, const std::string& what);

    std::string name_;
    std::unique_ptr<ChildProcess> child_;
    std::optional<Pending> pending_;
    bool synced_ = false;
    Position start_ = Position::start();
    std::vector<Move> known_;
};

}  // namespace hippolyta
