// Dominated moves in one's own territories. A region holding only the side to move's amazons is
// an integer in the sum of the game (its exact move count c, region_value.h), and a move inside
// it changes nothing elsewhere and leaves at most c - 1 there. Since G + a <= G + b for the
// mover whenever a <= b, a move that leaves exactly c - 1 is at least as good as every other
// move in that region: the search keeps that one (the first in move-generation order) and drops
// the rest. A proof of a loss names the kept move of each territory (an 'R' record), and the
// checker verifies it with its own exact count (proof_check.h).
#pragma once

#include <vector>

#include "engine/core/position.h"
#include "engine/regions/regions.h"

namespace hippolyta {

struct TerritoryReduction {
    std::vector<Move> kept;    // one per reduced territory, in region order (lowest square first)
    Bitboard reducedFrom = 0;  // the amazons of the reduced territories
    // The moves the search keeps: all but the reduced territories' others.
    bool keeps(Move m) const;
};

// The side to move's territories with at least one move and exact counts (within the counter's
// budget) are reduced; the others are left whole.
TerritoryReduction reduceTerritories(const Position& pos, RegionCounter& counter);

}  // namespace hippolyta
