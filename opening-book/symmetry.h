// The book's normal form of a position under the eight symmetries of the square board
// (engine/core/symmetry.h): the book keys every position by the least Zobrist hash over its
// eight images, so mirror-image lines share one entry. (From the standard set-up only the
// left-right mirror can arise; positions set up by hand may be related by any of the eight.)
#pragma once

#include <cstdint>

#include "engine/core/position.h"
#include "engine/core/symmetry.h"

namespace hippolyta {

// A position's book key: the least hash over its images, and the symmetry giving that image
// (the first such when the position is symmetric, so the choice is deterministic).
struct NormalForm {
    uint64_t key = 0;
    int symmetry = 0;
};
NormalForm normalForm(const Position& pos);

}  // namespace hippolyta
