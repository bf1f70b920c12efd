#include "adapters/studio/studio_launch.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>
#include <vector>

#include "adapters/studio/studio_probe.h"

namespace hippolyta {

namespace {

// How long a second start waits for the browser program before it exits anyway (xdg-open
// returns at once when a browser is running; a new browser may keep it until it is closed).
constexpr std::chrono::seconds kSecondStartBrowserWait{10};
// How long a second start waits for the running Studio to answer.
constexpr std::chrono::seconds kProbeLimit{5};

void writeLine(int fd, const std::string& line) {
    const std::string text = line + "\n";
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<std::size_t>(n);
    }
}

// Descriptors 3 and up are closed in the child: asio's sockets (the listening one among them)
// are not close-on-exec, and a browser that kept one would hold the Studio's port.
void closeOtherDescriptors(posix_spawn_file_actions_t& actions) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#else
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", ec)) {
        const int fd = std::atoi(entry.path().filename().c_str());
        if (fd > 2) posix_spawn_file_actions_addclose(&actions, fd);
    }
#endif
}

// posix_spawnp's result: 0 and the child's pid, or the errno of what failed (exec included).
int spawnDetached(const std::string& program, const std::string& url, int& pid) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, 2, 1);
    closeOtherDescriptors(actions);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    for (const int reset : {SIGPIPE, SIGHUP, SIGINT, SIGTERM, SIGCHLD})
        sigaddset(&defaults, reset);  // SIGPIPE is ignored here, and that would be inherited
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes,
                             POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> argv{const_cast<char*>(program.c_str()), const_cast<char*>(url.c_str()),
                            nullptr};
    pid_t child = -1;
    const int error =
        posix_spawnp(&child, program.c_str(), &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    pid = error ? -1 : child;
    return error;
}

std::string openByHand(const std::string& url) {
    return "; open " + url + " in a browser";
}

}  // namespace

std::string browserStartFailure(const std::string& program, const std::string& url, int error) {
    return "hippolyta-studio: cannot start " + program + " (" + std::strerror(error) + ")" +
           openByHand(url);
}

std::string browserExitFailure(const std::string& program, const std::string& url, int status) {
    std::string why;
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
        why = "exit status " + std::to_string(WEXITSTATUS(status));
    else if (WIFSIGNALED(status))
        why = "killed by signal " + std::to_string(WTERMSIG(status));
    if (why.empty()) return "";
    return "hippolyta-studio: " + program + " failed (" + why + ")" + openByHand(url);
}

BrowserLaunch::BrowserLaunch(std::string url, std::string program, int reportFd)
    : url_(std::move(url)), program_(std::move(program)), reportFd_(reportFd) {}

std::shared_ptr<BrowserLaunch> BrowserLaunch::start(const std::string& url,
                                                    const std::string& program, int reportFd) {
    auto launch = std::make_shared<BrowserLaunch>(url, program, reportFd);
    const int error = spawnDetached(program, url, launch->pid_);
    if (error) {
        writeLine(reportFd, browserStartFailure(program, url, error));
        launch->done_ = true;
        return launch;
    }
    std::thread([launch] { launch->reap(); }).detach();
    return launch;
}

void BrowserLaunch::reap() {
    int status = 0;
    pid_t got;
    do {
        got = ::waitpid(pid_, &status, 0);
    } while (got < 0 && errno == EINTR);
    if (got == pid_) {
        const std::string line = browserExitFailure(program_, url_, status);
        if (!line.empty()) writeLine(reportFd_, line);
    }
    std::lock_guard<std::mutex> lock(mutex_);
    done_ = true;
    status_ = got == pid_ ? status : 0;
    ended_.notify_all();
}

bool BrowserLaunch::waitFor(std::chrono::milliseconds limit) {
    std::unique_lock<std::mutex> lock(mutex_);
    return ended_.wait_for(lock, limit, [this] { return done_; });
}

