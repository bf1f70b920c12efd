// The rules core: an Amazons position on a width x height board with make/undo, legal move
// generation, counting and an incremental Zobrist hash. No text I/O here (see notation.h).
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bitboard.h"
#include "engine/core/geometry.h"
#include "engine/core/move.h"

namespace hippolyta {

enum class Piece : uint8_t { Empty, WhiteAmazon, BlackAmazon, Arrow };

class Position {
  public:
    // The standard start for a board shape (an int n: the n x n board), White to move. On a
    // square board, with k = (n-1)/3: White on (0,k) (k,0) (n-1-k,0) (n-1,k), Black mirrored top
    // to bottom. Rectangles follow the solver papers' layouts (start_layouts.h).
    static Position start(BoardShape shape = BoardShape(kDefaultBoardSize));
    // An empty board of the shape, White to move; fill it with place().
    static Position emptyBoard(BoardShape shape);

    BoardShape shape() const { return geo_->shape(); }
    // The number of columns (the row stride); the side of a square board.
    int width() const { return geo_->width(); }
    int height() const { return geo_->height(); }
    const Geometry& geometry() const { return *geo_; }
    Color sideToMove() const { return side_; }
    Bitboard amazons(Color c) const { return amazons_[index(c)]; }
    Bitboard arrows() const { return occupied_ & ~(amazons_[0] | amazons_[1]); }
    Bitboard occupied() const { return occupied_; }
    Bitboard emptySquares() const { return geo_->boardMask() & ~occupied_; }
    uint64_t hash() const { return hash_; }
    Piece at(int sq) const;

    // Set-up (not for search): put a piece on a square (Empty clears it), choose the mover.
    void place(int sq, Piece p);
    void setSideToMove(Color c);

    // m must be legal for the side to move; undoMove(m) must follow makeMove(m) in LIFO order.
    void makeMove(Move m);
    void undoMove(Move m);

    bool isLegal(Move m) const;
    void generateMoves(MoveList& out) const;
    uint64_t countMoves() const;
    // A side can move iff one of its amazons has an empty neighbour: it steps there and shoots
    // back to the square it left.
    bool hasLegalMove(Color c) const;
    bool hasLegalMove() const { return hasLegalMove(side_); }
    bool isGameOver() const { return !hasLegalMove(); }

    // Number of empty squares a queen on sq reaches (its own square ignored).
    int queenReachCount(int sq) const;
    Bitboard queenReach(int sq) const;

    uint64_t computeHash() const;
    // The bitboards, the line occupancy and the hash agree with each other (for assertions and
    // tests; O(squares)).
    bool consistent() const;
    friend bool operator==(const Position& a, const Position& b) {
        return a.geo_ == b.geo_ && a.side_ == b.side_ && a.occupied_ == b.occupied_ &&
               a.amazons_[0] == b.amazons_[0] && a.amazons_[1] == b.amazons_[1];
    }
    friend bool operator!=(const Position& a, const Position& b) { return !(a == b); }

  private:
    explicit Position(BoardShape shape);
    void toggleLines(int sq) {
        const SquareLines& sl = geo_->linesOf(sq);
        for (int k = 0; k < 4; ++k)
            lines_[sl.line[k]] ^= static_cast<uint16_t>(1u << sl.pos[k]);
    }

    const Geometry* geo_;
    Color side_ = Color::White;
    Bitboard occupied_ = 0;
    std::array<Bitboard, 2> amazons_{};
    uint64_t hash_ = 0;
    std::array<uint16_t, kMaxLines> lines_{};
};

// Leaf count of the move tree to `depth` plies, counting the last ply in bulk.
uint64_t perft(Position& pos, int depth);

}  // namespace hippolyta
