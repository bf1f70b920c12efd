#include "adapters/studio/engine_link.h"

#include <cctype>
#include <sstream>
#include <thread>

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

std::unique_ptr<ChildProcess> startChild(const std::string& command, bool passStderr) {
    try {
        return std::make_unique<ChildProcess>(
            command, passStderr ? ChildStderr::inherit() : ChildStderr::discard());
    } catch (const std::exception& e) {
        throw EngineFailure(FailureKind::Crash, "cannot start '" + command + "': " + e.what());
    }
}

std::string seconds(double s) {
    std::ostringstream out;
    out << s << " s";
    return out.str();
}

bool isPrefix(const std::vector<Move>& prefix, const std::vector<Move>& whole) {
    if (prefix.size() > whole.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (prefix[i] != whole[i]) return false;
    return true;
}

}  // namespace

EngineLink::EngineLink(std::string name, std::string command, bool passStderr)
    : name_(std::move(name)), child_(startChild(command, passStderr)) {}

EngineLink::~EngineLink() {
    child_->kill();
}

const std::string& EngineLink::pendingCommand() const {
    static const std::string none;
    return pending_ ? pending_->command : none;
}

void EngineLink::fail(FailureKind kind, const std::string& what) {
    pending_.reset();
    synced_ = false;
    child_->kill();
    throw EngineFailure(kind, name_ + ": " + what);
}

void EngineLink::post(const std::string& command, double timeoutSeconds) {
    if (pending_) fail(FailureKind::Protocol, "'" + command + "' sent before a reply came");
    if (child_->killed() || child_->outputEnded() || !child_->writeLine(command))
        fail(FailureKind::Crash,
             "the engine " + child_->exitDescription() + " before '" + command + "'");
    const auto span =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeoutSeconds));
    pending_ = Pending{command, Clock::now() + span, timeoutSeconds, {}};
}

GtpReply EngineLink::finish(Pending& p) {
    GtpReply r;
    const std::string& head = p.lines.front();
    r.ok = head[0] == '=';
    std::size_t i = 1;
    while (i < head.size() && std::isdigit(static_cast<unsigned char>(head[i])))
        ++i;
    r.id = head.substr(1, i - 1);
    if (i < head.size() && head[i] == ' ') ++i;
    r.text = head.substr(i);
    for (std::size_t k = 1; k < p.lines.size(); ++k)
        r.text += "\n" + p.lines[k];
    return r;
}

bool EngineLink::absorb(std::string line, Progress& out) {
    Pending& p = *pending_;
    if (p.lines.empty()) {
        if (line.empty()) return false;  // stray blank lines between replies
        if (line[0] != '=' && line[0] != '?')
            fail(FailureKind::Protocol,
                 "garbage instead of a reply to '" + p.command + "': '" + line.substr(0, 80) + "'");
        p.lines.push_back(std::move(line));
        return false;
    }
    if (!line.empty()) {
        out.lines.push_back(line);
        p.lines.push_back(std::move(line));
        return false;
    }
    out.reply = finish(p);
    pending_.reset();
    return true;
}

EngineLink::Progress EngineLink::pollUntil(Clock::time_point until) {
    Progress out;
    if (!pending_) return out;
    while (std::optional<std::string> line = child_->readLine(std::min(until, pending_->deadline)))
        if (absorb(std::move(*line), out)) return out;
    if (child_->outputEnded())
        fail(FailureKind::Crash, "the engine " + child_->exitDescription() +
                                     " instead of answering '" + pending_->command + "'");
    if (Clock::now() >= pending_->deadline)
        fail(FailureKind::Hang,
             "no reply to '" + pending_->command + "' within " + seconds(pending_->timeoutSeconds));
    return out;
}

EngineLink::Progress EngineLink::poll() {
    return pollUntil(Clock::time_point());
}

GtpReply EngineLink::wait() {
    while (pending_) {
        Progress progress = pollUntil(Clock::now() + std::chrono::milliseconds(50));
        if (progress.reply) return *progress.reply;
    }
    return {};
}

GtpReply EngineLink::send(const std::string& command, double timeoutSeconds) {
    post(command, timeoutSeconds);
    return wait();
}

GtpReply EngineLink::stopStream(double timeoutSeconds) {
    if (!pending_) return {};
    pending_->timeoutSeconds = timeoutSeconds;
    pending_->deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                            std::chrono::duration<double>(timeoutSeconds));
    if (!child_->writeLine(""))
        fail(FailureKind::Crash, "the engine " + child_->exitDescription() + " while analysing");
    return wait();
}

void EngineLink::sync(const Position& start, const std::vector<Move>& moves,
                      double timeoutSeconds) {
    const int n = start.size();
    if (!synced_ || start_ != start || !isPrefix(known_, moves)) {
        if (!send("boardsize " + std::to_string(n), timeoutSeconds).ok)
            fail(FailureKind::Protocol, "refuses board size " + std::to_string(n));
        const GtpReply set = start == Position::start(n)
                                 ? send("clear_board", timeoutSeconds)
                                 : send("amz-position " + formatPosition(start), timeoutSeconds);
        if (!set.ok) fail(FailureKind::Protocol, "cannot set up the position: " + set.text);
        start_ = start;
        known_.clear();
        synced_ = true;
    }
    Position pos = start;
    for (std::size_t i = 0; i < known_.size(); ++i)
        pos.makeMove(known_[i]);
    for (std::size_t i = known_.size(); i < moves.size(); ++i) {
        const std::string color = colorName(pos.sideToMove());
        const std::string move = formatMove(moves[i], n);
        const GtpReply r = send("play " + color + " " + move, timeoutSeconds);
        if (!r.ok)
            fail(FailureKind::Protocol, "refuses 'play " + color + " " + move + "': " + r.text);
        known_.push_back(moves[i]);
        pos.makeMove(moves[i]);
    }
}

void EngineLink::quit() {
    if (child_->killed()) return;
    try {
        if (!pending_) send("quit", 2.0);  // a pending move is not waited for
    } catch (const std::exception&) {      // killed below anyway
    }
    const auto deadline = Clock::now() + std::chrono::seconds(1);
    while (child_->running() && Clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    child_->kill();
}

}  // namespace hippolyta
