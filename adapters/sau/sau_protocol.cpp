#include "adapters/sau/sau_protocol.h"

#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

bool isSeparator(char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == 0x7f;
}

std::vector<std::string_view> wordsOf(std::string_view line) {
    std::vector<std::string_view> words;
    size_t at = 0;
    while (at < line.size()) {
        while (at < line.size() && isSeparator(line[at]))
            ++at;
        const size_t start = at;
        while (at < line.size() && !isSeparator(line[at]))
            ++at;
        if (at > start) words.push_back(line.substr(start, at - start));
    }
    return words;
}

std::optional<SauColor> parseSauColor(std::string_view word) {
    const std::string w = lowerCase(word);
    if (w == "black") return SauColor::Black;
    if (w == "white") return SauColor::White;
    return std::nullopt;
}

// The command starting at words[i]; sets `used` to the words it takes (at least one).
SauCommand commandAt(const std::vector<std::string_view>& words, size_t i, size_t& used) {
    SauCommand cmd;
    used = 1;
    const std::string word = lowerCase(words[i]);
    const std::string_view next = i + 1 < words.size() ? words[i + 1] : std::string_view();
    if (word == "name?") {
        cmd.kind = SauCommandKind::Name;
    } else if (word == "error") {
        cmd.kind = SauCommandKind::Error;
    } else if (word == "quit") {
        cmd.kind = SauCommandKind::Quit;
    } else if (word == "new" && parseSauColor(next)) {
        cmd.kind = SauCommandKind::New;
        cmd.color = parseSauColor(next);
        used = 2;
    } else if (word == "move" && parseSauMove(next)) {
        cmd.kind = SauCommandKind::Move;
        cmd.move = parseSauMove(next);
        used = 2;
    } else if (word == "end") {
        cmd.kind = SauCommandKind::End;
        cmd.color = parseSauColor(next);
        if (cmd.color) used = 2;
    }
    return cmd;
}

}  // namespace

const char* sauColorName(SauColor c) {
    return c == SauColor::Black ? "black" : "white";
}

int sauSquare(int x, int y) {
    return (kSauBoardSize - 1 - y) * kSauBoardSize + x;
}

std::optional<Move> parseSauMove(std::string_view text) {
    if (text.size() != 6) return std::nullopt;
    int v[6];
    for (int i = 0; i < 6; ++i) {
        const char c = static_cast<char>(text[i] >= 'a' && text[i] <= 'z' ? text[i] - 32 : text[i]);
        if (c < 'A' || c >= 'A' + kSauBoardSize) return std::nullopt;
        v[i] = c - 'A';
    }
    return Move{static_cast<uint8_t>(sauSquare(v[0], v[1])),
                static_cast<uint8_t>(sauSquare(v[2], v[3])),
                static_cast<uint8_t>(sauSquare(v[4], v[5]))};
}

std::string formatSauMove(Move m) {
    std::string out;
    for (const int sq : {int(m.from), int(m.to), int(m.arrow)}) {
        out += static_cast<char>('A' + sq % kSauBoardSize);
        out += static_cast<char>('A' + (kSauBoardSize - 1 - sq / kSauBoardSize));
    }
    return out;
}

bool sauGameOver(const Position& pos) {
    return !pos.hasLegalMove(Color::White) || !pos.hasLegalMove(Color::Black);
}

Color sauWinner(const Position& pos) {
    // The platform's Black (our White) wins when our Black has no move, both walls included.
    return pos.hasLegalMove(Color::Black) ? Color::Black : Color::White;
}

std::vector<SauCommand> parseSauLine(std::string_view line) {
    const std::vector<std::string_view> words = wordsOf(line);
    std::vector<SauCommand> commands;
    for (size_t i = 0; i < words.size();) {
        size_t used = 1;
        SauCommand cmd = commandAt(words, i, used);
        for (size_t k = i; k < i + used; ++k) {
            if (k > i) cmd.text += ' ';
            cmd.text.append(words[k]);
        }
        i += used;
        // A run of words that start no command is one Unknown command.
        if (cmd.kind == SauCommandKind::Unknown && !commands.empty() &&
            commands.back().kind == SauCommandKind::Unknown)
            commands.back().text.append(" ").append(cmd.text);
        else
            commands.push_back(std::move(cmd));
    }
    return commands;
}

}  // namespace hippolyta
