#include "engine/nn/computation.h"

namespace hippolyta {

void NetComputation::addInput(const Position& pos, const MoveList& moves) {
    positions_.push_back(pos);
    moves_.insert(moves_.end(), moves.begin(), moves.end());
    start_.push_back(moves_.size());
    if (cache_) keys_.push_back(netCacheKey(pos, moves.data(), moves.size()));
}

void NetComputation::compute() {
    // Grown, never shrunk: a smaller batch neither reallocates nor refills.
    if (probs_.size() < moves_.size()) probs_.resize(moves_.size());
    if (values_.size() < positions_.size()) values_.resize(positions_.size());
    misses_.clear();
    for (size_t i = 0; i < positions_.size(); ++i)
        if (!cache_ || !cache_->find(keys_[i], moveCount(i), values_[i], probs(i)))
            misses_.push_back(static_cast<uint32_t>(i));
    hits_ = positions_.size() - misses_.size();
    if (misses_.empty()) return;
    computeInputs(misses_.data(), misses_.size());
    if (cache_)
        for (const uint32_t i : misses_)
            cache_->store(keys_[i], values_[i], probs(i), moveCount(i));
}

NetPolicy NetComputation::policy(size_t i) const {
    return NetPolicy{probs_.data() + start_[i], moveCount(i)};
}

void NetComputation::clear() {
    positions_.clear();
    keys_.clear();
    start_.resize(1);
    moves_.clear();
    hits_ = 0;
}

size_t NetComputation::bufferBytes() const {
    return sizeof(Position) * positions_.capacity() + sizeof(uint64_t) * keys_.capacity() +
           sizeof(size_t) * start_.capacity() + sizeof(Move) * moves_.capacity() +
           sizeof(float) * (probs_.capacity() + values_.capacity()) +
           sizeof(uint32_t) * misses_.capacity();
}

}  // namespace hippolyta
