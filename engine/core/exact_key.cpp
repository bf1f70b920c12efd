#include "engine/core/exact_key.h"

namespace hippolyta {

namespace {

uint64_t mix(uint64_t h) {  // the finaliser of splitmix64
    h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31);
}

uint64_t mixIn(uint64_t h, Bitboard b) {
    h = mix(h ^ static_cast<uint64_t>(b));
    return mix(h ^ static_cast<uint64_t>(b >> 64));
}

}  // namespace

size_t ExactKeyHash::operator()(const ExactKey& k) const {
    return mixIn(mixIn(mixIn(k.side, k.occupied), k.white), k.black);
}

size_t ExactKeySet::slotOf(const ExactKey& key) const {
    const size_t mask = slots_.size() - 1;
    const size_t hash = ExactKeyHash{}(key);
    size_t i = hash & mask;
    while (slots_[i].key.side != kFree && !(slots_[i].key == key))
        i = (i + 1) & mask;
    return i;
}

bool ExactKeySet::contains(const ExactKey& key) const {
    return !slots_.empty() && slots_[slotOf(key)].key.side != kFree;
}

bool ExactKeySet::insert(const ExactKey& key) {
    if ((size_ + 1) * 10 > slots_.size() * 7) grow();
    ExactKey& slot = slots_[slotOf(key)].key;
    if (slot.side != kFree) return false;
    slot = key;
    ++size_;
    return true;
}

void ExactKeySet::grow() {
    std::vector<Slot> old(slots_.empty() ? 1024 : slots_.size() * 2, Slot{{0, 0, 0, kFree}});
    old.swap(slots_);
    for (const Slot& slot : old)
        if (slot.key.side != kFree) slots_[slotOf(slot.key)].key = slot.key;
}

}  // namespace hippolyta
