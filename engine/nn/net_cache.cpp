#include "engine/nn/net_cache.h"

#include <algorithm>

namespace hippolyta {

namespace {

// splitmix64's finaliser: every bit of the key reaches the slot index's low bits.
uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace

uint64_t netCacheKey(const Position& pos, const Move* moves, size_t count) {
    uint64_t h = pos.hash() ^ mix(static_cast<uint64_t>(pos.width() * 16 + pos.height()));
    for (size_t i = 0; i < count; ++i)
        h = (h ^ moves[i].packed()) * 0x100000001b3ULL;
    return mix(h ^ count);
}

NetCache::NetCache(size_t entries) : slots_(std::max<size_t>(entries, 1)) {}

bool NetCache::find(uint64_t key, size_t count, float& value, float* probs) const {
    const size_t at = key % slots_.size();
    {
        std::lock_guard<std::mutex> lock(stripeOf(at));
        const Slot& s = slots_[at];
        if (s.used && s.key == key && s.probs.size() == count) {
            value = s.value;
            std::copy(s.probs.begin(), s.probs.end(), probs);
            hits_.fetch_add(1, std::memory_order_relaxed);
            return true;
        }
    }
    misses_.fetch_add(1, std::memory_order_relaxed);
    return false;
}

void NetCache::store(uint64_t key, float value, const float* probs, size_t count) {
    const size_t at = key % slots_.size();
    std::lock_guard<std::mutex> lock(stripeOf(at));
    Slot& s = slots_[at];
    s.used = true;
    s.key = key;
    s.value = value;
    s.probs.assign(probs, probs + count);
}

}  // namespace hippolyta
