// The side to move's view of a position that the move orders score squares by (move_order.cpp,
// move_prior.cpp): the empty squares, each side's amazons, and each side's queen distance to
// every empty square.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/position.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

struct SideDistances {
    Bitboard empty, own, opp;  // own: the side to move's amazons
    // Queen moves from a side's amazons to each empty square; `unreached` where none gets there.
    std::array<uint8_t, kMaxSquares> toOwn, toOpp;
};

template <int N>
SideDistances sideDistances(const Position& pos, uint8_t unreached) {
    const Color me = pos.sideToMove();
    SideDistances d;
    d.empty = pos.emptySquares();
    d.own = pos.amazons(me);
    d.opp = pos.amazons(opposite(me));
    queenDistanceTable<N>(d.own, d.empty, unreached, d.toOwn);
    queenDistanceTable<N>(d.opp, d.empty, unreached, d.toOpp);
    return d;
}

}  // namespace hippolyta
