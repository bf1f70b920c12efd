#include "engine/eval/distance.h"

namespace hippolyta {

int DistanceField::distanceOf(int sq) const {
    for (int d = 0; d <= depth; ++d)
        if (testBit(level[d], sq)) return d;
    return kUnreached;
}

Bitboard queenFill(const Geometry& geo, Bitboard from, Bitboard empty) {
    Bitboard result = 0;
    for (int d = 0; d < 8; ++d) {
        // Slide one step at a time; the ray leaves the board within n - 1 steps.
        Bitboard ray = geo.shift(from, d) & empty;
        while (ray) {
            result |= ray;
            ray = geo.shift(ray, d) & empty;
        }
    }
    return result;
}

namespace {
template <typename Fill>
DistanceField flood(const Position& pos, Color side, Fill fill) {
    DistanceField f;
    const Geometry& geo = pos.geometry();
    Bitboard empty = pos.emptySquares();
    Bitboard frontier = pos.amazons(side);
    f.level[0] = frontier;
    while (frontier && f.depth + 1 < static_cast<int>(f.level.size())) {
        frontier = fill(geo, frontier, empty);
        empty &= ~frontier;
        if (!frontier) break;
        f.level[++f.depth] = frontier;
        f.reached |= frontier;
    }
    return f;
}
}  // namespace

DistanceField queenDistances(const Position& pos, Color side) {
    return flood(pos, side, queenFill);
}

DistanceField kingDistances(const Position& pos, Color side) {
    return flood(pos, side, kingFill);
}

}  // namespace hippolyta
