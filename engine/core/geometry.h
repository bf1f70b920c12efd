// Per-board-size constant tables: masks for bitboard shifts and the line tables that make
// queen-move generation and counting a few table look-ups.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/assert.h"
#include "engine/core/bitboard.h"

namespace hippolyta {

// The eight queen directions as (dcol, drow).
struct Direction {
    int dc;
    int dr;
};
constexpr std::array<Direction, 8> kDirections = {
    {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}};

// A board line is a rank, a file, a diagonal or an anti-diagonal. Each line's occupancy is kept
// as a 16-bit word indexed by position along the line; positions off the board are set, so one
// table serves every line length.
constexpr int kLineBits = kMaxBoardSize;          // positions along a line
constexpr int kMaxLines = 6 * kMaxBoardSize - 2;  // 3 * (width + height) - 2 at most

struct SquareLines {
    std::array<uint8_t, 4> line;  // rank, file, diagonal, anti-diagonal ids
    std::array<uint8_t, 4> pos;   // position of the square along each line
};

class Geometry {
  public:
    // The shared, immutable tables for a board shape (each side kMinBoardSize..kMaxBoardSize);
    // an int n gives the square n x n board. Throws std::out_of_range for other shapes.
    static const Geometry& forSize(BoardShape shape);

    BoardShape shape() const { return BoardShape(w_, h_); }
    int width() const { return w_; }
    int height() const { return h_; }
    bool isSquare() const { return w_ == h_; }
    // The number of columns, which is also the row stride of square indices; on a square board
    // its side. Code that also needs the number of rows asks height().
    int size() const { return w_; }
    int squareCount() const { return w_ * h_; }
    int square(int col, int row) const {
        HIPPOLYTA_ASSERT(onBoard(col, row));
        return row * w_ + col;
    }
    int col(int sq) const { return sq % w_; }
    int row(int sq) const { return sq / w_; }
    bool onBoard(int col, int row) const { return col >= 0 && row >= 0 && col < w_ && row < h_; }

    Bitboard boardMask() const { return board_; }
    int lineCount() const { return lineCount_; }
    const SquareLines& linesOf(int sq) const {
        HIPPOLYTA_ASSERT(sq >= 0 && sq < squareCount());
        return squareLines_[sq];
    }
    // The empty-board occupancy word of a line: off-board positions set.
    uint16_t emptyLineWord(int line) const { return emptyLine_[line]; }
    int lineSquare(int line, int pos) const {
        HIPPOLYTA_ASSERT(line >= 0 && line < lineCount_ && lineSquare_[line][pos] != 0xff);
        return lineSquare_[line][pos];
    }

    // Bitboard shift by one step in direction d, dropping squares that leave the board.
    Bitboard shift(Bitboard b, int d) const {
        const Direction dir = kDirections[d];
        const int delta = dir.dr * w_ + dir.dc;
        Bitboard moved = delta > 0 ? b << delta : b >> -delta;
        return moved & shiftMask_[d];
    }
    // Squares a king step away from any square of b.
    Bitboard kingNeighbours(Bitboard b) const {
        Bitboard r = 0;
        for (int d = 0; d < 8; ++d)
            r |= shift(b, d);
        return r;
    }

  private:
    Geometry(int width, int height);

    int w_;
    int h_;
    int lineCount_ = 0;
    Bitboard board_ = 0;
    std::array<Bitboard, 8> shiftMask_{};
    std::array<SquareLines, kMaxSquares> squareLines_{};
    std::array<uint16_t, kMaxLines> emptyLine_{};
    std::array<std::array<uint8_t, kLineBits>, kMaxLines> lineSquare_{};
};

// Slides along one line: for a square at `pos` in a line with occupancy `occ` (the square's own
// bit ignored), the mask of reachable positions and their number.
struct LineTables {
    static const LineTables& get();
    uint16_t reach(int pos, uint16_t occ) const { return reach_[pos][occ]; }
    uint8_t count(int pos, uint16_t occ) const { return count_[pos][occ]; }

  private:
    LineTables();
    std::array<std::array<uint16_t, 1 << kLineBits>, kLineBits> reach_;
    std::array<std::array<uint8_t, 1 << kLineBits>, kLineBits> count_;
};

}  // namespace hippolyta
