#include "adapters/process/gtp_process.h"

#include <cctype>
#include <chrono>
#include <thread>
#include <vector>

namespace hippolyta {

using Clock = ChildProcess::Clock;

namespace {

std::string formatTimeout(double seconds) {
    std::string s = std::to_string(seconds);
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s + " s";
}

ChildStderr stderrFor(bool passStderr, const TrafficLog& traffic, bool stderrToTraffic) {
    if (!passStderr) return ChildStderr::discard();
    if (!stderrToTraffic || !traffic) return ChildStderr::inherit();
    return ChildStderr::lines([traffic](const std::string& line) { traffic('!', line); });
}

std::unique_ptr<ChildProcess> start(const std::string& command, const ChildStderr& stderrTo) {
    try {
        return std::make_unique<ChildProcess>(command, stderrTo);
    } catch (const std::exception& e) {
        throw EngineFailure(FailureKind::Crash, "cannot start '" + command + "': " + e.what());
    }
}

}  // namespace

GtpProcess::GtpProcess(const std::string& command, bool passStderr, TrafficLog traffic,
                       const std::atomic<bool>* abort, bool stderrToTraffic)
    : child_(start(command, stderrFor(passStderr, traffic, stderrToTraffic))),
      traffic_(std::move(traffic)),
      abort_(abort) {}

GtpProcess::~GtpProcess() {
    kill();
}

bool GtpProcess::alive() {
    return !child_->killed() && child_->running();
}

GtpReply GtpProcess::send(const std::string& command, double timeoutSeconds) {
    post(command);
    return receive(command, timeoutSeconds);
}

int GtpProcess::pid() const {
    return child_->pid();
}

void GtpProcess::post(const std::string& command) {
    if (traffic_) traffic_('>', command);
    if (child_->killed() || child_->outputEnded())
        throw EngineFailure(FailureKind::Crash, "the engine " + child_->exitDescription() +
                                                    " before '" + command + "'");
    if (!child_->writeLine(command))
        throw EngineFailure(FailureKind::Crash, "cannot send '" + command + "': the engine " +
                                                    child_->exitDescription());
}

GtpReply GtpProcess::receive(const std::string& command, double timeoutSeconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(timeoutSeconds));
    std::vector<std::string> reply;
    while (true) {
        std::string line = nextLine(command, deadline, timeoutSeconds, !reply.empty());
        if (traffic_) traffic_('<', line);
        if (reply.empty()) {
            if (line.empty()) continue;  // stray blank lines between replies are harmless
            if (line[0] != '=' && line[0] != '?')
                throw EngineFailure(FailureKind::Protocol, "garbage instead of a reply to '" +
                                                               command + "': '" +
                                                               line.substr(0, 80) + "'");
            reply.push_back(std::move(line));
            continue;
        }
        if (!line.empty()) {
            reply.push_back(std::move(line));
            continue;
        }
        // The blank line ends the reply: drop '=' or '?', an id, and one space.
        GtpReply r;
        r.ok = reply[0][0] == '=';
        std::size_t i = 1;
        while (i < reply[0].size() && std::isdigit(static_cast<unsigned char>(reply[0][i])))
            ++i;
        r.id = reply[0].substr(1, i - 1);
        if (i < reply[0].size() && reply[0][i] == ' ') ++i;
        r.text = reply[0].substr(i);
        for (std::size_t k = 1; k < reply.size(); ++k)
            r.text += "\n" + reply[k];
        return r;
    }
}

std::string GtpProcess::nextLine(const std::string& command, Clock::time_point deadline,
                                 double timeoutSeconds, bool midReply) {
    while (true) {
        // Lines already there first, then a wait in slices short enough to see abort.
        if (std::optional<std::string> line = child_->readLine(Clock::time_point())) return *line;
        if (child_->outputEnded())
            throw EngineFailure(
                FailureKind::Crash,
                "the engine " + child_->exitDescription() +
                    (midReply ? " in the middle of its reply to '" : " instead of answering '") +
                    command + "'");
        if (abort_ && abort_->load()) throw Aborted();
        const auto now = Clock::now();
        if (now >= deadline)
            throw EngineFailure(FailureKind::Hang, "no reply to '" + command + "' within " +
                                                       formatTimeout(timeoutSeconds));
        if (std::optional<std::string> line =
                child_->readLine(std::min(deadline, now + std::chrono::milliseconds(50))))
            return *line;
    }
}

void GtpProcess::quit(double timeoutSeconds) {
    try {
        if (alive()) send("quit", timeoutSeconds);
        const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                 std::chrono::duration<double>(timeoutSeconds));
        while (child_->running() && Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } catch (const std::exception&) {  // it is killed below anyway
    }
    kill();
}

void GtpProcess::kill() {
    child_->kill();
}

}  // namespace hippolyta
