// The tree search's exact endgame (the proof solver, hippolyta-solve, is engine/solve's
// DfpnSolver): a win/loss search of small endgames, depth-first (negamax over Win/Loss/Unknown)
// with a transposition table of exact results, cheap move ordering and exact region counts once the
// sides are walled apart. Two shallow iterations (1 and 3 plies) find the quickest wins first, then
// one iteration to maxPlies proves what it can. Bounded by a node budget, a deadline and a stop
// flag.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <unordered_map>
#include <vector>

#include "engine/core/position.h"
#include "engine/regions/regions.h"
#include "engine/search/move_order.h"

namespace hippolyta {

constexpr int kEndgameUnbounded = 120;

struct EndgameResult {
    Outcome outcome = Outcome::Unknown;  // for the side to move
    std::optional<Move> move;            // a winning move when outcome == Win
    int plies = 0;                       // depth at which the result was found
    uint64_t nodes = 0;
};

class EndgameSearch {
  public:
    explicit EndgameSearch(uint64_t nodeBudget, uint64_t regionBudget = 5000);

    // Proves a win or loss for the side to move within maxPlies plies (exact results past
    // that horizon come from region counts). deadline: steady_clock time to give up.
    // Use a large maxPlies (kEndgameUnbounded) to search to the end of the game.
    EndgameResult solve(const Position& pos, int maxPlies, const std::atomic<bool>& stop,
                        std::chrono::steady_clock::time_point deadline =
                            std::chrono::steady_clock::time_point::max());

  private:
    struct Entry {
        Outcome outcome = Outcome::Unknown;
        int8_t depth = -1;  // for Unknown: proven nothing within this depth
        Move best{};
    };
    Outcome search(Position& pos, int depth, Move* bestOut);
    bool outOfBudget();

    uint64_t nodeBudget_;
    uint64_t nodes_ = 0;
    bool aborted_ = false;
    const std::atomic<bool>* stop_ = nullptr;
    std::chrono::steady_clock::time_point deadline_;
    RegionCounter regions_;
    std::unordered_map<uint64_t, Entry> table_;
    std::vector<std::vector<ScoredMove>> moveStack_;
};

// Empty squares in regions that hold amazons of both colours (where the game is still
// contested); a measure of how small an endgame is.
int contestedEmptySquares(const Position& pos);

}  // namespace hippolyta
