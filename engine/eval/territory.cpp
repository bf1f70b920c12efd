#include "engine/eval/territory.h"

#include <algorithm>

#include "engine/eval/distance.h"

namespace hippolyta {

TerritoryCount countQueenTerritory(const Position& pos, Color side) {
    const DistanceField own = queenDistances(pos, side);
    const DistanceField opp = queenDistances(pos, opposite(side));
    Bitboard ownUpTo = 0, oppUpTo = 0;
    TerritoryCount t;
    for (int k = 1; k <= std::max(own.depth, opp.depth); ++k) {
        const Bitboard o = k <= own.depth ? own.level[k] : 0;
        const Bitboard p = k <= opp.depth ? opp.level[k] : 0;
        ownUpTo |= o;
        oppUpTo |= p;
        t.ownSquares |= o & ~oppUpTo;
        t.opponentSquares |= p & ~ownUpTo;
        t.tiedSquares |= o & p;
    }
    t.own = popCount(t.ownSquares);
    t.opponent = popCount(t.opponentSquares);
    t.tied = popCount(t.tiedSquares);
    return t;
}

double queenTerritoryScore(const Position& pos, Color side) {
    const TerritoryCount t = countQueenTerritory(pos, side);
    return t.own - t.opponent + 0.2 * t.tied;
}

}  // namespace hippolyta
