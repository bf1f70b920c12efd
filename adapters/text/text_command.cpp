#include "adapters/text/text_command.h"
#include "engine/core/text_util.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "engine/core/notation.h"

namespace hippolyta {

namespace {

// Columns a..z: large enough to tell "a move off this board" from "not a move at all".
constexpr int kWidestBoardForSyntax = 26;

std::vector<std::string> splitWords(std::string_view text) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        const size_t start = i;
        while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])))
            ++i;
        if (i > start) words.emplace_back(text.substr(start, i - start));
    }
    return words;
}

template <typename T>
bool parseNumber(const std::string& word, T& value) {
    const char* end = word.data() + word.size();
    const auto [ptr, ec] = std::from_chars(word.data(), end, value);
    return ec == std::errc() && ptr == end;
}

std::string joinWords(const std::vector<std::string>& words, size_t from) {
    std::string joined;
    for (size_t i = from; i < words.size(); ++i)
        joined += (i > from ? " " : "") + words[i];
    return joined;
}

// Fills cmd as a move if the words spell one; returns false if they do not.
bool parseMoveCommand(const std::vector<std::string>& words, BoardShape n, TextCommand& cmd) {
    const std::string text = joinWords(words, 0);
    try {
        cmd.move = parseMove(text, n);
    } catch (const NotationError&) {
        try {
            parseMove(text, kWidestBoardForSyntax);  // well-formed, but off this board
        } catch (const NotationError&) {
            return false;
        }
        cmd.move.reset();
    }
    cmd.kind = TextCommandKind::Move;
    return true;
}

bool parseLimit(const std::vector<std::string>& words, TextCommand& cmd) {
    if (words.size() == 2) {
        const std::string arg = lowerCase(words[1]);
        if (arg == "default" || arg == "auto") {
            cmd.defaultLimits = true;
            return true;
        }
        return parseNumber(arg, cmd.seconds) && cmd.seconds > 0 && cmd.seconds < 1e6;
    }
    return words.size() == 3 && lowerCase(words[1]) == "visits" &&
           parseNumber(words[2], cmd.visits) && cmd.visits > 0;
}

// Fills cmd from the words of a non-empty line; returns false for a malformed command.
bool parseWords(const std::vector<std::string>& words, BoardShape n, TextCommand& cmd) {
    const std::string name = lowerCase(words[0]);
    const size_t args = words.size() - 1;
    using K = TextCommandKind;
    static const std::pair<const char*, K> kBare[] = {{"new", K::New},
                                                      {"dump", K::Dump},
                                                      {"quit", K::Quit},
                                                      {"undo", K::Undo},
                                                      {"help", K::Help}};
    for (const auto& [word, kind] : kBare) {
        if (name != word) continue;
        cmd.kind = kind;
        return args == 0;
    }
    if (name == "seed") {
        cmd.kind = K::Seed;
        return args == 1 && parseNumber(words[1], cmd.seed);
    }
    if (name == "auto" || name == "manual") {
        cmd.kind = name == "auto" ? K::Auto : K::Manual;
        if (args != 1) return false;
        try {
            cmd.color = parseColor(words[1]);
            return true;
        } catch (const NotationError&) {
            return false;
        }
    }
    if (name == "limit") {
        cmd.kind = K::Limit;
        return parseLimit(words, cmd);
    }
    if (name == "position") {
        cmd.kind = K::Position;
        cmd.position = joinWords(words, 1);
        try {
            parsePosition(cmd.position);
            return true;
        } catch (const NotationError&) {
            return false;
        }
    }
    return parseMoveCommand(words, n, cmd);
}

}  // namespace

TextCommand parseTextCommand(std::string_view line, BoardShape n) {
    TextCommand cmd;
    line = line.substr(0, line.find('#'));
    const std::vector<std::string> words = splitWords(line);
    if (words.empty()) return cmd;
    cmd.text = joinWords(words, 0);
    if (!parseWords(words, n, cmd)) {
        const std::string text = cmd.text;
        cmd = TextCommand{};
        cmd.kind = TextCommandKind::Bad;
        cmd.text = text;
    }
    return cmd;
}

std::string textHelp() {
    return "Commands (one a line, any case; '#' starts a comment):\n"
           "  d1-d7(g7) or d1 d7 g7   play a move for the manual player to move\n"
           "  new                     start a new game (the players stay as they are)\n"
           "  auto COLOR              let the AI play COLOR (white or black)\n"
           "  manual COLOR            let a person play COLOR\n"
           "  seed N                  seed the AI's random choices\n"
           "  dump                    print the board\n"
           "  undo                    take back moves up to the last manual player's move\n"
           "  limit SECONDS           think at most SECONDS per AI move\n"
           "  limit visits N          search at most N visits per AI move\n"
           "  limit default           back to the default budget\n"
           "  position STRING         set up a position, e.g. "
           "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w\n"
           "  help                    show this list\n"
           "  quit                    leave (so does the end of input)\n";
}

}  // namespace hippolyta
