// One engine of a match as the referee sees it: its command line, its name, and the process
// running it now, started on demand with a GTP handshake and restarted after a failure.
#pragma once

#include <atomic>
#include <memory>
#include <set>
#include <string>

#include "adapters/process/gtp_process.h"

namespace hippolyta {

struct EngineSpec {
    std::string command;  // a shell command line
    std::string name;     // empty: ask the engine (GTP name)
    std::string dir;      // working directory of the command; empty: ours
};

// The shell command line that runs spec.command in spec.dir.
std::string shellCommand(const EngineSpec& spec);

class MatchEngine {
  public:
    // label names this engine in the traffic log; abort (may be null) stops waiting replies.
    MatchEngine(EngineSpec spec, std::string label, bool verbose, TrafficLog traffic,
                const std::atomic<bool>* abort, double startupTimeout);

    const EngineSpec& spec() const { return spec_; }
    // Starts the engine if it is not running: protocol_version, name, version, list_commands.
    // Throws EngineFailure if it does not start or answer.
    void ensureStarted();
    // Sends a command to the running engine (starting it first if needed).
    GtpReply send(const std::string& command, double timeoutSeconds);
    // Kills the process; the next command starts a fresh one.
    void restart();
    // Says quit and waits a little, then kills.
    void stop();

    // What the engine answered to `name` (empty before the first start).
    const std::string& gtpName() const { return gtpName_; }
    // What it answered to `version` (empty if it refused).
    const std::string& gtpVersion() const { return gtpVersion_; }
    // True if list_commands listed the command.
    bool lists(const std::string& command) const { return commands_.count(command) > 0; }
    // True if the command is listed, or the engine has no working list_commands.
    bool mayKnow(const std::string& command) const { return !listed_ || lists(command); }
    int starts() const { return starts_; }

  private:
    EngineSpec spec_;
    std::string label_;
    bool verbose_;
    TrafficLog traffic_;
    const std::atomic<bool>* abort_;
    double startupTimeout_;
    std::unique_ptr<GtpProcess> process_;
    std::string gtpName_;
    std::string gtpVersion_;
    std::set<std::string> commands_;
    bool listed_ = false;
    int starts_ = 0;
};

}  // namespace hippolyta
