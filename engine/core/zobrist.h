// Zobrist keys shared by every board shape; a per-shape key keeps shapes apart.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/bitboard.h"

namespace hippolyta {

struct ZobristKeys {
    std::array<std::array<uint64_t, kMaxSquares>, 2> amazon;
    std::array<uint64_t, kMaxSquares> arrow;
    std::array<uint64_t, kMaxBoardSize + 1> size;
    uint64_t blackToMove;
    // Per-shape keys of the rectangles (drawn after the others, so square hashes never change).
    std::array<std::array<uint64_t, kMaxBoardSize + 1>, kMaxBoardSize + 1> rectangle;

    static const ZobristKeys& get();
};

}  // namespace hippolyta
