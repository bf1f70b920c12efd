// Search tree storage. Nodes live in a fixed-size pool of 32-byte slots mapped up front
// (engine/core/zeroed_table.h: pages are had only as used), so the tree can never outgrow its
// memory cap: when the pool is full, expansion simply stops. Children are stored in chunks: a
// header slot followed by the chunk's nodes; a node's `children` names its first chunk's header, a
// header's `nextChunk` names the next chunk. Chunks only ever get appended, so readers on other
// threads see a consistent list. Index 0 is never a valid slot ("none").
#pragma once

#include <atomic>
#include <cstdint>

#include "engine/core/assert.h"
#include "engine/core/move.h"
#include "engine/core/portable.h"
#include "engine/core/zeroed_table.h"

namespace hippolyta {

// Fixed-point scale of TreeNode::valueSum: a reward in [0, 1] times kValueOne.
constexpr uint64_t kValueOne = 1u << 20;

enum class NodeState : uint8_t { Leaf = 0, Expanding = 1, Expanded = 2 };
// A proven result for the side to move at the node.
enum class Proof : uint8_t { None = 0, Win = 1, Loss = 2 };

// A plain struct (no constructor: the pool's zeroed pages are its slots as they come); fields
// read or written by several threads go through AtomicRef (engine/core/portable.h). A slot is
// either a node or a chunk's header, and each reads its own names of the shared fields (init()
// and initHeader() set them); the counts of the position's moves live in its first header.
struct alignas(32) TreeNode {
    union {
        uint32_t move;       // a node: the packed Move leading here
        uint32_t chunkSize;  // a header: the nodes in this chunk
    };
    float prior;  // a node: its ordering score, or under the net its policy's probability
    union {
        uint32_t visits;      // a node
        uint32_t legalMoves;  // a first header: the position's legal moves
    };
    union {
        uint32_t virtualLoss;  // a node
        uint32_t created;      // a first header: children created so far (in all chunks)
    };
    union {
        uint64_t valueSum;  // a node: rewards for the player who made `move`, fixed point
        uint64_t netEntry;  // a first header: the address of the node's NetEntry once the
                            // network ordered its children (mcts_internal.h), 0 before
    };
    union {
        uint32_t children;   // a node: its first chunk's header, 0 if none
        uint32_t nextChunk;  // a header: the next chunk's header, 0 if none
    };
    uint8_t state;     // NodeState
    uint8_t proof;     // Proof
    uint8_t widening;  // 1 while a thread adds a chunk
    uint8_t unused;    // padding, kept zero

    void init(uint32_t packedMove, float priorValue) {
        move = packedMove;
        prior = priorValue;
        visits = 0;
        virtualLoss = 0;
        children = 0;
        clearCommon();
    }
    // A chunk's header; legal and createdSoFar matter in the first one only.
    void initHeader(uint32_t size, uint32_t legal, uint32_t createdSoFar) {
        chunkSize = size;
        prior = 0;  // unused in a header
        legalMoves = legal;
        created = createdSoFar;
        nextChunk = 0;
        clearCommon();
    }
    void clearCommon() {
        valueSum = 0;
        state = 0;
        proof = 0;
        widening = 0;
        unused = 0;
    }
};
static_assert(sizeof(TreeNode) == 32);

template <typename T>
inline AtomicRef<T> atomicRef(T& field) {
    return AtomicRef<T>(field);
}

class NodePool {
  public:
    explicit NodePool(uint64_t slots);

    // `count` consecutive slots, or 0 if the pool cannot hold them. Thread-safe.
    uint32_t allocate(uint32_t count);
    // A slot handed out by allocate(): never 0 ("none"), never past what was allocated.
    TreeNode& at(uint32_t index) {
        HIPPOLYTA_ASSERT(index != 0 && index < used());
        return slots_[index];
    }
    const TreeNode& at(uint32_t index) const {
        HIPPOLYTA_ASSERT(index != 0 && index < used());
        return slots_[index];
    }
    void reset() { used_.store(1, std::memory_order_relaxed); }
    uint64_t used() const { return used_.load(std::memory_order_relaxed); }
    uint64_t capacity() const { return capacity_; }
    // True if `count` more slots would not fit (a cheap check before costly work).
    bool wouldOverflow(uint32_t count) const { return used() + count > capacity_; }

  private:
    uint64_t capacity_;
    ZeroedTable<TreeNode> slots_;
    std::atomic<uint64_t> used_{1};
};

}  // namespace hippolyta
