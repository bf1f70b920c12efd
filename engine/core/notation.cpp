#include "engine/core/notation.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace hippolyta {

namespace {

// Reads a square at text[i] (letter then 1-2 digits), advancing i.
int readSquare(std::string_view text, size_t& i, int n) {
    size_t start = i;
    if (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    while (i < text.size() && i - start < 3 && std::isdigit(static_cast<unsigned char>(text[i])))
        ++i;
    if (i == start) throw NotationError("expected a square");
    return parseSquare(text.substr(start, i - start), n);
}

}  // namespace

std::string squareName(int sq, int n) {
    std::string name(1, static_cast<char>('a' + sq % n));
    name += std::to_string(sq / n + 1);
    return name;
}

int parseSquare(std::string_view text, int n) {
    const std::string s = lowerCase(text);
    if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] > 'z')
        throw NotationError("bad square '" + std::string(text) + "'");
    const int col = s[0] - 'a';
    int row = 0;
    for (size_t i = 1; i < s.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(s[i])))
            throw NotationError("bad square '" + std::string(text) + "'");
        row = row * 10 + (s[i] - '0');
    }
    if (s[1] == '0' || col >= n || row < 1 || row > n)
        throw NotationError("square '" + std::string(text) + "' is off the " + std::to_string(n) +
                            "x" + std::to_string(n) + " board");
    return (row - 1) * n + col;
}

std::string formatMove(Move m, int n, MoveStyle style) {
    const std::string from = squareName(m.from, n), to = squareName(m.to, n),
                      arrow = squareName(m.arrow, n);
    switch (style) {
        case MoveStyle::Parenthesis:
            return from + "-" + to + "(" + arrow + ")";
        case MoveStyle::Dash:
            return from + "-" + to + "-" + arrow;
        case MoveStyle::Slash:
        default:
            return from + "-" + to + "/" + arrow;
    }
}

Move parseMove(std::string_view raw, int n) {
    const std::string text = lowerCase(raw);
    auto fail = [&](const std::string& why) {
        return NotationError("bad move '" + std::string(raw) + "': " + why);
    };
    try {
        size_t i = 0;
        std::vector<int> squares;
        squares.push_back(readSquare(text, i, n));
        if (i < text.size() && (text[i] == '-' || text[i] == ' ')) ++i;
        squares.push_back(readSquare(text, i, n));
        char sep = 0;
        if (i < text.size() && std::string_view("-/x(, ").find(text[i]) != std::string_view::npos)
            sep = text[i++];
        squares.push_back(readSquare(text, i, n));
        if (sep == ',') {
            if (squares[2] != squares[1])
                throw fail("the arrow must be shot from " + squareName(squares[1], n));
            squares[2] = readSquare(text, i, n);
        }
        if (sep == '(') {
            if (i >= text.size() || text[i] != ')') throw fail("missing ')'");
            ++i;
        }
        if (i != text.size()) throw fail("unexpected text after the move");
        return Move{static_cast<uint8_t>(squares[0]), static_cast<uint8_t>(squares[1]),
                    static_cast<uint8_t>(squares[2])};
    } catch (const NotationError& e) {
        if (startsWith(e.what(), "bad move")) throw;
        throw fail(e.what());
    }
}

std::string formatPosition(const Position& pos) {
    const int n = pos.size();
    std::string out;
    for (int row = n - 1; row >= 0; --row) {
        int run = 0;
        for (int col = 0; col < n; ++col) {
            const Piece p = pos.at(row * n + col);
            if (p == Piece::Empty) {
                ++run;
                continue;
            }
            if (run) out += std::to_string(run);
            run = 0;
            out += p == Piece::WhiteAmazon ? 'W' : p == Piece::BlackAmazon ? 'B' : 'x';
        }
        if (run) out += std::to_string(run);
        if (row) out += '/';
    }
    out += ' ';
    out += colorLetter(pos.sideToMove()) == 'W' ? 'w' : 'b';
    return out;
}

Position parsePosition(std::string_view text) {
    auto fail = [&](const std::string& why) {
        return NotationError("bad position string: " + why);
    };
    const size_t space = text.find(' ');
    if (space == std::string_view::npos) throw fail("missing ' w' or ' b' after the board");
    const std::string_view board = text.substr(0, space), side = text.substr(space + 1);
    if (side != "w" && side != "b") throw fail("side to move must be 'w' or 'b'");
    std::vector<std::string_view> ranks;
    for (size_t start = 0;;) {
        const size_t slash = board.find('/', start);
        ranks.push_back(board.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const int n = static_cast<int>(ranks.size());
    if (n < kMinBoardSize || n > kMaxBoardSize)
        throw fail(std::to_string(n) + " ranks; the board size must be 4..11");
    Position pos = Position::emptyBoard(n);
    for (int r = 0; r < n; ++r) {
        const int row = n - 1 - r;
        int col = 0;
        const std::string_view rank = ranks[r];
        for (size_t i = 0; i < rank.size();) {
            const char c = rank[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                if (c == '0') throw fail("a run of empty squares can't start with 0");
                int run = 0;
                while (i < rank.size() && std::isdigit(static_cast<unsigned char>(rank[i])) &&
                       run <= n)
                    run = run * 10 + (rank[i++] - '0');
                col += run;
                if (col > n) break;
                continue;
            }
            const Piece p = c == 'W'   ? Piece::WhiteAmazon
                            : c == 'B' ? Piece::BlackAmazon
                            : c == 'x' ? Piece::Arrow
                                       : Piece::Empty;
            if (p == Piece::Empty) throw fail(std::string("unexpected character '") + c + "'");
            if (col >= n)
                throw fail("rank " + std::to_string(row + 1) + " has more than " +
                           std::to_string(n) + " squares");
            pos.place(row * n + col++, p);
            ++i;
        }
        if (col != n)
            throw fail("rank " + std::to_string(row + 1) + " does not have " + std::to_string(n) +
                       " squares");
    }
    if (!pos.amazons(Color::White) || !pos.amazons(Color::Black))
        throw fail("each side needs at least one amazon");
    pos.setSideToMove(side == "w" ? Color::White : Color::Black);
    return pos;
}

char colorLetter(Color c) {
    return c == Color::White ? 'W' : 'B';
}
const char* colorName(Color c) {
    return c == Color::White ? "white" : "black";
}

Color parseColor(std::string_view text) {
    const std::string s = lowerCase(text);
    if (s == "w" || s == "white") return Color::White;
    if (s == "b" || s == "black") return Color::Black;
    throw NotationError("bad color '" + std::string(text) + "'");
}

}  // namespace hippolyta
