// Internals shared by the MCTS source files: atomic access to tree fields and the per-thread
// worker state. Not for use outside engine/search/mcts*.cpp.
#pragma once

#include <atomic>
#include <random>
#include <vector>

#include "engine/eval/regions.h"
#include "engine/search/mcts.h"

namespace hippolyta {

namespace mcts_detail {

template <typename T>
inline T load(T& field) {
    return atomicRef(field).load(std::memory_order_acquire);
}
template <typename T>
inline void store(T& field, T value) {
    atomicRef(field).store(value, std::memory_order_release);
}

inline Proof proofOf(TreeNode& n) {
    return static_cast<Proof>(load(n.proof));
}
inline void setProof(TreeNode& n, Proof p) {
    store(n.proof, static_cast<uint8_t>(p));
}

// Calls f(child) for every created child of node, in creation (= ordering) order, until f
// returns false.
template <typename F>
inline void forEachChild(NodePool& pool, TreeNode& node, F&& f) {
    for (uint32_t h = load(node.children); h; h = load(pool.at(h).children)) {
        const uint32_t count = pool.at(h).move;
        for (uint32_t i = 1; i <= count; ++i)
            if (!f(pool.at(h + i))) return;
    }
}

}  // namespace mcts_detail

struct Mcts::Worker {
    explicit Worker(const SearchParams& p) : regions(p.regionBudgetTree, 1 << 16) {}
    std::mt19937_64 rng;
    Position pos = Position::start();
    std::vector<TreeNode*> path;
    std::vector<ScoredMove> moves, prefix;
    std::vector<uint32_t> existing;
    RegionCounter regions;
    alignas(64) std::atomic<uint64_t> simulations{0};  // this search's, own cache line
    uint32_t slabNext = 0, slabEnd = 0;  // slots taken from the pool in bulk (less contention)
};

}  // namespace hippolyta
