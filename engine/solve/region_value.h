// Exact values of separated positions. Once no region holds amazons of both colours, each
// region is a combinatorial game that only its owner can move in, of value n = the moves it
// gives its owner (an integer); the sum of independent regions is the sum of the integers, and
// the side to move wins iff its own total is larger than the opponent's. Each lone-amazon
// region of up to the database's size is looked up; larger ones, or ones with several amazons,
// are counted by RegionCounter (exact within its budget, else bounds). Bounds still decide when
// they do not overlap.
//
// Mixed (contested) regions are not valued: the search goes on until they split. See
// docs/solver.md.
#pragma once

#include "engine/eval/regions.h"
#include "engine/solve/region_db.h"

namespace hippolyta {

struct SideMoves {
    MoveBounds white, black;
    bool separated = false;
    int databaseHits = 0;
};

class RegionValuer {
  public:
    // db may be null (counting only). The counter's budget bounds each region count.
    explicit RegionValuer(const RegionDatabase* db, uint64_t countBudget = 200000);

    // Moves left for each side; separated = false (and nothing else) when some region is
    // contested.
    SideMoves movesLeft(const Position& pos) const;
    // Win or Loss for the side to move when the position is separated and the bounds decide.
    Outcome outcome(const Position& pos) const;
    const RegionDatabase* database() const { return db_; }
    uint64_t databaseHits() const { return hits_; }

  private:
    const RegionDatabase* db_;
    mutable RegionCounter counter_;
    mutable uint64_t hits_ = 0;
};

}  // namespace hippolyta
