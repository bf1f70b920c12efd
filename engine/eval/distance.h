// Queen-move and king-move distance fields on bitboards: level k holds the empty squares a
// side first reaches in k moves, found by flooding through empty squares.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/position.h"

namespace hippolyta {

constexpr int kUnreached = 0xff;

// Squares reached at each distance; levels past `depth` are unspecified (not cleared, for
// speed).
struct DistanceField {
    static constexpr int kMaxLevels = kMaxSquares + 1;
    int depth = 0;                           // number of non-empty levels after level 0
    std::array<Bitboard, kMaxLevels> level;  // level[0] = the amazons themselves
    Bitboard reached = 0;                    // every empty square reached at any distance
    // Distance of sq (0 for the side's amazons, kUnreached if never reached); slow, for tests
    // and display.
    int distanceOf(int sq) const;
};

// All squares reached in one queen move from any square of `from`, through `empty`.
Bitboard queenFill(const Geometry& geo, Bitboard from, Bitboard empty);
// All squares reached in one king move from any square of `from`, within `empty`.
inline Bitboard kingFill(const Geometry& geo, Bitboard from, Bitboard empty) {
    return geo.kingNeighbours(from) & empty;
}

DistanceField queenDistances(const Position& pos, Color side);
DistanceField kingDistances(const Position& pos, Color side);

}  // namespace hippolyta
