// SplitMix64's mixing step: a small, portable mixer, so that seeds derived from a run's seed
// (openings, self-play games) are the same on every machine.
#pragma once

#include <cstdint>

namespace hippolyta {

inline uint64_t splitMix64(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace hippolyta
