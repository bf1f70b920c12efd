// Waiting for a child process in tests, by polling: Boost 1.74's child::wait_for() can sleep
// its whole timeout after the child has already exited.
#pragma once

#include <boost/process.hpp>
#include <chrono>
#include <thread>

namespace hippolyta {

// True when the child exited within `limit` (and has been reaped); false when it still runs.
inline bool exitedWithin(boost::process::child& child, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (child.running()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    child.wait();
    return true;
}

}  // namespace hippolyta
