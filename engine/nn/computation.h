// A batch of network evaluations, in lc0's shape: a computation collects positions
// (addInput), evaluates them together (compute), then answers per input (value, policy).
// Inputs found in the backend's cache are copied from there; the others go through the backend
// together (computeInputs) and into the cache. One thread uses a computation at a time. Its
// buffers stay from one batch to the next: once they have seen the largest batch and board,
// evaluating allocates nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/position.h"
#include "engine/nn/net_cache.h"

namespace hippolyta {

// An input's move probabilities, in the order of the moves it was given.
struct NetPolicy {
    const float* probs = nullptr;
    size_t count = 0;

    size_t size() const { return count; }
    float operator[](size_t i) const { return probs[i]; }
    const float* begin() const { return probs; }
    const float* end() const { return probs + count; }
};

class NetComputation {
  public:
    // `cache` (or null: none) must outlive the computation.
    explicit NetComputation(NetCache* cache) : cache_(cache) {}
    virtual ~NetComputation() = default;
    NetComputation(const NetComputation&) = delete;
    NetComputation& operator=(const NetComputation&) = delete;

    // Queues pos; `moves` (normally pos's legal moves) are those policy(i) gives probabilities
    // of, in their order. Both are copied.
    void addInput(const Position& pos, const MoveList& moves);
    // Evaluates the inputs queued since clear().
    void compute();
    size_t size() const { return positions_.size(); }
    // After compute(): input i's win probability for its side to move, and its moves'
    // probabilities, which sum to 1.
    float value(size_t i) const { return values_[i]; }
    NetPolicy policy(size_t i) const;
    // How many inputs the last compute() took from the cache.
    size_t cacheHits() const { return hits_; }
    // Forgets the inputs and keeps the buffers.
    void clear();
    // The bytes the buffers hold (their capacity): flat once they have seen the largest batch.
    virtual size_t bufferBytes() const;

  protected:
    // Evaluates inputs[0..count) (indices of this computation's inputs, none from the cache):
    // setValue and probs(i) for each.
    virtual void computeInputs(const uint32_t* inputs, size_t count) = 0;
    const Position& position(size_t i) const { return positions_[i]; }
    const Move* moves(size_t i) const { return moves_.data() + start_[i]; }
    size_t moveCount(size_t i) const { return start_[i + 1] - start_[i]; }
    float* probs(size_t i) { return probs_.data() + start_[i]; }
    void setValue(size_t i, float v) { values_[i] = v; }

  private:
    NetCache* cache_;
    std::vector<Position> positions_;
    std::vector<uint64_t> keys_;    // cache keys, when there is a cache
    std::vector<size_t> start_{0};  // input i's moves and probabilities: [start_[i], start_[i+1])
    std::vector<Move> moves_;
    std::vector<float> probs_, values_;
    std::vector<uint32_t> misses_;
    size_t hits_ = 0;
};

}  // namespace hippolyta
