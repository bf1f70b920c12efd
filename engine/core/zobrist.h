// Zobrist keys shared by every board size; a per-size key keeps sizes apart.
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

    static const ZobristKeys& get();
};

}  // namespace hippolyta
