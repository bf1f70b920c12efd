#include "adapters/sau_referee/platform_channel.h"

#include <thread>
#include <utility>

namespace hippolyta {

namespace {

bool startsCommand(char c) {
    return c == ' ' || c == '\n' || c == '\t' || c == '\0';
}

bool endsCommand(char c) {
    return c == '\r' || c == '\n' || c == '\t' || c == '\0';
}

std::string inFolder(const std::string& command, const std::string& folder) {
    if (folder.empty()) return command;
    std::string quoted = "'";
    for (const char c : folder)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return "cd " + quoted + "' && exec " + command;
}

}  // namespace

PlatformScan scanPlatformCommand(std::string_view text, std::string_view keyword) {
    PlatformScan scan;
    for (size_t at = 0; at + keyword.size() < text.size(); ++at) {
        if ((at > 0 && !startsCommand(text[at - 1])) ||
            text.substr(at, keyword.size()) != keyword || text[at + keyword.size()] != ' ')
            continue;
        size_t end = at + keyword.size() + 1;
        while (end < text.size() && !endsCommand(text[end]))
            ++end;
        scan.skipped = std::string(text.substr(0, at));
        scan.command = std::string(text.substr(at, end - at));
        scan.rest = end < text.size() ? std::string(text.substr(end + 1)) : std::string();
        return scan;
    }
    scan.skipped = std::string(text);
    return scan;
}

PlatformChannel::PlatformChannel(const std::string& command, const std::string& folder)
    : process_(inFolder(command, folder), ChildStderr::mergeWithStdout()) {}

std::optional<std::string> PlatformChannel::next(std::string_view keyword,
                                                 Clock::time_point deadline,
                                                 const OnSkipped& onSkipped) {
    while (true) {
        std::optional<std::string> line;
        if (!rest_.empty())
            line = std::exchange(rest_, std::string());
        else
            line = process_.readLine(deadline);
        if (!line) return std::nullopt;
        PlatformScan scan = scanPlatformCommand(*line, keyword);
        if (!scan.skipped.empty()) onSkipped(scan.skipped);
        if (scan.command) {
            rest_ = std::move(scan.rest);
            return scan.command;
        }
    }
}

void PlatformChannel::drain(const OnSkipped& onSkipped) {
    if (!rest_.empty()) onSkipped(std::exchange(rest_, std::string()));
    while (const std::optional<std::string> line = process_.readLine(Clock::now()))
        onSkipped(*line);
}

void PlatformChannel::finish(double graceSeconds) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(graceSeconds));
    while (Clock::now() < deadline && process_.running())
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    process_.kill();
}

}  // namespace hippolyta
