#include "adapters/judge/bot_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>

namespace hippolyta {

namespace {

void closeQuietly(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

// Kills the group; waits for its leader unless it was reaped already.
void killGroup(int pid, bool reaped) {
    if (pid <= 0) return;
    ::kill(-pid, SIGKILL);
    if (reaped) return;
    ::kill(pid, SIGKILL);
    while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
}

}  // namespace

BotProcess::BotProcess(const std::string& command, const std::string& stderrFile) {
    int toChild[2], fromChild[2];
    if (::pipe2(toChild, O_CLOEXEC) != 0)
        throw std::runtime_error("pipe: " + std::string(strerror(errno)));
    if (::pipe2(fromChild, O_CLOEXEC) != 0) {
        ::close(toChild[0]);
        ::close(toChild[1]);
        throw std::runtime_error("pipe: " + std::string(strerror(errno)));
    }
    const std::string errPath = stderrFile.empty() ? "/dev/null" : stderrFile;
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error("fork: " + std::string(strerror(errno)));
    if (pid_ == 0) {
        ::setpgid(0, 0);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
        ::dup2(toChild[0], 0);
        ::dup2(fromChild[1], 1);
        if (err >= 0) ::dup2(err, 2);
        ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(pid_, pid_);
    ::close(toChild[0]);
    ::close(fromChild[1]);
    in_ = toChild[1];
    out_ = fromChild[0];
}

BotProcess::~BotProcess() {
    kill();
}

void BotProcess::kill() {
    closeQuietly(in_);
    closeQuietly(out_);
    killGroup(pid_, reaped_);
    pid_ = -1;
}

void BotProcess::pause() {
    if (pid_ > 0) ::kill(-pid_, SIGSTOP);
}

void BotProcess::resume() {
    if (pid_ > 0) ::kill(-pid_, SIGCONT);
}

bool BotProcess::writeLine(const std::string& line) {
    const std::string text = line + "\n";
    // A bot that has exited must not take the judge down with SIGPIPE.
    ::signal(SIGPIPE, SIG_IGN);
    for (size_t done = 0; done < text.size();) {
        const ssize_t w = ::write(in_, text.data() + done, text.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        done += static_cast<size_t>(w);
    }
    return true;
}

std::optional<std::string> BotProcess::readLine(double seconds) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    while (true) {
        const size_t eol = buffer_.find('\n');
        if (eol != std::string::npos) {
            std::string line = buffer_.substr(0, eol);
            buffer_.erase(0, eol + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0 || out_ < 0) return std::nullopt;
        pollfd p{out_, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(left.count()));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return std::nullopt;
        char chunk[4096];
        const ssize_t r = ::read(out_, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            ended_ = true;
            return std::nullopt;
        }
        buffer_.append(chunk, static_cast<size_t>(r));
    }
}

std::string BotProcess::exitDescription(double seconds) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(seconds);
    int status = 0;
    while (!reaped_) {
        const int r = pid_ > 0 ? ::waitpid(pid_, &status, WNOHANG) : -1;
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return "exit unknown";
        if (r == pid_) {
            reaped_ = true;
            break;
        }
        if (Clock::now() >= deadline) return "still running";
        ::usleep(10000);
    }
    if (WIFSIGNALED(status))
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    return "exit status " + std::to_string(WEXITSTATUS(status));
}

BusyLoad::BusyLoad(int count) {
    for (int i = 0; i < count; ++i) {
        const int pid = ::fork();
        if (pid == 0) {
            volatile unsigned long x = 0;
            while (true)
                x = x + 1;
        }
        if (pid > 0) pids_.push_back(pid);
    }
}

BusyLoad::~BusyLoad() {
    for (int pid : pids_) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
}

}  // namespace hippolyta
