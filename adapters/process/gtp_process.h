// A GTP engine in a child process (Boost.Process), driven line by line with timeouts.
//
// The command line runs under /bin/sh as a ChildProcess (a process group of its own, so that a
// kill reaches anything it started); send() reads its stdout with a deadline. Every failure is
// an EngineFailure saying what went wrong, so the caller can blame the engine: it crashed, it
// hung, or it broke the protocol.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "adapters/process/child_process.h"

namespace hippolyta {

enum class FailureKind { Crash, Hang, Protocol };

class EngineFailure : public std::runtime_error {
  public:
    EngineFailure(FailureKind kind, const std::string& what)
        : std::runtime_error(what), kind_(kind) {}
    FailureKind kind() const { return kind_; }

  private:
    FailureKind kind_;
};

// Thrown by send() when the abort flag was raised while waiting.
class Aborted : public std::runtime_error {
  public:
    Aborted() : std::runtime_error("aborted") {}
};

struct GtpReply {
    bool ok = false;   // '=' rather than '?'
    std::string text;  // the answer without "=id " or "?id ", lines joined by '\n'
    std::string id;    // the id the reply carries ("" if none)
};

// Receives the traffic: direction '>' (to the engine), '<' (from it) or '!' (a line of its
// stderr, when passed on), and the line. '!' lines come from a thread of their own.
using TrafficLog = std::function<void(char direction, const std::string& line)>;

class GtpProcess {
  public:
    // Starts `command` under /bin/sh. Throws EngineFailure(Crash) if it cannot start. The
    // engine's stderr goes to ours when passStderr (to traffic line by line, as '!', with
    // stderrToTraffic), else nowhere. While waiting, send() checks *abort (may be null) every
    // 50 ms.
    GtpProcess(const std::string& command, bool passStderr, TrafficLog traffic = nullptr,
               const std::atomic<bool>* abort = nullptr, bool stderrToTraffic = false);
    ~GtpProcess();
    GtpProcess(const GtpProcess&) = delete;
    GtpProcess& operator=(const GtpProcess&) = delete;

    // Sends one command and waits up to timeoutSeconds for its whole reply. A "?" reply is
    // returned, not thrown. Throws EngineFailure: Crash (the engine exited or closed its
    // output), Hang (no complete reply in time), Protocol (output that is not a GTP reply).
    GtpReply send(const std::string& command, double timeoutSeconds);
    // send() in two halves, for streaming commands such as amz-analyze, whose reply ends only
    // when the next line arrives: post() writes a command without waiting; receive() waits up
    // to timeoutSeconds for the next whole reply, that of the oldest command not yet received
    // (`command` names it in messages). They throw as send() does.
    void post(const std::string& command);
    GtpReply receive(const std::string& command, double timeoutSeconds);
    // Sends quit and waits up to timeoutSeconds for the engine to exit, then kills it.
    void quit(double timeoutSeconds);
    // Kills the engine and everything it started.
    void kill();
    bool alive();
    // The process id of the shell running the command (the engine's own when the command
    // starts with `exec`), which is also the id of its process group.
    int pid() const;

  private:
    // The next line of output. Throws when the engine's output ended, when *abort_ was raised or
    // when `deadline` passed (`midReply`: some of the reply to `command` came).
    std::string nextLine(const std::string& command, ChildProcess::Clock::time_point deadline,
                         double timeoutSeconds, bool midReply);

    std::unique_ptr<ChildProcess> child_;
    TrafficLog traffic_;
    const std::atomic<bool>* abort_;
};

}  // namespace hippolyta
