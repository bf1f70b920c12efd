// Exact position keys (no hash collisions) and a set of them, for the proof writer and checker,
// which visit each position of a proof once: millions of them for a 6x4 subproblem.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct ExactKey {
    Bitboard occupied, white, black;
    uint8_t side;
    friend bool operator==(const ExactKey& a, const ExactKey& b) {
        return a.occupied == b.occupied && a.white == b.white && a.black == b.black &&
               a.side == b.side;
    }
    static ExactKey of(const Position& p) {
        return ExactKey{p.occupied(), p.amazons(Color::White), p.amazons(Color::Black),
                        static_cast<uint8_t>(p.sideToMove())};
    }
};

// Every bit of the key reaches the low bits, which pick the slot of an ExactKeySet.
struct ExactKeyHash {
    size_t operator()(const ExactKey& k) const;
};

// An open-addressing set (one array, linear probing): a node-based set spent most of a proof's
// writing in cache misses and allocations.
class ExactKeySet {
  public:
    // True if `key` was not in the set yet.
    bool insert(const ExactKey& key);
    bool contains(const ExactKey& key) const;
    size_t size() const { return size_; }

  private:
    static constexpr uint8_t kFree = 0xFF;  // the side of an empty slot
    // The slot holding `key`, or the free slot where it would go.
    size_t slotOf(const ExactKey& key) const;
    void grow();

    // A slot per cache line (a key takes 49 bytes): a probe reads one line, not two.
    struct alignas(64) Slot {
        ExactKey key;
    };
    std::vector<Slot> slots_;  // a power of two of them, at most 70% used
    size_t size_ = 0;
};

}  // namespace hippolyta
