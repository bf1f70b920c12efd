// The local wall-clock time formatted with strftime, for record headers and file names.
#pragma once

#include <chrono>
#include <ctime>
#include <string>

namespace hippolyta {

inline std::string localTime(const char* format) {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    localtime_r(&now, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

}  // namespace hippolyta
