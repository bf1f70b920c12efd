// Internals shared by the MCTS source files: atomic access to tree fields and the per-thread
// worker state. Not for use outside engine/search/mcts*.cpp.
#pragma once

#include <algorithm>
#include <atomic>
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
