#include "adapters/gtp_process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <chrono>

namespace hippolyta {

namespace bp = boost::process;
using Clock = std::chrono::steady_clock;

struct GtpProcess::Impl {
    bp::opstream in;   // the engine's stdin
    bp::ipstream out;  // the engine's stdout
    bp::ipstream err;  // its stderr, when relayed line by line
    bp::group group;
    bp::child child;
    bool killed = false;
};

namespace {

// Runs in the child between fork and exec, after its stdin/stdout/stderr are in place: closes
// every other descriptor it inherited. Without this an engine keeps copies of the pipes of
// engines started before it (or at the same time by another thread), so those never see end
// of file, and a runner waiting for one of them to exit waits for ever.
struct CloseInheritedDescriptors : bp::extend::handler {
    template <class Executor>
    void on_exec_setup(Executor&) const {
        if (::close_range(3, ~0U, 0) == 0) return;
        const long max = ::sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < (max > 0 ? max : 4096); ++fd)
            ::close(fd);
    }
};

// A write to an engine that died must fail, not kill the whole runner with SIGPIPE.
void ignoreSigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

std::string formatTimeout(double seconds) {
    std::string s = std::to_string(seconds);
    while (s.back() == '0')
        s.pop_back();
    if (s.back() == '.') s.pop_back();
    return s + " s";
}

}  // namespace

GtpProcess::GtpProcess(const std::string& command, bool passStderr, TrafficLog traffic,
                       const std::atomic<bool>* abort, bool stderrToTraffic)
    : impl_(std::make_unique<Impl>()), traffic_(std::move(traffic)), abort_(abort) {
    ignoreSigpipe();
    stderrToTraffic = stderrToTraffic && passStderr && traffic_;
    try {
        // Parenthesised so that formatting does not take the redirections for templates.
        auto in = (bp::std_in < impl_->in);
        auto out = (bp::std_out > impl_->out);
        if (stderrToTraffic)
            impl_->child = bp::child("/bin/sh", "-c", command, in, out, (bp::std_err > impl_->err),
                                     impl_->group, CloseInheritedDescriptors{});
        else if (passStderr)
            impl_->child = bp::child("/bin/sh", "-c", command, in, out, impl_->group,
                                     CloseInheritedDescriptors{});
        else
            impl_->child = bp::child("/bin/sh", "-c", command, in, out, (bp::std_err > bp::null),
                                     impl_->group, CloseInheritedDescriptors{});
    } catch (const std::exception& e) {
        throw EngineFailure(FailureKind::Crash, "cannot start '" + command + "': " + e.what());
    }
    reader_ = std::thread([this] { readLoop(); });
    // Each stderr line goes to the traffic log as '!', so the log says whose line it is.
    if (stderrToTraffic)
        errReader_ = std::thread([this] {
            for (std::string line; std::getline(impl_->err, line);)
                traffic_('!', line);
        });
}

GtpProcess::~GtpProcess() {
    kill();
}

void GtpProcess::readLoop() {
    std::string line;
    while (std::getline(impl_->out, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        {
            std::lock_guard lock(mutex_);
            lines_.push_back(line);
        }
        ready_.notify_all();
    }
    {
        std::lock_guard lock(mutex_);
        eof_ = true;
    }
    ready_.notify_all();
}

bool GtpProcess::alive() {
    std::error_code ec;
    return !impl_->killed && impl_->child.running(ec);
}

std::string GtpProcess::exitDescription() {
    // The engine closed its output; give it a moment to exit so we can say how.
    std::error_code ec;
    for (int i = 0; i < 20 && impl_->child.running(ec); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (impl_->child.running(ec)) return "closed its output";
    const int status = impl_->child.native_exit_code();
    if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
    return "exited with code " + std::to_string(impl_->child.exit_code());
}

GtpReply GtpProcess::send(const std::string& command, double timeoutSeconds) {
    post(command);
    return receive(command, timeoutSeconds);
}

int GtpProcess::pid() const {
    return impl_->child.id();
}

void GtpProcess::post(const std::string& command) {
    if (traffic_) traffic_('>', command);
    {
        std::lock_guard lock(mutex_);
        if (eof_ || impl_->killed)
            throw EngineFailure(FailureKind::Crash,
                                "the engine " + exitDescription() + " before '" + command + "'");
    }
    impl_->in << command << '\n';
    impl_->in.flush();
    if (!impl_->in)
        throw EngineFailure(FailureKind::Crash,
                            "cannot send '" + command + "': the engine " + exitDescription());
}

GtpReply GtpProcess::receive(const std::string& command, double timeoutSeconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(timeoutSeconds));
    std::vector<std::string> reply;
    std::unique_lock lock(mutex_);
    while (true) {
        while (!lines_.empty()) {
            std::string line = std::move(lines_.front());
            lines_.pop_front();
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
        if (eof_)
            throw EngineFailure(FailureKind::Crash,
                                "the engine " + exitDescription() +
                                    (reply.empty() ? " instead of answering '"
                                                   : " in the middle of its reply to '") +
                                    command + "'");
        if (abort_ && abort_->load()) throw Aborted();
        const auto now = Clock::now();
        if (now >= deadline)
            throw EngineFailure(FailureKind::Hang, "no reply to '" + command + "' within " +
                                                       formatTimeout(timeoutSeconds));
        ready_.wait_until(lock, std::min(deadline, now + std::chrono::milliseconds(50)));
    }
}

void GtpProcess::quit(double timeoutSeconds) {
    try {
        if (alive()) send("quit", timeoutSeconds);
        std::error_code ec;
        const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                 std::chrono::duration<double>(timeoutSeconds));
        while (impl_->child.running(ec) && Clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } catch (const std::exception&) {  // it is killed below anyway
    }
    kill();
}

void GtpProcess::kill() {
    if (!impl_) return;
    std::error_code ec;
    if (!impl_->killed) {
        impl_->killed = true;
        impl_->group.terminate(ec);  // SIGKILL to the whole process group
        impl_->child.wait(ec);
        impl_->in.pipe().close();
    }
    if (reader_.joinable()) reader_.join();
    if (errReader_.joinable()) errReader_.join();
}

}  // namespace hippolyta
