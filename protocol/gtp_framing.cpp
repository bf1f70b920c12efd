#include "protocol/gtp_framing.h"

#include <algorithm>

namespace hippolyta {

std::string cleanLine(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (const char ch : raw) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == '#') break;
        if (c == '\t')
            out += ' ';
        else if (c >= 0x20 && c != 0x7f)
            out += ch;
    }
    return out;
}

bool isBlank(std::string_view line) {
    return std::all_of(line.begin(), line.end(), [](char c) { return c == ' '; });
}

bool hasNonAscii(std::string_view line) {
    return std::any_of(line.begin(), line.end(),
                       [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}

GtpCommand parseCommand(std::string_view cleaned) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < cleaned.size()) {
        if (cleaned[i] == ' ') {
            ++i;
            continue;
        }
        const size_t end = std::min(cleaned.find(' ', i), cleaned.size());
        words.emplace_back(cleaned.substr(i, end - i));
        i = end;
    }
    GtpCommand cmd;
    auto word = words.begin();
    if (word != words.end() &&
        std::all_of(word->begin(), word->end(), [](char c) { return c >= '0' && c <= '9'; }))
        cmd.id = *word++;
    if (word != words.end()) cmd.name = *word++;
    cmd.args.assign(word, words.end());
    return cmd;
}

std::string formatResponse(bool success, const std::optional<std::string>& id,
                           std::string_view text) {
    std::string out(1, success ? '=' : '?');
    if (id) out += *id;
    out += ' ';
    bool firstLine = true;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = std::min(text.find('\n', start), text.size());
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        std::string clean;
        for (char c : line)
            if (c != '\r') clean += c;
        if (firstLine) {
            out += clean;
            firstLine = false;
        } else if (!isBlank(clean)) {
            out += (success ? '\n' : ' ');
            out += clean;
        }
    }
    out += "\n\n";
    return out;
}

LineReader::Status LineReader::next(std::string& line) {
    line.clear();
    std::streambuf* buf = in_.rdbuf();
    bool tooLong = false;
    bool any = false;
    for (;;) {
        const int c = buf->sbumpc();
        if (c == std::char_traits<char>::eof()) {
            in_.setstate(std::ios::eofbit);
            if (tooLong) return Status::TooLong;
            return any ? Status::Line : Status::End;
        }
        any = true;
        if (c == '\n') return tooLong ? Status::TooLong : Status::Line;
        if (tooLong) continue;
        if (line.size() >= maxBytes_) {
            tooLong = true;
            line.clear();
            line.shrink_to_fit();
            continue;
        }
        line += static_cast<char>(c);
    }
}

}  // namespace hippolyta
