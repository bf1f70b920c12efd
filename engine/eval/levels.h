// Distance levels by flooding bitboards, for the evaluation: lv[k] holds the empty squares a side
// first reaches in k moves (k >= 1), and cum[k] the squares reached in at most k moves; both read
// flat past `depth`.
#pragma once

#include <algorithm>

#include "engine/core/assert.h"
#include "engine/core/bitboard.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

struct Levels {
    static constexpr int kCount = kMaxSquares + 2;
    int depth = 0;
    Bitboard lv[kCount];
    Bitboard cum[kCount];
    Bitboard cumAt(int k) const { return cum[std::min(k, depth)]; }
    Bitboard levelAt(int k) const { return k <= depth ? lv[k] : 0; }
    Bitboard reached() const { return cum[depth]; }
};

// Floods from `first` (the level-1 squares) through `empty`, by queen or by king moves.
template <int N, bool Queen>
void flood(Levels& L, Bitboard first, Bitboard empty) {
    using Ops = BoardOps<N>;
    L.lv[0] = 0;
    L.cum[0] = 0;
    Bitboard frontier = first, reached = 0;
    int k = 0;
    while (frontier) {
        ++k;
        // Each level adds a square at least, so the levels fit the board: no overrun.
        HIPPOLYTA_ASSERT(k < Levels::kCount && !(frontier & reached));
        reached |= frontier;
        empty &= ~frontier;
        L.lv[k] = frontier;
        L.cum[k] = reached;
        frontier = Queen ? Ops::queenReach(frontier, empty) : Ops::kingNeighbours(frontier) & empty;
    }
    L.depth = k;
}

}  // namespace hippolyta
