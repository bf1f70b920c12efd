// Exact values of separated positions, and bounds on partly separated ones.
//
// Separated: once no region holds amazons of both colours, each region is a combinatorial game
// that only its owner can move in, of value n = the moves it gives its owner (an integer); the
// sum of independent regions is the sum of the integers, and the side to move wins iff its own
// total is larger than the opponent's. Each lone-amazon region of up to the database's size is
// looked up; larger ones, or ones with several amazons, are counted by RegionCounter (exact
// within its budget, else bounds). Bounds still decide when they do not overlap.
//
// Partly separated (some regions owned by one colour, others contested): the bounds of
// engine/regions/region_bounds.h (the tree search uses them too), with the database for the owned
// regions. Where just one region is contested, small, and the owned ones are counted exactly,
// local search of that region decides (local_game.h); where each contested region is small,
// the sum of every region's value as a combinatorial game decides (region_game.h). Other mixed
// positions are searched on. See docs/solver-design.md.
#pragma once

#include "engine/regions/region_bounds.h"
#include "engine/solve/local_game.h"
#include "engine/solve/region_db.h"
#include "engine/solve/region_game.h"

namespace hippolyta {

// What decided a position without search.
enum class LeafRule : uint8_t { None, Count, Bounds, Local, Sums };

// Beyond the bounds, what may value a partly separated position: local search of a lone
// contested region, the sum of the regions' game values.
struct ContestedRules {
    bool local = false;
    bool sums = false;
};

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
    // Win or Loss for the side to move when the bounds decide. Without beforeSeparation only
    // separated positions are valued (the rule of version 1 proofs' 'C' leaves); `contested`
    // adds local search and game sums. `rule` (if given) says which decided.
    Outcome outcome(const Position& pos, bool beforeSeparation = false,
                    ContestedRules contested = {}, LeafRule* rule = nullptr) const;
    const RegionDatabase* database() const { return db_; }
    uint64_t databaseHits() const { return hits_; }
    // The local searches' work: their nodes, and the searches that ran out of budget.
    uint64_t localNodes() const { return local_.nodesSearched(); }
    uint64_t localGivenUp() const { return local_.givenUpSearches(); }
    // The game sums' work: regions expanded, and values that ran out of budget.
    uint64_t sumsNodes() const { return games_.nodesSearched(); }
    uint64_t sumsGivenUp() const { return games_.givenUpSearches(); }

  private:
    // Search nodes for a contested region's count with the other side frozen.
    static constexpr uint64_t kContestedBudget = 20000;
    // The largest contested region local search takes, in empty squares, and its budget.
    static constexpr int kLocalSquares = 12;
    static constexpr uint64_t kLocalBudget = 1000;
    // Game sums: each contested region's empty squares, all of them together (what the proof
    // checker's minimax takes), the regions expanded for one value, the games kept.
    static constexpr int kSumsSquares = 6;
    static constexpr int kSumsTotalSquares = 16;
    static constexpr uint64_t kSumsBudget = 1000;
    static constexpr size_t kSumsGames = 1 << 20;
    MoveBounds ownedRegion(const Position& pos, const Region& r, int& databaseHits) const;
    Outcome localOutcome(const Position& pos, const RegionSplit& split, int& databaseHits) const;
    Outcome sumsOutcome(const Position& pos, const RegionSplit& split, int& databaseHits) const;
    // The owned regions' exact counts, the side to move's less the opponent's; none unless
    // every count is exact.
    std::optional<int> ownedBalance(const Position& pos, const RegionSplit& split,
                                    int& databaseHits) const;

    const RegionDatabase* db_;
    mutable RegionCounter counter_;
    mutable RegionCounter contestedCounter_;
    mutable LocalGameSolver local_;
    mutable RegionGames games_;
    mutable uint64_t hits_ = 0;
};

}  // namespace hippolyta
