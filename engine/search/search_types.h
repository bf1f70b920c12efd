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

// How a node's new children are ordered before the evaluation reorders any (rerank_top,
// eval_order_visits); the parameter `ordering` holds its number.
enum class MoveOrdering : int {
    HandSet = 0,  // hand-set cheap scores (engine/search/move_order.h)
    EvalFit = 1,  // cheap scores fitted to the evaluation
    Learned = 2,  // the learned prior (engine/search/move_prior.h)
    Pattern = 3,  // the pattern prior (engine/search/pattern_prior.h)
};

// The widest board of the small class, which has its own move ordering and pattern prior
// (Botzone's 8x8 among them).
constexpr int kSmallBoardMaxWidth = 8;

// Constants of the tree search, set by hand (commit c73c900) with tools/hippolyta-arena (10x10,
// 0.1 s a move, 20-30 games a test): widening exponent 0.6 beat 0.5 19-11; exploration 0.15
// lost 8-12 to 0.25; 2 random playout plies against none: 13-7 and 17-13; reordering the best
// 16 cheap moves by the evaluation at each expansion lost 7-23. SPSA's values (exploration
// 0.139, widening 3.31 + 0.81 N^0.455, prior_bias 0.040; engine/weights/candidates/spsa1)
// won an SPRT at 2,000 visits a move (+51 Elo) but lost to the hand-set values at 0.25 s a move
// (about 40k visits; docs/learning-results.md, "Changes not adopted"): tuned at 400 visits, the
// narrow widening does not scale. SPSA's exploration alone (0.14), with the fitted evaluation's
// calibrated (less spread) values, beat 0.25 at 0.25 s a move: +175 Elo, 228 games; 0.08 lost
// to it.
struct SearchParams {
    double exploration = 0.14;  // UCT: q + exploration * sqrt(ln N / n)
    int playoutPlies = 2;       // random plies before the evaluation
    double wideningBase = 2;    // children considered: base + scale * visits^exponent
    double wideningScale = 1.0;
    double wideningExponent = 0.6;
    uint32_t firstChunk = 8;    // children created at expansion
    uint32_t expandVisits = 1;  // a leaf is expanded once it has this many visits
    uint32_t virtualLoss = 2;
    // The learned prior beat the hand-set order by an SPRT, and the pattern prior beat the
    // learned one at 0.25 s a move: +94 Elo on 10x10, and on 8x8 at 1 s a move, Botzone's time:
    // +79 Elo (docs/learning-results.md, "Adopted changes"). Each width class keeps its own
    // parameter, so that a board is only ever switched by a match played on it.
    MoveOrdering ordering = MoveOrdering::Pattern;
    MoveOrdering orderingSmall = MoveOrdering::Pattern;
    MoveOrdering orderingFor(int width) const {
        return width <= kSmallBoardMaxWidth ? orderingSmall : ordering;
    }
    double priorBias = 0;  // PUCT-style term in selection: bias * P * sqrt(N) / (n + 1), P the
                           // learned prior's softmax over the legal moves, whatever orders the
                           // children (not at the root)
    // Implicit minimax backups (Lanctot et al., 2014): selection's mean becomes
    // (1 - w) * mean + w * minimax, the minimax of the leaves' static evaluations through the
    // expanded nodes. 0: off, nothing computed. Not adopted: +24 +/- 49 Elo at equal visits,
    // 0.82x the simulations a second (docs/learning-results.md, "Implicit minimax backups").
    double minimaxWeight = 0;
    // Two-level expansion (1): below the root, a node's children are its amazon moves (from,
    // to), each a node whose own children are that move's arrows, so the arrows of one amazon
    // move share its statistics (Campya; the "move groups" of 2024). With the pattern prior and
    // no network only; it leaves out prior_bias and minimax_weight there, and a search then
    // reuses no tree. 0: off (docs/learning-results.md, "Two-level expansion").
    uint32_t twoLevel = 0;
    // Progressive widening at the two-level nodes (both levels): base + scale * visits^exponent
    // (the scale is wideningScale's). Their children are fewer and share their statistics, so
    // they may want a narrower window than whole moves.
    double twoLevelWideningBase = 2;
    double twoLevelWideningExponent = 0.6;
    uint32_t rerankTop = 0;              // best cheap-ordered moves reordered by the evaluation
    uint32_t evalOrderVisits = 0;        // nodes this visited order new children by the full eval
                                         // (0: only the root does)
    uint64_t regionBudgetTree = 2000;    // region-counting nodes per leaf in the tree
    uint64_t regionBudgetRoot = 100000;  // at the root
    uint64_t solverBudget = 300000;      // endgame solver nodes at the root (0: off)
    int solverMaxEmpty = 40;             // run the solver only with fewer contested squares
    // 1: a leaf that is partly separated (some region one colour's alone, some contested) is
    // proven when the region bounds decide it (engine/regions/region_bounds.h). Off: its SPRT
    // (10x10, 0.25 s a move) accepted H0 (docs/solver.md, "The engine's endgame").
    bool endgameBounds = false;
    // With a network loaded (MctsOptions::net; none: these do nothing). A node's children take
    // the net's policy as their order and prior once the node has this many visits (the root
    // always); the simulation that evaluates the net ends there with the mixed value below.
    // net_visits 64 is the setting the 10x10 net's SPRT accepted (docs/neural-results.md).
    uint32_t netVisits = 64;
    double netValueWeight = 0.5;  // that simulation's value: w * net + (1 - w) * playout
    double netPriorBias = 0.1;    // the PUCT term at net-ordered nodes (root included)
};

}  // namespace hippolyta
