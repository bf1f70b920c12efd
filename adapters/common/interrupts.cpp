#include "adapters/common/interrupts.h"

#include <csignal>

namespace hippolyta {

namespace {

std::atomic<bool> interruptRequested{false};

void onInterrupt(int) {
    interruptRequested = true;
}

}  // namespace

std::atomic<bool>& catchInterrupts() {
    struct sigaction sa {};
    sa.sa_handler = onInterrupt;
    sa.sa_flags = SA_RESETHAND;  // a second Ctrl-C ends the process at once
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
    return interruptRequested;
}

}  // namespace hippolyta
