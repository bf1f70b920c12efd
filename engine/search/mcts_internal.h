// Internals shared by the MCTS source files: atomic access to tree fields and the per-thread
// worker state. Not for use outside engine/search/mcts*.cpp.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <random>
#include <type_traits>
#include <vector>

#include "engine/core/assert.h"
#include "engine/regions/regions.h"
#include "engine/search/mcts.h"

namespace hippolyta {

namespace mcts_detail {

template <typename T>
inline std::remove_const_t<T> load(T& field) {
    return AtomicRef<T>(field).load(std::memory_order_acquire);
}
template <typename T>
inline void store(T& field, T value) {
    atomicRef(field).store(value, std::memory_order_release);
}

inline Proof proofOf(const TreeNode& n) {
    return static_cast<Proof>(load(n.proof));
}
inline void setProof(TreeNode& n, Proof p) {
    store(n.proof, static_cast<uint8_t>(p));
}

// Calls f(child) for every created child of node, in creation (= ordering) order, until f
// returns false. Pool and Node are NodePool and TreeNode, both const or neither.
template <typename Pool, typename Node, typename F>
inline void forEachChild(Pool& pool, Node& node, F&& f) {
    static_assert(std::is_const<Pool>::value == std::is_const<Node>::value);
    for (uint32_t h = load(node.children); h; h = load(pool.at(h).nextChunk)) {
        const uint32_t count = pool.at(h).chunkSize;
        // A chunk is a header and its nodes, allocated together.
        HIPPOLYTA_ASSERT(h + uint64_t{count} < pool.used());
        for (uint32_t i = 1; i <= count; ++i)
            if (!f(pool.at(h + i))) return;
    }
}

// A child's winrate for the side that moves into it (its parent's side to move), its proof
// first: a child proven lost for its own side to move is a win.
inline double childWinrate(const TreeNode& c) {
    const Proof p = proofOf(c);
    if (p == Proof::Loss) return 1.0;
    if (p == Proof::Win) return 0.0;
    const uint32_t n = load(c.visits);
    // Read while other threads search, the sum can be a backup ahead of the visits: at most 1.
    return n ? std::min(1.0, static_cast<double>(load(c.valueSum)) / kValueOne / n) : 0.5;
}

}  // namespace mcts_detail

// What a new child keeps in its prior field (Mcts::priorScale). With the PUCT term on (not at the
// root), its probability under the prior that orders the children: a softmax whose log-sum the
// first header keeps, so that the children of every chunk share one scale. Under the learned or
// pattern order the sum runs over the first chunk's moves, which is all the bounded scorer
// lists; under a hand-set order, over every legal move's learned logit. Otherwise its ordering
// score, for analysis.
struct PriorScale {
    enum Kind { Score, Probability } kind = Score;
    float logSum = 0;  // of the softmax, for Probability
    // For Probability: the learned logits of every legal move, sorted by packed move; null when
    // the scores given to of() are those logits already.
    const std::vector<ScoredMove>* logits = nullptr;

    float of(const ScoredMove& m) const {
        if (kind == Score) return m.score;
        // A log-sum over all legal moves is at least each one's logit: probabilities <= 1.
        HIPPOLYTA_ASSERT(logits || m.score <= logSum + 1e-3f);
        if (!logits) return std::exp(m.score - logSum);
        const auto it = std::lower_bound(
            logits->begin(), logits->end(), m.move.packed(),
            [](const ScoredMove& a, uint32_t packed) { return a.move.packed() < packed; });
        return it != logits->end() && it->move == m.move ? std::exp(it->score - logSum) : 0.0f;
    }
};

// A node's network result: its legal moves with the policy's probabilities, most probable
// first (ties by packed move). Owned by Mcts::netEntries_; the node's first header holds its
// address (TreeNode::netEntry, published with release order), and it never changes after.
struct NetEntry {
    std::vector<ScoredMove> moves;
    bool kept = false;  // marked while a reused subtree is copied
};

inline NetEntry* netEntryOf(const TreeNode& firstHeader) {
    return reinterpret_cast<NetEntry*>(
        static_cast<uintptr_t>(mcts_detail::load(firstHeader.netEntry)));
}

struct Mcts::Worker {
    explicit Worker(const SearchParams& p) : regions(p.regionBudgetTree, 1 << 16) {}
    std::mt19937_64 rng;
    Position pos = Position::start();
    std::vector<TreeNode*> path;
    std::vector<ScoredMove> moves, prefix;
    std::vector<ScoredMove> logits;  // the learned prior's, by packed move (PriorScale)
    std::vector<uint32_t> existing;
    RegionCounter regions;
    MoveList netMoves;  // the net's scratch
    std::vector<float> netProbs;
    bool netEvaluated = false;  // this simulation evaluated the net (its value in netValue)
    double netValue = 0.5;
    alignas(64) std::atomic<uint64_t> simulations{0};  // this search's, own cache line
    std::atomic<uint64_t> netEvaluations{0};
    uint32_t slabNext = 0, slabEnd = 0;  // slots taken from the pool in bulk (less contention)
};

}  // namespace hippolyta
