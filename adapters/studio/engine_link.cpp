#include "adapters/studio/engine_link.h"

#include <signal.h>

#include <cctype>
#include <sstream>

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

// How long the reader waits for output before it looks whether it should stop. A kill ends
// its wait at once; this only bounds it when something outside the group holds the pipe.
constexpr auto kReadSlice = std::chrono::milliseconds(200);

std::unique_ptr<ChildProcess> startChild(const std::string& command, bool passStderr) {
    try {
        return std::make_unique<ChildProcess>(
            command, passStderr ? ChildStderr::inherit() : ChildStderr::discard());
    } catch (const std::exception& e) {
        // The pages see this message: the command line stays out of it.
        throw EngineFailure(FailureKind::Crash, std::string("cannot start: ") + e.what());
    }
}

std::string seconds(double s) {
    std::ostringstream out;
    out << s << " s";
    return out.str();
}

EngineLink::Clock::duration span(double seconds) {
    return std::chrono::duration_cast<EngineLink::Clock::duration>(
        std::chrono::duration<double>(seconds));
}

bool isPrefix(const std::vector<Move>& prefix, const std::vector<Move>& whole) {
    if (prefix.size() > whole.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (prefix[i] != whole[i]) return false;
    return true;
}

GtpReply parseReply(const std::vector<std::string>& lines) {
    GtpReply r;
    const std::string& head = lines.front();
    r.ok = head[0] == '=';
    std::size_t i = 1;
    while (i < head.size() && std::isdigit(static_cast<unsigned char>(head[i])))
        ++i;
    r.id = head.substr(1, i - 1);
    if (i < head.size() && head[i] == ' ') ++i;
    r.text = head.substr(i);
    for (std::size_t k = 1; k < lines.size(); ++k)
        r.text += "\n" + lines[k];
    return r;
}

}  // namespace

EngineLink::EngineLink(std::string name, const std::string& command, bool passStderr,
                       std::function<void()> wake)
    : name_(std::move(name)), child_(startChild(command, passStderr)), wake_(std::move(wake)) {
    reader_ = std::thread([this] { readLoop(); });
}

EngineLink::~EngineLink() {
    killChild();
}

// The reader's thread: the only one that reads the child's output (ChildProcess is not
// thread-safe; the Studio's thread only writes to it).
void EngineLink::readLoop() {
    for (;;) {
        std::optional<std::string> line = child_->readLine(Clock::now() + kReadSlice);
        std::unique_lock<std::mutex> lock(mutex_);
        if (stopping_) return;
        if (line) {
            lines_.push_back(std::move(*line));
        } else if (child_->outputEnded()) {
            reaping_ = true;  // from here on the process may be reaped: no more killpg
            lock.unlock();
            std::string how = child_->exitDescription();  // waits up to 0.2 s
            lock.lock();
            exit_ = std::move(how);
        } else {
            continue;
        }
        const bool done = exit_.has_value();
        lock.unlock();
        if (wake_) wake_();
        if (done) return;
    }
}

void EngineLink::killChild() {
    if (child_->killed()) return;  // and reaped: its id is no longer ours to signal
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
        // The group's end closes the pipe, which ends the reader's wait at once. Not once the
        // reader has seen the end: the shell may be reaped and its id taken by another.
        if (!reaping_) ::killpg(child_->pid(), SIGKILL);
    }
    if (reader_.joinable()) reader_.join();
    child_->kill();
}

std::optional<std::string> EngineLink::nextLine() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (lines_.empty()) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

bool EngineLink::outputDone() {
    std::lock_guard<std::mutex> lock(mutex_);
    return exit_.has_value() && lines_.empty();
}

std::string EngineLink::exitText() {
    std::lock_guard<std::mutex> lock(mutex_);
    return exit_.value_or("stopped reading its input");
}

void EngineLink::fail(FailureKind kind, const std::string& what) {
    queue_.clear();
    synced_ = false;
    killChild();
    throw EngineFailure(kind, name_ + ": " + what);
}

void EngineLink::queue(Command command) {
    queue_.emplace_back();
    queue_.back().command = std::move(command);
    writeNext();
}

void EngineLink::writeNext() {
    if (queue_.empty() || queue_.front().sent) return;
    Pending& p = queue_.front();
    if (exited() || child_->killed() || !child_->writeLine(p.command.text))
        fail(FailureKind::Crash, "the engine " + exitText() + " before '" + p.command.text + "'");
    p.sent = true;
    p.sentAt = Clock::now();
    if (p.command.want != Want::Stream) p.deadline = p.sentAt + span(p.command.timeoutSeconds);
}

