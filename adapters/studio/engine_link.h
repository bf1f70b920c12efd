// One GTP engine of the Studio, never waited on. The Studio's thread queues commands and takes
// the replies in poll(), which does not block; a thread of the link reads the engine's output
// and calls `wake`, so that the Studio's thread polls as soon as there is something to take.
// One engine that hangs thus holds up neither the pages nor the other engines: it is found out
// in a poll, when its command's deadline has passed.
//
// The commands go out one at a time, each when the reply to the one before is whole: an engine
// reads its input as it pleases, and any line ends a streaming amz-analyze. A crash, a hang, a
// broken reply or a refused set-up makes poll() throw EngineFailure
// (adapters/process/gtp_process.h); the caller drops the link and restarts the engine.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "adapters/process/child_process.h"
#include "adapters/process/gtp_process.h"
#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

class EngineLink {
  public:
    using Clock = std::chrono::steady_clock;

    // What becomes of a command's reply.
    enum class Want {
        Nothing,  // dropped, '?' too (a setting the engine may lack)
        Success,  // dropped, but a '?' fails the engine (the board's set-up)
        Reply,    // returned by poll()
        Stream,   // returned by poll(), and before it the lines of the reply as they come
    };
    struct Command {
        std::string text;
        // For the reply, from when the command is written; for a Stream, from when it is
        // stopped (it has no deadline before).
        double timeoutSeconds = 30;
        Want want = Want::Nothing;
        std::optional<double> stopAfterSeconds;  // a Stream: stopped that long after written
        // A Stream with stopAfterSeconds that has written no line by then runs up to this much
        // longer for its first one: an engine that settles something first (a small endgame
        // solved at the root, which takes seconds on a slow machine) still gives a figure.
        double firstLineGraceSeconds = 0;
    };
    struct Progress {
        std::string command;             // whose lines and reply these are
        std::vector<std::string> lines;  // a Stream's lines since the last poll
        std::optional<GtpReply> reply;
        double seconds = 0;  // from the command written to its reply
    };

    // Starts `command` under /bin/sh (its stderr goes to ours when passStderr, else nowhere).
    // `wake` (may be empty) is called on the reader's thread when output arrives. Throws
    // EngineFailure(Crash) when it cannot start.
    EngineLink(std::string name, const std::string& command, bool passStderr,
               std::function<void()> wake = {});
    // Kills the engine and everything it started.
    ~EngineLink();
    EngineLink(const EngineLink&) = delete;
    EngineLink& operator=(const EngineLink&) = delete;

    const std::string& name() const { return name_; }
    int pid() const { return child_->pid(); }

    void queue(Command command);
    // Commands queued or unanswered.
    bool busy() const { return !queue_.empty(); }
    // Takes what the engine wrote, writes the next command when its turn has come and stops a
    // Stream whose time is up; never waits. Returns when a Reply or Stream reply is whole
    // (the output after it waits for the next poll). Throws EngineFailure.
    Progress poll();
    // The replies not taken yet are no longer wanted: Reply and Stream commands not written
    // are dropped, the one in flight is answered into the void, and a Stream is stopped.
    void abandon();

    // Queues what brings the engine's board to `start` and `moves`: the moves it lacks, else
    // the whole set-up. The board counts as there at once: a refusal fails the engine.
    void sync(const Position& start, const std::vector<Move>& moves, double timeoutSeconds);
    // The engine played `m` itself (genmove): its board has it.
    void played(Move m) { known_.push_back(m); }

    // The strength and time settings last sent (the Studio sends them again only when they
    // change: each exchange is a round trip before the move).
    std::string settings;

    // Asks an idle engine to quit and returns at once; exited() says when it has.
    void askToQuit();
    bool exited();

  private:
    struct Pending {
        Command command;
        bool sent = false, stopped = false;
        Clock::time_point sentAt, deadline = Clock::time_point::max();
        std::vector<std::string> lines;  // of the reply so far
    };
    void readLoop();
    std::optional<std::string> nextLine();
    void writeNext();
    void stopStream(Pending& p);
    // Takes one line of the reply in flight; true when it completed the reply.
    bool absorb(std::string line, Progress& out);
    void checkDeadlines();
    std::string exitText();
    // The engine's output ended and all of it was taken.
    bool outputDone();
    // Stops the reader and kills the process group.
    void killChild();
    [[noreturn]] void fail(FailureKind kind, const std::string& what);

    std::string name_;
    std::unique_ptr<ChildProcess> child_;
    std::function<void()> wake_;
    std::deque<Pending> queue_;  // the front is in flight once sent
    bool synced_ = false;
    Position start_ = Position::start();
    std::vector<Move> known_;

    // Shared with the reader's thread.
    std::mutex mutex_;
    std::deque<std::string> lines_;
    bool stopping_ = false;
    bool reaping_ = false;             // the output ended: the reader waits for the process
    std::optional<std::string> exit_;  // how it ended, once the reader knows
    std::thread reader_;
};

}  // namespace hippolyta
