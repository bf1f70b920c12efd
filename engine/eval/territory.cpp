#include "engine/eval/territory.h"

#include "engine/regions/board_ops.h"

namespace hippolyta {

namespace {

// Floods both sides' queen-distance fields together, level by level.
template <int N>
TerritoryCount countTerritory(const Position& pos, Color side) {
    using Ops = BoardOps<N>;
    Bitboard emptyOwn = pos.emptySquares(), emptyOpp = emptyOwn;
    Bitboard own = pos.amazons(side), opp = pos.amazons(opposite(side));
    Bitboard ownUpTo = 0, oppUpTo = 0;
    TerritoryCount t;
    while (own | opp) {
        if (own) own = Ops::queenReach(own, emptyOwn);
        if (opp) opp = Ops::queenReach(opp, emptyOpp);
        emptyOwn &= ~own;
        emptyOpp &= ~opp;
        ownUpTo |= own;
        oppUpTo |= opp;
        t.ownSquares |= own & ~oppUpTo;
        t.opponentSquares |= opp & ~ownUpTo;
        t.tiedSquares |= own & opp;
    }
    t.own = popCount(t.ownSquares);
    t.opponent = popCount(t.opponentSquares);
    t.tied = popCount(t.tiedSquares);
    return t;
}

}  // namespace

TerritoryCount countQueenTerritory(const Position& pos, Color side) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return countTerritory<N>(pos, side);
    });
}

double queenTerritoryScore(const Position& pos, Color side) {
    const TerritoryCount t = countQueenTerritory(pos, side);
    return t.own - t.opponent + 0.2 * t.tied;
}

}  // namespace hippolyta
