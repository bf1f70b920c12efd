// Endgame regions. Once no king-connected component of (empty squares + amazons) holds amazons
// of both colours, the sides can no longer interact: each side's future is the longest
// sequence of moves it can make alone in its regions, and the side to move wins iff it has
// strictly more moves left than the opponent.
//
// A region can hold fewer moves than empty squares ("defective": an amazon on b2 with only a1
// and c1 free has one move). RegionCounter finds the exact count by a depth-first search over
// the region's own moves (splitting it into independent parts as arrows cut it, caching solved
// parts), cut off by a node budget; past the budget it gives bounds: the best line found so
// far (a lower bound) and the number of reachable empty squares (an upper bound).
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct MoveBounds {
    int lower = 0;
    int upper = 0;
    bool exact() const { return lower == upper; }
};

// One component: the empty squares and the amazons (all of one colour, or none) in it.
struct Region {
    Bitboard empty = 0;
    Bitboard amazons = 0;
    std::optional<Color> owner;  // none: no amazon, or amazons of both colours
    bool contested = false;      // amazons of both colours
};

// Components of (empty squares + amazons) under king adjacency, lowest square first.
std::vector<Region> findRegions(const Position& pos);
// True once no component holds amazons of both colours.
bool isSeparated(const Position& pos);

class RegionCounter {
  public:
    // nodeBudget: search nodes allowed per count() call; cacheEntries: solved parts kept.
    explicit RegionCounter(uint64_t nodeBudget = 20000, size_t cacheEntries = 1 << 18);

    // Moves a side can make alone with `amazons` in the squares `empty` (its amazons' squares
    // excluded). `empty` may hold several regions; squares no amazon reaches count for
    // nothing.
    MoveBounds count(int n, Bitboard amazons, Bitboard empty);
    // Like count(), and the first move of the best line found (none if no move).
    MoveBounds bestLine(int n, Bitboard amazons, Bitboard empty, std::optional<Move>& first);

    void clear() { cache_.clear(); }
    uint64_t nodesSearched() const { return nodes_; }

    struct Key {
        Bitboard amazons;
        Bitboard empty;
        friend bool operator==(const Key& a, const Key& b) {
            return a.amazons == b.amazons && a.empty == b.empty;
        }
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    using Cache = std::unordered_map<Key, uint8_t, KeyHash>;

  private:
    uint64_t nodeBudget_;
    size_t cacheEntries_;
    uint64_t nodes_ = 0;
    Cache cache_;
};

enum class Outcome : uint8_t { Unknown, Win, Loss };

struct SeparatedAnalysis {
    bool separated = false;
    MoveBounds own;                      // the side to move's moves left
    MoveBounds opponent;                 // the other side's
    Outcome outcome = Outcome::Unknown;  // for the side to move
};

// For a separated position: both sides' move counts and, when the bounds allow, the result.
// For any other position: separated = false and nothing else.
SeparatedAnalysis analyseSeparated(const Position& pos, RegionCounter& counter);

// In a separated position, a move for the side to move that keeps its best line (so it plays
// the endgame perfectly when the counts are exact); none if it has no move or the position is
// not separated.
std::optional<Move> separatedBestMove(const Position& pos, RegionCounter& counter);

}  // namespace hippolyta
