// Exact values of separated positions, and bounds on partly separated ones.
//
// Separated: once no region holds amazons of both colours, each region is a combinatorial game
// that only its owner can move in, of value n = the moves it gives its owner (an integer); the
// sum of independent regions is the sum of the integers, and the side to move wins iff its own
// total is larger than the opponent's. Each lone-amazon region of up to the database's size is
// looked up; larger ones, or ones with several amazons, are counted by RegionCounter (exact
// within its budget, else bounds). Bounds still decide when they do not overlap.
//
// Partly separated (some regions owned by one colour, others contested): each side's moves
// left lie between its owned regions' count and that count plus the squares it can reach in
// the contested regions; the side to move wins when its low end beats the opponent's high end,
// and loses when its high end does not. The proof of soundness is in region_value.cpp. Mixed
// positions the bounds do not decide are searched on. See docs/solver.md.
#pragma once

#include "engine/eval/regions.h"
#include "engine/solve/region_db.h"

namespace hippolyta {

struct SideMoves {
    MoveBounds white, black;
    bool separated = false;
    int databaseHits = 0;
};

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

class RegionValuer {
  public:
    // db may be null (counting only). The counter's budget bounds each region count.
    explicit RegionValuer(const RegionDatabase* db, uint64_t countBudget = 200000);

    // Moves left for each side; separated = false (and nothing else) when some region is
    // contested.
    SideMoves movesLeft(const Position& pos) const;
    // Win or Loss for the side to move when the bounds decide. Without beforeSeparation only
    // separated positions are valued (the rule of version 1 proofs' 'C' leaves).
    Outcome outcome(const Position& pos, bool beforeSeparation = false) const;
    const RegionDatabase* database() const { return db_; }
    uint64_t databaseHits() const { return hits_; }

  private:
    // Search nodes for a contested region's count with the other side frozen.
    static constexpr uint64_t kContestedBudget = 20000;
    MoveBounds ownedRegion(const Position& pos, const Region& r, int& databaseHits) const;
    // The longest line of `side` in the contested regions, the other side's amazons frozen
    // (upper bound: the reachable squares when the count runs out of budget).
    int frozenCount(const Position& pos, const std::vector<Region>& regions, Color side) const;

    const RegionDatabase* db_;
    mutable RegionCounter counter_;
    mutable RegionCounter contestedCounter_;
    mutable uint64_t hits_ = 0;
};

}  // namespace hippolyta
