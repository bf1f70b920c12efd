#include "opening-book/symmetry.h"

#include <array>

#include "engine/core/zobrist.h"

namespace hippolyta {

NormalForm normalForm(const Position& pos) {
    // The hash of each image computed straight from the keys (what computeHash() of
    // transformPosition(pos, s) gives), without building the eight positions.
    const ZobristKeys& z = ZobristKeys::get();
    const int n = pos.width();
    std::array<uint64_t, kSymmetryCount> h;
    h.fill(z.size[n] ^ (pos.sideToMove() == Color::Black ? z.blackToMove : 0));
    auto add = [&](Bitboard b, const auto& keys) {
        forEachSquare(b, [&](int sq) {
            for (int s = 0; s < kSymmetryCount; ++s)
                h[s] ^= keys[transformSquare(sq, n, s)];
        });
    };
    add(pos.amazons(Color::White), z.amazon[0]);
    add(pos.amazons(Color::Black), z.amazon[1]);
    add(pos.arrows(), z.arrow);
    NormalForm nf{h[0], 0};
    for (int s = 1; s < kSymmetryCount; ++s)
        if (h[s] < nf.key) nf = {h[s], s};
    return nf;
}

}  // namespace hippolyta
