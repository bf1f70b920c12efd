// The eight symmetries of the square board (identity, three rotations, four reflections). Queen
// moves map to queen moves under each of them and colours stay, so a position and its image have
// the same game value and their moves correspond one to one. The book keys every position by the
// least Zobrist hash over its eight images, so mirror-image lines share one entry. (From the
// standard set-up only the left-right mirror can arise; positions set up by hand may be related
// by any of the eight.)
#pragma once

#include <cstdint>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

constexpr int kSymmetryCount = 8;  // 0 is the identity

// Square sq of an n x n board under symmetry s (0..7).
int transformSquare(int sq, int n, int s);
Move transformMove(Move m, int n, int s);
// The symmetry that undoes s.
int inverseSymmetry(int s);
// The image of the whole position (pieces, arrows and side to move) under s.
Position transformPosition(const Position& pos, int s);

// A position's book key: the least hash over its images, and the symmetry giving that image
// (the first such when the position is symmetric, so the choice is deterministic).
struct NormalForm {
    uint64_t key = 0;
    int symmetry = 0;
};
NormalForm normalForm(const Position& pos);

}  // namespace hippolyta
