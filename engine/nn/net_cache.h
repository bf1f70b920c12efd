// The net's results by position, shared by the search threads (each thread evaluates through
// its own computation, all of them through one cache). A fixed number of slots: a key's low bits
// choose its slot and a new result replaces the old one there. Stripes of mutexes guard the
// slots (slot i by stripe i % kStripes), so that threads at different positions rarely wait.
// A replaced slot keeps its buffer: once warm, storing allocates nothing.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

// The cache key of pos with `moves` (in their order) as the policy's moves: the position's
// Zobrist hash, its board's shape (which the hash leaves out) and a fingerprint of the moves, so
// that a result is only reused for the moves it gave probabilities to.
uint64_t netCacheKey(const Position& pos, const Move* moves, size_t count);

class NetCache {
  public:
    static constexpr size_t kStripes = 64;

    // `entries` slots (at least 1).
    explicit NetCache(size_t entries);
    NetCache(const NetCache&) = delete;
    NetCache& operator=(const NetCache&) = delete;

    size_t entries() const { return slots_.size(); }
    // Whether key's result, with `count` probabilities, is stored: if so, copies it out.
    bool find(uint64_t key, size_t count, float& value, float* probs) const;
    void store(uint64_t key, float value, const float* probs, size_t count);
    // Lookups that found their key, and those that did not, since construction.
    uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }
    uint64_t misses() const { return misses_.load(std::memory_order_relaxed); }

  private:
    struct Slot {
        bool used = false;
        uint64_t key = 0;
        float value = 0;
        std::vector<float> probs;
    };
    std::mutex& stripeOf(size_t slot) const { return stripes_[slot % kStripes]; }

    std::vector<Slot> slots_;
    mutable std::array<std::mutex, kStripes> stripes_;
    mutable std::atomic<uint64_t> hits_{0}, misses_{0};
};

}  // namespace hippolyta
