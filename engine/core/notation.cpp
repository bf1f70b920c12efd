#include "engine/core/notation.h"
#include "engine/core/assert.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace hippolyta {

namespace {

// Reads a square at text[i] (letter then 1-2 digits), advancing i.
int readSquare(std::string_view text, size_t& i, BoardShape shape) {
    size_t start = i;
    if (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
    while (i < text.size() && i - start < 3 && std::isdigit(static_cast<unsigned char>(text[i])))
        ++i;
    if (i == start) throw NotationError("expected a square");
    return parseSquare(text.substr(start, i - start), shape);
}

}  // namespace

std::string squareName(int sq, BoardShape shape) {
    // Squares come from the rules core, never from text: one off the board is a bug.
    HIPPOLYTA_ASSERT(sq >= 0 && sq < shape.squareCount());
    std::string name(1, static_cast<char>('a' + sq % shape.width));
    name += std::to_string(sq / shape.width + 1);
    return name;
}

std::string shapeName(BoardShape shape) {
    return std::to_string(shape.width) + "x" + std::to_string(shape.height);
}

BoardShape parseShape(std::string_view text) {
    const auto side = [&](std::string_view part) {
        long long v = 0;
        if (!parseInteger(part, v))
            throw NotationError("bad board size '" + std::string(text) + "'");
        return v < 0 || v > 1000 ? 0 : static_cast<int>(v);
    };
    const size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) return BoardShape(side(text));
    return BoardShape(side(text.substr(0, x)), side(text.substr(x + 1)));
}

int parseSquare(std::string_view text, BoardShape shape) {
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
    if (s[1] == '0' || col >= shape.width || row < 1 || row > shape.height)
        throw NotationError("square '" + std::string(text) + "' is off the " + shapeName(shape) +
                            " board");
    return (row - 1) * shape.width + col;
}

std::string formatMove(Move m, BoardShape shape, MoveStyle style) {
    const std::string from = squareName(m.from, shape), to = squareName(m.to, shape),
                      arrow = squareName(m.arrow, shape);
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

Move parseMove(std::string_view raw, BoardShape shape) {
    const std::string text = lowerCase(raw);
    auto fail = [&](const std::string& why) {
        return NotationError("bad move '" + std::string(raw) + "': " + why);
    };
    try {
        size_t i = 0;
        std::vector<int> squares;
        squares.push_back(readSquare(text, i, shape));
        if (i < text.size() && (text[i] == '-' || text[i] == ' ')) ++i;
        squares.push_back(readSquare(text, i, shape));
        char sep = 0;
        if (i < text.size() && std::string_view("-/x(, ").find(text[i]) != std::string_view::npos)
            sep = text[i++];
        squares.push_back(readSquare(text, i, shape));
        if (sep == ',') {
            if (squares[2] != squares[1])
                throw fail("the arrow must be shot from " + squareName(squares[1], shape));
            squares[2] = readSquare(text, i, shape);
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
    const int w = pos.width();
    std::string out;
    for (int row = pos.height() - 1; row >= 0; --row) {
        int run = 0;
        for (int col = 0; col < w; ++col) {
            const Piece p = pos.at(row * w + col);
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

namespace {

NotationError positionError(const std::string& why) {
    return NotationError("bad position string: " + why);
}

// One rank of a position string (top rank first) as pieces, left to right.
std::vector<Piece> readRank(std::string_view rank, int row) {
    std::vector<Piece> squares;
    for (size_t i = 0; i < rank.size();) {
        const char c = rank[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            if (c == '0') throw positionError("a run of empty squares can't start with 0");
            int run = 0;
            while (i < rank.size() && std::isdigit(static_cast<unsigned char>(rank[i])) &&
                   run <= kMaxBoardSize)
                run = run * 10 + (rank[i++] - '0');
            squares.insert(squares.end(), static_cast<size_t>(std::min(run, kMaxBoardSize + 1)),
                           Piece::Empty);
        } else {
            const Piece p = c == 'W'   ? Piece::WhiteAmazon
                            : c == 'B' ? Piece::BlackAmazon
                            : c == 'x' ? Piece::Arrow
                                       : Piece::Empty;
            if (p == Piece::Empty)
                throw positionError(std::string("unexpected character '") + c + "'");
            squares.push_back(p);
            ++i;
        }
        if (static_cast<int>(squares.size()) > kMaxBoardSize)
            throw positionError("rank " + std::to_string(row + 1) + " has more than " +
                                std::to_string(kMaxBoardSize) + " squares");
    }
    return squares;
}

}  // namespace

Position parsePosition(std::string_view text) {
    const size_t space = text.find(' ');
    if (space == std::string_view::npos)
        throw positionError("missing ' w' or ' b' after the board");
    const std::string_view board = text.substr(0, space), side = text.substr(space + 1);
    if (side != "w" && side != "b") throw positionError("side to move must be 'w' or 'b'");
    std::vector<std::string_view> ranks;
    for (size_t start = 0;;) {
        const size_t slash = board.find('/', start);
        ranks.push_back(board.substr(start, slash - start));
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    const int h = static_cast<int>(ranks.size());
    if (h < kMinBoardSize || h > kMaxBoardSize)
        throw positionError(std::to_string(h) + " ranks; the board size must be 4..11");
    std::vector<std::vector<Piece>> rows;
    for (int r = 0; r < h; ++r)
        rows.push_back(readRank(ranks[static_cast<size_t>(r)], h - 1 - r));
    const int w = static_cast<int>(rows[0].size());
    if (w < kMinBoardSize)
        throw positionError("rank " + std::to_string(h) + " has " + std::to_string(w) +
                            " squares; the board width must be 4..11");
    Position pos = Position::emptyBoard(BoardShape(w, h));
    for (int r = 0; r < h; ++r) {
        const int row = h - 1 - r;
        if (static_cast<int>(rows[r].size()) != w)
            throw positionError("rank " + std::to_string(row + 1) + " does not have " +
                                std::to_string(w) + " squares");
        for (int col = 0; col < w; ++col)
            if (rows[r][col] != Piece::Empty) pos.place(row * w + col, rows[r][col]);
    }
    if (!pos.amazons(Color::White) || !pos.amazons(Color::Black))
        throw positionError("each side needs at least one amazon");
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
