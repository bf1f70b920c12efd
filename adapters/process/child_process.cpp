#include "adapters/process/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <cerrno>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace hippolyta {

namespace bp = boost::process;

struct ChildProcess::Impl {
    bp::group group;
    bp::child child;
    std::thread stderrReader;  // with ChildStderr::Lines
};

namespace {

// Runs in the child between fork and exec, after its stdin and stdout are in place: sends its
// stderr where it was asked to go, then closes every other descriptor it inherited. Without
// this a child keeps copies of the pipes of children started before it (or at the same time by
// another thread), so those never see end of file, and a runner waiting for one of them to exit
// waits for ever.
struct ChildSetup : bp::extend::handler {
    ChildStderr::Kind stderrKind;
    const char* stderrPath;

    template <class Executor>
    void on_exec_setup(Executor&) const {
        if (stderrKind == ChildStderr::Kind::Discard ||
            stderrKind == ChildStderr::Kind::AppendToFile) {
            const int fd = stderrKind == ChildStderr::Kind::Discard
                               ? ::open("/dev/null", O_WRONLY)
                               : ::open(stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0644);
            if (fd >= 0) {
                ::dup2(fd, STDERR_FILENO);
                ::close(fd);
            }
        }
        if (stderrKind == ChildStderr::Kind::MergeWithStdout) ::dup2(STDOUT_FILENO, STDERR_FILENO);
        if (::close_range(3, ~0U, 0) == 0) return;
        const long max = ::sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < (max > 0 ? max : 4096); ++fd)
            ::close(fd);
    }
};

// A write to a child that died must fail, not kill the whole program with SIGPIPE.
void ignoreSigpipe() {
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

// Our end of a pipe, taken from Boost's pipe object and kept out of other children.
int takeEnd(int fd) {
    ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

void closeQuietly(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// Reads the child's stderr to its end, handing each line (the last one even without '\n')
// to onLine; owns and closes fd.
void relayLines(int fd, const std::function<void(const std::string&)>& onLine) {
    std::string pending;
    char chunk[4096];
    while (true) {
        const ssize_t r = ::read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        pending.append(chunk, static_cast<size_t>(r));
        for (size_t eol; (eol = pending.find('\n')) != std::string::npos;) {
            std::string line = pending.substr(0, eol);
            pending.erase(0, eol + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            onLine(line);
        }
    }
    if (!pending.empty()) onLine(pending);
    ::close(fd);
}

}  // namespace

std::string shellQuote(const std::string& word) {
    std::string out = "'";
    for (char c : word)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

ChildProcess::ChildProcess(const std::string& command, const ChildStderr& stderrTo)
    : impl_(std::make_unique<Impl>()) {
    ignoreSigpipe();
    bp::pipe toChild, fromChild;
    // Parenthesised so that formatting does not take the redirections for templates.
    auto in = (bp::std_in < toChild);
    auto out = (bp::std_out > fromChild);
    in_ = takeEnd(toChild.native_sink());
    out_ = takeEnd(fromChild.native_source());
    toChild.assign_sink(-1);
    fromChild.assign_source(-1);
    const ChildSetup setup{{}, stderrTo.kind, stderrTo.path.c_str()};
    try {
        if (stderrTo.kind == ChildStderr::Kind::Lines) {
            bp::pipe fromStderr;
            auto err = (bp::std_err > fromStderr);
            int errEnd = takeEnd(fromStderr.native_source());
            fromStderr.assign_source(-1);
            impl_->child = bp::child("/bin/sh", "-c", command, in, out, err, impl_->group, setup);
            impl_->stderrReader = std::thread(relayLines, errEnd, stderrTo.onLine);
        } else {
            impl_->child = bp::child("/bin/sh", "-c", command, in, out, impl_->group, setup);
        }
    } catch (const std::exception& e) {
        closeQuietly(in_);
        closeQuietly(out_);
        throw std::runtime_error(e.what());
    }
}

ChildProcess::~ChildProcess() {
    kill();
}

bool ChildProcess::writeLine(const std::string& line) {
    return write(line + "\n");
}

bool ChildProcess::write(const std::string& text) {
    for (size_t done = 0; done < text.size();) {
        if (in_ < 0) return false;
        const ssize_t w = ::write(in_, text.data() + done, text.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += static_cast<size_t>(w);
    }
    return true;
}

void ChildProcess::closeInput() {
    closeQuietly(in_);
}

std::optional<std::string> ChildProcess::takeLine() {
    const size_t eol = buffer_.find('\n');
    if (eol == std::string::npos && !(ended_ && !buffer_.empty())) return std::nullopt;
    std::string line = buffer_.substr(0, eol);
    buffer_.erase(0, eol == std::string::npos ? buffer_.size() : eol + 1);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
}

bool ChildProcess::fill(int timeoutMs) {
    while (!ended_) {
        pollfd p{out_, POLLIN, 0};
        const int ready = ::poll(&p, 1, timeoutMs);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0) return false;
        char chunk[4096];
        const ssize_t r = ready < 0 ? -1 : ::read(out_, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0)
            ended_ = true;
        else
            buffer_.append(chunk, static_cast<size_t>(r));
        return true;
    }
    return false;
}

std::optional<std::string> ChildProcess::readLine(Clock::time_point deadline) {
    while (true) {
        if (std::optional<std::string> line = takeLine()) return line;
        if (ended_) return std::nullopt;
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now());
        if (!fill(static_cast<int>(std::max<long long>(left.count(), 0))) &&
            Clock::now() >= deadline)
            return std::nullopt;
    }
}

std::optional<std::string> ChildProcess::readLine(double seconds) {
    return readLine(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(seconds)));
}

bool ChildProcess::outputEnded() {
    while (fill(0)) {
    }
    return ended_;
}

void ChildProcess::pause() {
    if (!killed_) ::killpg(pid(), SIGSTOP);
}

void ChildProcess::resume() {
    if (!killed_) ::killpg(pid(), SIGCONT);
}

void ChildProcess::kill() {
    if (killed_) return;
    killed_ = true;
    std::error_code ec;
    impl_->group.terminate(ec);  // SIGKILL to the whole process group
    impl_->child.wait(ec);
    closeQuietly(in_);
    closeQuietly(out_);
    // The group is dead, so its stderr has ended and the reader's read() returns.
    if (impl_->stderrReader.joinable()) impl_->stderrReader.join();
    ended_ = true;
}

bool ChildProcess::running() {
    std::error_code ec;
    return impl_->child.running(ec);
}

std::string ChildProcess::exitDescription() {
    std::error_code ec;
    for (int i = 0; i < 20 && impl_->child.running(ec); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (impl_->child.running(ec)) return "closed its output";
    const int status = impl_->child.native_exit_code();
    if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
    return "exited with code " + std::to_string(impl_->child.exit_code());
}

int ChildProcess::pid() const {
    return impl_->child.id();
}

}  // namespace hippolyta
