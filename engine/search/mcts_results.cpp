// The MCTS's root special cases (walled-apart sides, small endgames) and its result values.
#include <algorithm>

#include "engine/search/endgame_search.h"
#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

// 2 a proven win for the parent, 0 a proven loss, 1 open.
int childRank(const TreeNode& c) {
    const Proof p = proofOf(c);
    return p == Proof::Loss ? 2 : p == Proof::Win ? 0 : 1;
}
// The better move of a and b: a proven win, else the most visited not proven lost, ties by
// winrate. The best child by this is the move the search plays.
bool betterChild(const TreeNode& a, const TreeNode& b) {
    if (childRank(a) != childRank(b)) return childRank(a) > childRank(b);
    if (load(a.visits) != load(b.visits)) return load(a.visits) > load(b.visits);
    return childWinrate(a) > childWinrate(b);
}

// The child the search would play from n (betterChild's best); null for a node not expanded.
const TreeNode* bestChildOf(const NodePool& pool, const TreeNode& n) {
    if (load(n.state) != static_cast<uint8_t>(NodeState::Expanded)) return nullptr;
    const TreeNode* best = nullptr;
    forEachChild(pool, n, [&](const TreeNode& c) {
        if (!best || betterChild(c, *best)) best = &c;
        return true;
    });
    return best;
}

}  // namespace

// Sides walled apart: play the longest line of our own regions (perfect when the counts are
// exact); the winner is whoever has more moves left.
SearchResult Mcts::separatedResult(bool reused) {
    RegionCounter counter(options_.params.regionBudgetRoot);
    const SeparatedAnalysis a = analyseSeparated(rootPos_, counter);
    SearchResult r;
    r.move = separatedBestMove(rootPos_, counter);
    if (r.move) r.pv = {*r.move};
    r.proven = a.outcome != Outcome::Unknown;
    r.winrate = a.outcome == Outcome::Win ? 1.0 : a.outcome == Outcome::Loss ? 0.0 : 0.5;
    r.reusedTree = reused;
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    CandidateInfo c;
    if (r.move) {
        c.move = *r.move;
        c.winrate = r.winrate;
        c.proven = r.proven;
        c.pv = r.pv;
        r.candidates.push_back(c);
    }
    return r;
}

// Small contested endgames: an exact proof search first; a proven win is played at once.
std::optional<SearchResult> Mcts::solveRoot(const SearchLimits& limits,
                                            const std::atomic<bool>& stop) {
    const SearchParams& p = options_.params;
    if (!p.endgameBudget || contestedEmptySquares(rootPos_) > p.endgameMaxEmpty) return {};
    auto deadline = Clock::time_point::max();
    if (limits.seconds > 0)
        deadline = searchStart_ + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(0.3 * limits.seconds));
    EndgameSearch solver(p.endgameBudget, p.regionBudgetTree);
    const EndgameResult s = solver.solve(rootPos_, kEndgameUnbounded, stop, deadline);
    if (s.outcome != Outcome::Win || !s.move) return {};
    SearchResult r;
    r.move = s.move;
    r.pv = {*s.move};
    r.winrate = 1.0;
    r.proven = true;
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    CandidateInfo c;
    c.move = *s.move;
    c.winrate = 1.0;
    c.proven = true;
    c.pv = r.pv;
    r.candidates.push_back(c);
    return r;
}

// ---- results ----------------------------------------------------------------------------

SearchResult Mcts::snapshot() const {
    std::lock_guard lock(treeMutex_);
    return buildResult(true);
}

std::vector<ScoredMove> Mcts::childPriors(const std::vector<Move>& line) const {
    std::lock_guard lock(treeMutex_);
    const TreeNode* node = &root_;
    for (const Move& m : line) {
        const TreeNode* next = nullptr;
        forEachChild(pool(), *node, [&](const TreeNode& c) {
            if (c.move == m.packed()) next = &c;
            return !next;
        });
        if (!next) return {};
        node = next;
    }
    std::vector<ScoredMove> out;
    forEachChild(pool(), *node, [&](const TreeNode& c) {
        out.push_back({Move::unpack(c.move), c.prior});
        return true;
    });
    return out;
}

SearchResult Mcts::buildResult(bool withCandidates) const {
    const NodePool& pool = this->pool();
    const TreeNode& root = root_;
    SearchResult r;
    r.visits = load(root.visits);
    for (const auto& w : workers_)
        r.simulations += w->simulations.load(std::memory_order_relaxed);
    for (const auto& w : workers_)
        r.netEvaluations += w->netEvaluations.load(std::memory_order_relaxed);
    r.treeNodes = pool.used();
    r.keptVisits = keptVisits_;
    r.previousVisits = previousVisits_;
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    const Proof rootProof = proofOf(root);
    r.proven = rootProof != Proof::None;

    auto pvFrom = [&](const TreeNode& start, int maxLen) {
        std::vector<Move> pv{Move::unpack(start.move)};
        const TreeNode* n = &start;
        while (static_cast<int>(pv.size()) < maxLen) {
            n = bestChildOf(pool, *n);
            if (!n || (load(n->visits) == 0 && proofOf(*n) == Proof::None)) break;
            pv.push_back(Move::unpack(n->move));
        }
        return pv;
    };

    const TreeNode* best = bestChildOf(pool, root);
    if (!best) return r;
    r.move = Move::unpack(best->move);
    r.winrate = rootProof == Proof::Win    ? 1.0
                : rootProof == Proof::Loss ? 0.0
                                           : childWinrate(*best);
    HIPPOLYTA_ASSERT(r.winrate >= 0 && r.winrate <= 1);
    r.pv = pvFrom(*best, 30);
    if (!withCandidates) return r;
    // Sorted on a snapshot: while other threads search, visits and proofs change, and a
    // comparator whose answers change during std::stable_sort makes it read outside the array
    // (found by the ThreadSanitizer soak: a use-after-free, then a crash).
    struct Kid {
        const TreeNode* node;
        int rank;
        uint32_t visits;
        double winrate;
        bool proven;
    };
    std::vector<Kid> kids;
    forEachChild(pool, root, [&](const TreeNode& c) {
        const bool proven = proofOf(c) != Proof::None;
        const uint32_t visits = load(c.visits);
        if (visits > 0 || proven)
            kids.push_back({&c, childRank(c), visits, childWinrate(c), proven});
        return true;
    });
    std::stable_sort(kids.begin(), kids.end(), [](const Kid& a, const Kid& b) {
        if (a.rank != b.rank) return a.rank > b.rank;
        if (a.visits != b.visits) return a.visits > b.visits;
        return a.winrate > b.winrate;
    });
    for (const Kid& k : kids) {
        CandidateInfo ci;
        ci.move = Move::unpack(k.node->move);
        ci.visits = k.visits;
        ci.winrate = k.winrate;
        ci.prior = load(k.node->prior);
        ci.proven = k.proven;
        ci.pv = pvFrom(*k.node, 10);
        r.candidates.push_back(std::move(ci));
    }
    return r;
}

}  // namespace hippolyta