void EngineLink::stopStream(Pending& p) {
    if (!p.sent || p.stopped) return;
    p.stopped = true;
    p.deadline = Clock::now() + span(p.command.timeoutSeconds);
    if (!child_->writeLine(""))
        fail(FailureKind::Crash, "the engine " + exitText() + " while analysing");
}

bool EngineLink::absorb(std::string line, Progress& out) {
    if (queue_.empty() || !queue_.front().sent) {
        if (line.empty()) return false;  // stray blank lines between replies
        fail(FailureKind::Protocol, "wrote '" + line.substr(0, 80) + "' unasked");
    }
    Pending& p = queue_.front();
    if (p.lines.empty()) {
        if (line.empty()) return false;
        if (line[0] != '=' && line[0] != '?')
            fail(FailureKind::Protocol, "garbage instead of a reply to '" + p.command.text +
                                            "': '" + line.substr(0, 80) + "'");
        p.lines.push_back(std::move(line));
        return false;
    }
    if (!line.empty()) {
        if (p.command.want == Want::Stream) {
            out.command = p.command.text;
            out.lines.push_back(line);
        }
        p.lines.push_back(std::move(line));
        return false;
    }
    const Pending done = std::move(p);
    queue_.pop_front();
    const GtpReply reply = parseReply(done.lines);
    if (done.command.want == Want::Success && !reply.ok)
        fail(FailureKind::Protocol, "refuses '" + done.command.text + "': " + reply.text);
    if (done.command.want == Want::Reply || done.command.want == Want::Stream) {
        out.command = done.command.text;
        out.reply = reply;
        out.seconds = std::chrono::duration<double>(Clock::now() - done.sentAt).count();
    }
    return true;
}

EngineLink::Progress EngineLink::poll() {
    Progress out;
    writeNext();
    while (std::optional<std::string> line = nextLine()) {
        if (!absorb(std::move(*line), out)) continue;
        writeNext();
        if (out.reply) return out;
    }
    checkDeadlines();
    return out;
}

// After the output was taken: a reply already there is never a hang.
void EngineLink::checkDeadlines() {
    if (queue_.empty() || !queue_.front().sent) return;
    Pending& p = queue_.front();
    if (outputDone())
        fail(FailureKind::Crash,
             "the engine " + exitText() + " instead of answering '" + p.command.text + "'");
    const auto now = Clock::now();
    if (p.command.stopAfterSeconds && now >= p.sentAt + span(*p.command.stopAfterSeconds)) {
        // p.lines holds the answer's header, then the Stream's lines.
        const bool hasLine = p.lines.size() > 1;
        const double grace = p.command.firstLineGraceSeconds;
        if (hasLine || now >= p.sentAt + span(*p.command.stopAfterSeconds + grace)) stopStream(p);
    }
    if (now >= p.deadline)
        fail(FailureKind::Hang,
             "no reply to '" + p.command.text + "' within " + seconds(p.command.timeoutSeconds));
}

void EngineLink::abandon() {
    std::deque<Pending> kept;
    for (std::size_t i = 0; i < queue_.size(); ++i) {
        Pending& p = queue_[i];
        const bool wanted = p.command.want == Want::Reply || p.command.want == Want::Stream;
        if (wanted && !p.sent) continue;
        if (p.command.want == Want::Stream) stopStream(p);
        if (wanted) p.command.want = Want::Nothing;
        kept.push_back(std::move(p));
    }
    queue_ = std::move(kept);
}

void EngineLink::sync(const Position& start, const std::vector<Move>& moves,
                      double timeoutSeconds) {
    const auto must = [&](std::string text) {
        queue({std::move(text), timeoutSeconds, Want::Success, std::nullopt});
    };
    const int n = start.width();
    if (!synced_ || start_ != start || !isPrefix(known_, moves)) {
        must("boardsize " + std::to_string(n));
        must(start == Position::start(n) ? "clear_board" : "amz-position " + formatPosition(start));
        start_ = start;
        known_.clear();
        synced_ = true;
    }
    Position pos = start;
    for (std::size_t i = 0; i < known_.size(); ++i)
        pos.makeMove(known_[i]);
    for (std::size_t i = known_.size(); i < moves.size(); ++i) {
        must(std::string("play ") + colorName(pos.sideToMove()) + " " + formatMove(moves[i], n));
        known_.push_back(moves[i]);
        pos.makeMove(moves[i]);
    }
}

void EngineLink::askToQuit() {
    if (queue_.empty() && !exited()) child_->writeLine("quit");  // a busy engine is killed
}

bool EngineLink::exited() {
    std::lock_guard<std::mutex> lock(mutex_);
    return exit_.has_value();
}

}  // namespace hippolyta
