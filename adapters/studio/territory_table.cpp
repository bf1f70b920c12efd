#include "adapters/studio/territory_table.h"

#include <algorithm>

#include "engine/core/assert.h"
#include "engine/eval/levels.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

namespace {

using TL = TerritoryLayout;

// Lowers each square one side reaches from the class `unreached` (the last) to its distance
// class: distance d has class d - 1, up to the last reached class (unreached - 1), which holds
// every distance from `unreached` on. cells[sq] -= (unreached - class) * stride.
void lowerClasses(const Levels& side, int classes, int stride, uint16_t* cells) {
    const int unreached = classes - 1;
    for (int d = 1; d < unreached && d <= side.depth; ++d)
        forEachSquare(side.lv[d], [&](int sq) { cells[sq] -= (unreached - (d - 1)) * stride; });
    if (side.depth >= unreached)
        forEachSquare(side.reached() & ~side.cum[unreached - 1],
                      [&](int sq) { cells[sq] -= stride; });
}

// The squares the side to move reaches first by queen moves less the opponent's.
int queenBalance(const Levels& own, const Levels& opp) {
    Bitboard ownFirst = 0, oppFirst = 0;
    for (int d = 1; d <= std::max(own.depth, opp.depth); ++d) {
        ownFirst |= own.levelAt(d) & ~opp.cumAt(d);
        oppFirst |= opp.levelAt(d) & ~own.cumAt(d);
    }
    return popCount(ownFirst) - popCount(oppFirst);
}

// Arrows placed, in quarters of the squares not holding amazons.
int stageOf(const Position& pos) {
    const int free = pos.width() * pos.height() -
                     popCount(pos.amazons(Color::White) | pos.amazons(Color::Black));
    const int arrows = popCount(pos.arrows());
    HIPPOLYTA_ASSERT(free > 0 && arrows <= free);
    return std::min(TL::kStages - 1, arrows * TL::kStages / free);
}

void cellsFromLevels(const Levels queen[2], const Levels king[2], Bitboard empty, int stage,
                     uint16_t* cells) {
    const int balance = TL::balanceClass(queenBalance(queen[0], queen[1]));
    const int top = TL::cell(stage, TL::kQueenClasses - 1, TL::kQueenClasses - 1,
                             TL::kKingClasses - 1, TL::kKingClasses - 1, balance);
    forEachSquare(empty, [&](int sq) { cells[sq] = static_cast<uint16_t>(top); });
    lowerClasses(queen[0], TL::kQueenClasses, TL::kOwnQueen, cells);
    lowerClasses(queen[1], TL::kQueenClasses, TL::kOppQueen, cells);
    lowerClasses(king[0], TL::kKingClasses, TL::kOwnKing, cells);
    lowerClasses(king[1], TL::kKingClasses, TL::kOppKing, cells);
}

}  // namespace

void territoryCells(const Position& pos, std::array<uint16_t, kMaxSquares>& cells) {
    cells.fill(kNoCell);
    withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        using Ops = BoardOps<N>;
        const Bitboard empty = pos.emptySquares();
        const Color me = pos.sideToMove();
        const Bitboard amazons[2] = {pos.amazons(me), pos.amazons(opposite(me))};
        Levels q[2], k[2];
        for (int s = 0; s < 2; ++s) {
            Bitboard first = 0;
            forEachSquare(amazons[s], [&](int sq) { first |= Ops::queenReachFrom(sq, empty); });
            flood<N, true>(q[s], first, empty);
            flood<N, false>(k[s], Ops::kingNeighbours(amazons[s]) & empty, empty);
        }
        cellsFromLevels(q, k, empty, stageOf(pos), cells.data());
    });
}

}  // namespace hippolyta
