// Local search of the one contested region. Once every region but one holds amazons of one
// colour only (or none), the game is that region plus integers: an owned region is worth its
// exact count of moves to its owner (a game only one side can move in equals its longest
// line), and integers add, so the rest of the board is one integer n, the side to move's owned
// moves less the opponent's. Spending one of them is a move that leaves the region as it is.
// A memoised minimax of the region alone (everything outside it walled off) with n decides the
// whole position exactly, within a node budget. Song and Müller's solver searches regions
// locally too; this is the case of one contested region, where the integers make it exact.
// The solver's --local (off by default: fewer nodes, but more time; docs/solver-design.md).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <unordered_set>

#include "engine/regions/regions.h"

namespace hippolyta {

class LocalGameSolver {
  public:
    // nodeBudget: minimax nodes allowed per solve(); maxEntries: results kept between calls
    // (all are dropped when it fills).
    LocalGameSolver(uint64_t nodeBudget, size_t maxEntries);

    // `walled`: the contested region's position with every square outside it blocked;
    // `spare`: the side to move's free moves less the opponent's. Win or Loss for the side to
    // move, Unknown when the budget runs out.
    Outcome solve(Position& walled, int spare);
    uint64_t nodesSearched() const { return nodes_; }
    uint64_t givenUpSearches() const { return givenUpSearches_; }  // ran out of budget

  private:
    struct Key {
        Bitboard occupied, white, black;
        int32_t side, spare;  // spare: 0 in memo_, whose entries cover every spare at once
        friend bool operator==(const Key& a, const Key& b) {
            return a.occupied == b.occupied && a.white == b.white && a.black == b.black &&
                   a.side == b.side && a.spare == b.spare;
        }
    };
    struct KeyHash {
        size_t operator()(const Key& k) const;
    };
    // What is known of a position for every spare: the side to move wins from winFrom free
    // moves up and loses up to lossUpTo (more free moves never hurt).
    struct Known {
        int16_t winFrom = INT16_MAX;
        int16_t lossUpTo = INT16_MIN;
    };
    enum class Result : uint8_t { Loss, Win, OutOfBudget };
    Result wins(Position& pos, int spare);
    static Key keyOf(const Position& pos, int spare);

    uint64_t nodeBudget_;
    size_t maxEntries_;
    uint64_t nodes_ = 0;
    uint64_t callNodes_ = 0;
    uint64_t givenUpSearches_ = 0;
    std::unordered_map<Key, Known, KeyHash> memo_;
    // Positions and spares whose search ran out of budget: not searched again (df-pn comes
    // back to a node many times).
    std::unordered_set<Key, KeyHash> givenUp_;
};

}  // namespace hippolyta
