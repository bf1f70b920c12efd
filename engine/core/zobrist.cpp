#include "engine/core/zobrist.h"

namespace hippolyta {

namespace {
// SplitMix64 with a fixed seed, so hashes (and books keyed by them) never change between runs.
uint64_t nextKey(uint64_t& state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
}  // namespace

const ZobristKeys& ZobristKeys::get() {
    static const ZobristKeys keys = [] {
        ZobristKeys k{};
        uint64_t state = 0x48697070'6f6c7974ULL;  // "Hippolyt"
        for (auto& side : k.amazon)
            for (auto& key : side)
                key = nextKey(state);
        for (auto& key : k.arrow)
            key = nextKey(state);
        for (auto& key : k.size)
            key = nextKey(state);
        k.blackToMove = nextKey(state);
        for (auto& row : k.rectangle)
            for (auto& key : row)
                key = nextKey(state);
        return k;
    }();
    return keys;
}

}  // namespace hippolyta
