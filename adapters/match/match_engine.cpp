#include "adapters/match/match_engine.h"

#include <sstream>

#include "adapters/process/child_process.h"

namespace hippolyta {

std::string shellCommand(const EngineSpec& spec) {
    return spec.dir.empty() ? spec.command : "cd " + shellQuote(spec.dir) + " && " + spec.command;
}

MatchEngine::MatchEngine(EngineSpec spec, std::string label, bool verbose, TrafficLog traffic,
                         const std::atomic<bool>* abort, double startupTimeout)
    : spec_(std::move(spec)),
      label_(std::move(label)),
      verbose_(verbose),
      traffic_(std::move(traffic)),
      abort_(abort),
      startupTimeout_(startupTimeout) {}

void MatchEngine::ensureStarted() {
    if (process_ && process_->alive()) return;
    process_.reset();
    ++starts_;
    process_ =
        std::make_unique<GtpProcess>(shellCommand(spec_), verbose_, traffic_, abort_, verbose_);
    // The first answer may take a while (loading tables, books); later ones are quick.
    const GtpReply version = process_->send("protocol_version", startupTimeout_);
    if (!version.ok) throw EngineFailure(FailureKind::Protocol, "protocol_version failed");
    const GtpReply name = process_->send("name", startupTimeout_);
    gtpName_ = name.ok ? name.text : "";
    const GtpReply ours = process_->send("version", startupTimeout_);
    gtpVersion_ = ours.ok ? ours.text : "";
    const GtpReply list = process_->send("list_commands", startupTimeout_);
    listed_ = list.ok;
    commands_.clear();
    std::istringstream lines(list.text);
    for (std::string line; std::getline(lines, line);) {
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
            line.pop_back();
        if (!line.empty()) commands_.insert(line);
    }
}

GtpReply MatchEngine::send(const std::string& command, double timeoutSeconds) {
    ensureStarted();
    return process_->send(command, timeoutSeconds);
}

void MatchEngine::restart() {
    process_.reset();
}

void MatchEngine::stop() {
    if (process_) process_->quit(1.0);
    process_.reset();
}

}  // namespace hippolyta
