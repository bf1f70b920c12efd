#include "adapters/sau/sau_reader.h"

namespace hippolyta {

std::optional<std::string> SauReader::nextLine() {
    std::string line;
    bool any = false;
    std::streambuf* buf = in_.rdbuf();
    if (!buf || !in_.good()) return std::nullopt;
    while (true) {
        const auto c = buf->sbumpc();
        if (std::char_traits<char>::eq_int_type(c, std::char_traits<char>::eof())) {
            in_.setstate(std::ios::eofbit);
            return any ? std::optional<std::string>(line) : std::nullopt;
        }
        any = true;
        const char ch = std::char_traits<char>::to_char_type(c);
        if (ch == '\n') return line;
        if (line.size() < kMaxLineBytes) line += ch;
    }
}

std::optional<std::vector<SauCommand>> SauReader::nextCommands() {
    while (const std::optional<std::string> line = nextLine()) {
        std::vector<SauCommand> commands = parseSauLine(*line);
        if (!commands.empty()) return commands;
    }
    return std::nullopt;
}

}  // namespace hippolyta
