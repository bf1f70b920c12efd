// Bounds that decide partly separated positions (some regions owned by one colour, others
// contested): each side's moves left lie between its owned regions' count and that count plus
// what it can make in the contested regions with the other side's amazons standing still. The
// side to move wins when its low end beats the opponent's high end, and loses when its high end
// does not. The proof of soundness is in region_bounds.cpp. Used by the df-pn solver
// (engine/solve/region_value.h) and by the tree search's leaves (SearchParams::endgameBounds).
#pragma once

#include <functional>
#include <vector>

#include "engine/regions/regions.h"

namespace hippolyta {

// One side's moves left: at least owned.lower, at most owned.upper + contested.
struct SideBounds {
    MoveBounds owned;   // its own regions (only its amazons in them)
    int contested = 0;  // its moves in contested regions with the other side frozen, at most
    int low() const { return owned.lower; }
    int high() const { return owned.upper + contested; }
};

// The rule for the side to move (mover) against the other side: Win if mover.low() >
// opponent.high(), Loss if mover.high() <= opponent.low(), else Unknown. On a separated
// position (contested = 0) it is the exact rule: the side to move wins iff it has more moves.
Outcome decideByBounds(const SideBounds& mover, const SideBounds& opponent);

// The empty squares of `region` that `amazons` (all of one side, all in the region) can ever
// reach when every other amazon stays where it is: the king-connected component of `amazons`
// within region's empty squares and `amazons`, less the amazons.
int reachableSquares(const Geometry& geo, Bitboard amazons, Bitboard regionEmpty);

// A position's regions split into owned and contested ones.
struct RegionSplit {
    std::vector<Region> regions;
    int ownedSquares[2] = {0, 0};  // empty squares of each colour's owned regions (index(c))
    bool contested = false;        // some region holds amazons of both colours
};
RegionSplit splitRegions(const Position& pos);

// The longest line of `side` in the contested regions, the other side's amazons frozen, by
// `counter` (its upper bound: the reachable squares when the count runs out of budget). A
// region where the side reaches more than maxReach squares is not counted: its squares stand.
int frozenCount(const Position& pos, const std::vector<Region>& regions, Color side,
                RegionCounter& counter, int maxReach);

// Win or Loss for the side to move (which must have a legal move) when the bounds decide,
// else Unknown. `owned` counts one owned region; `contested` counts the frozen lines (see
// frozenCount) when the reachable squares are not tight enough. Owned regions are counted only
// when some are there.
Outcome outcomeByBounds(const Position& pos, const RegionSplit& split,
                        const std::function<MoveBounds(const Region&)>& owned,
                        RegionCounter& contested, int maxReach);

}  // namespace hippolyta
