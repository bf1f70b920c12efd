// The eight symmetries of the square board (identity, three rotations, four reflections) and
// the colour swap. Queen moves map to queen moves under each of them, so a position and its
// image have the same game value (the colour swap exchanges the sides: the side to move keeps
// its chances) and their moves correspond one to one. The opening book keys positions by them;
// training-data augmentation maps positions, moves and per-square targets with them.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

constexpr int kSymmetryCount = 8;  // 0 is the identity

// Square sq of an n x n board under symmetry s (0..7): the identity, rotations by 90, 180 and
// 270 degrees (anticlockwise), the left-right mirror, the top-bottom mirror, the transpose (a1-h8
// diagonal) and the anti-transpose.
int transformSquare(int sq, int n, int s);
Move transformMove(Move m, int n, int s);
// The symmetry that undoes s.
int inverseSymmetry(int s);
// The image of the whole position (pieces, arrows and side to move) under s.
Position transformPosition(const Position& pos, int s);

// A per-square map (n * n entries, Position's indexing) under s: out[transformSquare(sq)] =
// in[sq], so the map still describes the transformed position.
template <typename T>
std::vector<T> transformSquareMap(const std::vector<T>& in, int n, int s) {
    std::vector<T> out(in.size());
    for (int sq = 0; sq < n * n; ++sq)
        out[static_cast<size_t>(transformSquare(sq, n, s))] = in[static_cast<size_t>(sq)];
    return out;
}

// The colour swap: White's amazons become Black's and back, and the other side is to move.
// Squares and moves stay; a side's ownership (+1 White, -1 Black) changes sign.
Position swapColours(const Position& pos);

}  // namespace hippolyta
