// hippolyta-studio on a desktop: the user's browser opened at the Studio's address (--open), a
// second start that finds the Studio already running instead of failing on its port, and a
// clean stop when the terminal or the desktop session ends (SIGHUP, like SIGINT and SIGTERM).
#pragma once

#include <chrono>
#include <condition_variable>
#include <csignal>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "adapters/studio/studio_server.h"

namespace hippolyta {

// `PROGRAM URL` (xdg-open, looked up on PATH), started without a shell and never waited for:
// in a session of its own (Ctrl-C in the Studio's terminal leaves the browser alone), stdin
// /dev/null, stdout our stderr (our stdout carries the URL line), no other descriptor of ours
// (the browser must not keep the Studio's port), default signal actions. A detached thread
// reaps it; if it fails, that thread writes one line to `reportFd` that says so and gives the
// URL. The program keeps running after the Studio exits if it has not ended by then.
class BrowserLaunch {
  public:
    // Starts it. When it cannot be started (not found, not executable), the line is written at
    // once and started() is false.
    static std::shared_ptr<BrowserLaunch> start(const std::string& url,
                                                const std::string& program = "xdg-open",
                                                int reportFd = 2);
    bool started() const { return pid_ > 0; }
    // Waits up to `limit` for the program to end; true when it has (or never started).
    bool waitFor(std::chrono::milliseconds limit);
    // Its wait status (waitpid), once it has ended.
    int status();

    BrowserLaunch(std::string url, std::string program, int reportFd);

  private:
    void reap();

    std::string url_, program_;
    int reportFd_;
    int pid_ = -1;
    std::mutex mutex_;
    std::condition_variable ended_;
    bool done_ = false;
    int status_ = 0;
};

// The line for a browser program that could not start (errno `error`), or that ended with the
// wait status `status`: "hippolyta-studio: cannot start xdg-open (No such file or directory);
// open URL in a browser". Empty for an exit status of 0.
std::string browserStartFailure(const std::string& program, const std::string& url, int error);
std::string browserExitFailure(const std::string& program, const std::string& url, int status);

// Calls `onHangup` on a thread of its own when the process gets SIGHUP: its terminal was
// closed, or the desktop session it was started from ended. One at a time; the old SIGHUP
// action comes back when it is destroyed.
class HangupWatch {
  public:
    explicit HangupWatch(std::function<void()> onHangup);
    ~HangupWatch();
    HangupWatch(const HangupWatch&) = delete;
    HangupWatch& operator=(const HangupWatch&) = delete;

  private:
    int readFd_ = -1;
    struct sigaction old_ {};
    std::thread thread_;
};

struct DesktopOptions {
    bool open = false;         // start the browser at the Studio's address
    bool listenGiven = false;  // the address came from --listen (for the taken port's message)
    std::string browser = "xdg-open";
};

// hippolyta-studio's run: serves until SIGINT, SIGTERM or SIGHUP, having printed
// "Hippolyta Studio: open URL" on stdout (and with `open`, started the browser there); then
// "hippolyta-studio: stopped" on stderr, and 0. When the port is taken by a Studio, prints
// "Hippolyta Studio is already running at URL" (and with `open`, opens it) and returns 0;
// when by another program, throws std::runtime_error with portInUseMessage().
int serveStudio(const StudioServerOptions& server, const StudioOptions& session,
                const DesktopOptions& desktop);

}  // namespace hippolyta
