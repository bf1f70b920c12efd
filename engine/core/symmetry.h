// The eight symmetries of the square board (identity, three rotations, four reflections) and
// the colour swap. A rectangle keeps only the four that keep its width and height (the
// identity, the half turn and the two mirrors); the others refuse it. Queen moves map to queen
// moves under each of them, so a position and its image have the same game value (the colour swap
// exchanges the sides: the side to move keeps its chances) and their moves correspond one to one.
// The opening book keys positions by them; training-data augmentation maps positions, moves and
// per-square targets with them.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

constexpr int kSymmetryCount = 8;  // 0 is the identity

// Square sq of a board (an int n: the n x n board) under symmetry s (0..7): the identity,
// rotations by 90, 180 and 270 degrees (anticlockwise), the left-right mirror, the top-bottom
// mirror, the transpose (a1-h8 diagonal) and the anti-transpose. Throws std::invalid_argument
// for a symmetry that would swap a rectangle's width and height.
int transformSquare(int sq, BoardShape shape, int s);
Move transformMove(Move m, BoardShape shape, int s);
// Whether s maps the board onto itself: all eight on a square board, 0, 2, 4 and 5 otherwise.
bool symmetryKeepsShape(BoardShape shape, int s);
// The symmetry that undoes s.
int inverseSymmetry(int s);
// The image of the whole position (pieces, arrows and side to move) under s.
Position transformPosition(const Position& pos, int s);

// A per-square map (one entry a square, Position's indexing) under s: out[transformSquare(sq)] =
// in[sq], so the map still describes the transformed position.
template <typename T>
std::vector<T> transformSquareMap(const std::vector<T>& in, BoardShape shape, int s) {
    std::vector<T> out(in.size());
    for (int sq = 0; sq < shape.squareCount(); ++sq)
        out[static_cast<size_t>(transformSquare(sq, shape, s))] = in[static_cast<size_t>(sq)];
    return out;
}

// The colour swap: White's amazons become Black's and back, and the other side is to move.
// Squares and moves stay; a side's ownership (+1 White, -1 Black) changes sign.
Position swapColours(const Position& pos);

}  // namespace hippolyta