int BrowserLaunch::status() {
    std::lock_guard<std::mutex> lock(mutex_);
    return status_;
}

// ---- SIGHUP ------------------------------------------------------------------------------------

namespace {

std::atomic<int> hangupWriteFd{-1};  // the signal handler's end of the watch's pipe

extern "C" void onHangupSignal(int) {
    const int saved = errno;
    const char byte = 'H';
    const ssize_t ignored = ::write(hangupWriteFd.load(), &byte, 1);
    (void)ignored;
    errno = saved;
}

}  // namespace

HangupWatch::HangupWatch(std::function<void()> onHangup) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        throw std::system_error(errno, std::generic_category(), "pipe for SIGHUP");
    int expected = -1;
    if (!hangupWriteFd.compare_exchange_strong(expected, fds[1])) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw std::logic_error("one HangupWatch at a time");
    }
    ::fcntl(fds[1], F_SETFL, O_NONBLOCK);  // the handler never blocks
    readFd_ = fds[0];
    thread_ = std::thread([fd = readFd_, onHangup = std::move(onHangup)] {
        char byte = 0;
        for (;;) {
            const ssize_t n = ::read(fd, &byte, 1);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0 || byte == 'Q') return;
            onHangup();
        }
    });
    struct sigaction action {};
    action.sa_handler = onHangupSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGHUP, &action, &old_);
}

HangupWatch::~HangupWatch() {
    ::sigaction(SIGHUP, &old_, nullptr);
    const int writeFd = hangupWriteFd.exchange(-1);
    const char quit = 'Q';
    const ssize_t ignored = ::write(writeFd, &quit, 1);
    (void)ignored;
    thread_.join();
    ::close(writeFd);
    ::close(readFd_);
}

// ---- The run ---------------------------------------------------------------------------------

namespace {

// The server has stopped and only the exit is left: a second stop signal (Ctrl-C twice,
// timeout(1)'s signal to the process and then to its group) must not kill the process now that
// run() has put SIGINT and SIGTERM back to their default action, which would turn the exit
// code 0 into 130 or 143.
void ignoreStopSignals() {
    for (const int stop : {SIGINT, SIGTERM, SIGHUP})
        std::signal(stop, SIG_IGN);
}

// The port is taken: a Studio there is opened, anything else is an error with a free port.
int foundPortTaken(const StudioServerOptions& server, const DesktopOptions& desktop) {
    const std::string address = reachableAddress(server.address);
    if (probePort(address, server.port, kProbeLimit) != PortHolder::studio)
        throw std::runtime_error(portInUseMessage(server.port,
                                                  freePortNear(server.address, server.port),
                                                  server.address, desktop.listenGiven));
    const std::string url = studioUrl(address, server.port);
    std::cout << "Hippolyta Studio is already running at " << url << std::endl;
    if (desktop.open) BrowserLaunch::start(url, desktop.browser)->waitFor(kSecondStartBrowserWait);
    return 0;
}

}  // namespace

int serveStudio(const StudioServerOptions& server, const StudioOptions& session,
                const DesktopOptions& desktop) {
    std::unique_ptr<StudioServer> studio;
    try {
        studio = std::make_unique<StudioServer>(server, session);
    } catch (const StudioPortInUse&) {
        return foundPortTaken(server, desktop);
    }
    {
        HangupWatch hangup([&studio] { studio->stop(); });
        studio->catchStopSignals();  // before the URL line, which tells others we are up
        std::cout << "Hippolyta Studio: open " << studio->url() << std::endl;
        // A wildcard address (--listen 0.0.0.0:N) is opened as the loopback one.
        if (desktop.open)
            BrowserLaunch::start(studioUrl(reachableAddress(server.address), studio->port()),
                                 desktop.browser);
        studio->run();
        ignoreStopSignals();
    }
    ignoreStopSignals();  // SIGHUP again, which the watch has just restored
    std::cerr << "hippolyta-studio: stopped\n";
    return 0;
}

}  // namespace hippolyta
