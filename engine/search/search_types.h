// Values passed into and out of a search: limits in, results out, tunable constants.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/move.h"

namespace hippolyta {

struct CandidateInfo {
    Move move;
    uint64_t visits = 0;
    double winrate = 0.5;  // for the side to move at the root
    double prior = 0;      // the move-ordering score
    bool proven = false;   // winrate is exact (0 or 1)
    std::vector<Move> pv;  // starting with `move`
};

struct SearchResult {
    std::optional<Move> move;  // empty only when the side to move has no legal move
    double winrate = 0.5;      // for the side to move
    uint64_t visits = 0;       // root visits (reused ones included)
    std::vector<Move> pv;
    // Added for analysis and time management:
    uint64_t simulations = 0;     // simulations run by this search
    uint64_t treeNodes = 0;       // slots used in the tree
    double seconds = 0;           // wall time of this search
    bool proven = false;          // winrate is exact: the game is decided with best play
    bool reusedTree = false;      // the search started from a subtree of the previous search
    uint64_t keptVisits = 0;      // root visits of that subtree when the search began
    uint64_t previousVisits = 0;  // root visits of the previous tree (kept share: kept/previous)
    uint64_t netEvaluations = 0;  // network evaluations of this search (0 without a net)
    std::vector<CandidateInfo> candidates;  // root moves searched, most visited first
};

// A searched node below the root, as TreeStrap-style training labels take it (Mcts::treeSamples):
// the moves from the root that reach it, its value for its side to move and its children's
// visits, most visited first.
struct TreeSample {
    std::vector<Move> line;  // from the search's root; never empty
    float value = 0.5f;      // its mean for its side to move, or its proof's 0 or 1
    bool proven = false;     // value is exact (0 or 1)
    uint32_t visits = 0;     // the node's own
    std::vector<std::pair<Move, uint32_t>> children;  // the visited ones, most visited first
};

// What one search may spend; zero means "no limit of this kind".
struct SearchLimits {
    SearchLimits() = default;
    // {seconds, visits}, as fronts write it; the reporting hook stays off.
    SearchLimits(double secondsLimit, uint64_t visitLimit = 0)
        : seconds(secondsLimit), visits(visitLimit) {}

    double seconds = 0;
    uint64_t visits = 0;  // simulations of this search
    // Called from the searching thread about every reportSeconds with a snapshot of the
    // search; returning true stops the search (early stops, streaming analysis).
    double reportSeconds = 0;
    std::function<bool(const SearchResult&)> onReport;
};

// How a node's new children are ordered below the root (the root's are ordered by the full
// evaluation); the parameter `ordering` holds its number.
enum class MoveOrdering : int {
    HandSet = 0,  // hand-set cheap scores (engine/search/move_order.h)
    EvalFit = 1,  // cheap scores fitted to the evaluation
    Learned = 2,  // the learned prior (engine/search/move_prior.h)
    Pattern = 3,  // the pattern prior (engine/search/pattern_prior.h)
};

// The widest board of the small class, which has its own move ordering and pattern prior
// (Botzone's 8x8 among them).
constexpr int kSmallBoardMaxWidth = 8;

// Constants of the tree search. Why each value: docs/learning.md, "The defaults, the shipped file
// and the bench signature" (the matches in docs/learning-results.md).
struct SearchParams {
    double exploration = 0.14;  // UCT: q + exploration * sqrt(ln N / n)
    int playoutPlies = 2;       // random plies before the evaluation
    double wideningBase = 2;    // children considered: base + scale * visits^exponent
    double wideningScale = 1.0;
    double wideningExponent = 0.6;
    uint32_t firstChunk = 8;    // children created at expansion
    uint32_t expandVisits = 1;  // a leaf is expanded once it has this many visits
    uint32_t virtualLoss = 2;
    // Each width class keeps its own ordering, so that a board is only ever switched by a match
    // played on it.
    MoveOrdering ordering = MoveOrdering::Pattern;
    MoveOrdering orderingSmall = MoveOrdering::Pattern;
    MoveOrdering orderingFor(int width) const {
        return width <= kSmallBoardMaxWidth ? orderingSmall : ordering;
    }
    uint64_t regionBudgetTree = 2000;    // region-counting nodes per leaf in the tree
    uint64_t regionBudgetRoot = 100000;  // at the root
    uint64_t endgameBudget = 300000;     // exact endgame search nodes at the root (0: off)
    int endgameMaxEmpty = 40;            // run it only with fewer contested squares
    // With a network loaded (MctsOptions::net; none: these do nothing). A node's children take
    // the net's policy as their order and prior once the node has this many visits (the root
    // always); the simulation that evaluates the net ends there with the mixed value below.
    uint32_t netVisits = 64;
    double netValueWeight = 0.5;  // that simulation's value: w * net + (1 - w) * playout
    double netPriorBias = 0.1;    // the PUCT term at net-ordered nodes (root included)
};

}  // namespace hippolyta
