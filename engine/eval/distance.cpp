#include "engine/eval/distance.h"

#include "engine/regions/board_ops.h"

namespace hippolyta {

int DistanceField::distanceOf(int sq) const {
    for (int d = 0; d <= depth; ++d)
        if (testBit(level[d], sq)) return d;
    return kUnreached;
}

Bitboard queenFill(const Geometry& geo, Bitboard from, Bitboard empty) {
    return withBoardSize(geo.size(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return BoardOps<N>::queenReach(from, empty & ~from);
    });
}

namespace {

// Floods level by level; rays may stop at squares already reached, since anything beyond them
// is reached from them at the same or a smaller distance.
template <int N, bool Queen>
DistanceField flood(const Position& pos, Color side) {
    using Ops = BoardOps<N>;
    DistanceField f;
    Bitboard empty = pos.emptySquares();
    Bitboard frontier = pos.amazons(side);
    f.level[0] = frontier;
    while (frontier) {
        frontier = Queen ? Ops::queenReach(frontier, empty) : Ops::kingNeighbours(frontier) & empty;
        if (!frontier) break;
        empty &= ~frontier;
        f.level[++f.depth] = frontier;
        f.reached |= frontier;
    }
    return f;
}

}  // namespace

DistanceField queenDistances(const Position& pos, Color side) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return flood<N, true>(pos, side);
    });
}

DistanceField kingDistances(const Position& pos, Color side) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return flood<N, false>(pos, side);
    });
}

}  // namespace hippolyta
