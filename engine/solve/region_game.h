// The value of a board region as a combinatorial game (cgt.h), White as Left. A region's value
// depends on its squares and amazons alone, so one region met in many positions is valued
// once. An owned region is an integer (its count of moves, positive for White); a contested
// one is {the values after White's moves | after Black's}, where a move that cuts the region
// leaves the sum of its parts' values. The solver's --sums adds the values of every region of
// a partly separated position and so decides positions with several contested regions, where
// the local search of local_game.h, which takes one, cannot (docs/solver-design.md).
#pragma once

#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "engine/regions/regions.h"
#include "engine/solve/cgt.h"

namespace hippolyta {

// The position with every square outside `keep` blocked by an arrow.
Position walledTo(const Position& pos, Bitboard keep);

// One line per region with amazons: its squares (amazons in capitals, W or B after them), and
// its value (or "unknown" past the budget); then the sum and who wins it moving first, as
// "sum: G; White to move wins" (or "unknown" when some region has none).
std::string regionValuesReport(const Position& pos, uint64_t nodeBudget);

class RegionGames {
  public:
    // nodeBudget: regions expanded per value() call; maxGames: games (and region values) kept
    // before the store and every value are dropped (ids from before a drop are then
    // meaningless).
    RegionGames(uint64_t nodeBudget, size_t maxGames);

    // The value of region r of pos (one of findRegions(pos)), or none when the budget runs out
    // (or ran out before for this region) or an owned region's count does.
    std::optional<GameId> value(const Position& pos, const Region& r);
    GameStore& store() { return store_; }
    // Drops everything if the store or the values have grown past maxGames: call before a new
    // value() series
    // whose ids must stay valid together.
    void trim();
    uint64_t nodesSearched() const { return nodes_; }
    uint64_t givenUpSearches() const { return givenUpSearches_; }

  private:
    // A region by its squares (empty squares and amazons) and each colour's amazons there, on
    // a board of this width (the squares' bits mean other shapes on other widths).
    struct Key {
        Bitboard squares, white, black;
        int width;
        friend bool operator==(const Key& a, const Key& b) {
            return a.squares == b.squares && a.white == b.white && a.black == b.black &&
                   a.width == b.width;
        }
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    static Key keyOf(const Position& pos, Bitboard squares);
    std::optional<GameId> contestedValue(const Position& pos, Bitboard squares);
    std::optional<GameId> sumOfRegions(const Position& pos);
    std::optional<GameId> ownedValue(const Position& pos, const Region& r);

    uint64_t nodeBudget_;
    size_t maxGames_;
    uint64_t nodes_ = 0, callNodes_ = 0, givenUpSearches_ = 0;
    GameStore store_;
    RegionCounter counter_;
    std::unordered_map<Key, GameId, KeyHash> values_;
    std::unordered_set<Key, KeyHash> givenUp_;
};

}  // namespace hippolyta
