#include "engine/eval/ownership.h"

#include "engine/eval/final_score.h"
#include "engine/regions/regions.h"

namespace hippolyta {

std::vector<int8_t> ownershipMap(const Position& pos) {
    const int squares = pos.geometry().squareCount();
    const Bitboard white = territorySquares(pos, Color::White) | pos.amazons(Color::White);
    const Bitboard black = territorySquares(pos, Color::Black) | pos.amazons(Color::Black);
    std::vector<int8_t> owner(static_cast<size_t>(squares), 0);
    for (int sq = 0; sq < squares; ++sq)
        owner[sq] = static_cast<int8_t>(testBit(white, sq) - testBit(black, sq));
    return owner;
}

Position settledPosition(const Position& start, const std::vector<Move>& moves) {
    // Once walled apart, always: the squares that are not arrows only shrink, so regions only
    // split. The first separated position is therefore where every owner is final.
    Position pos = start;
    for (const Move& m : moves) {
        if (isSeparated(pos)) return pos;
        pos.makeMove(m);
    }
    return pos;
}

std::vector<int8_t> gameOwnership(const Position& start, const std::vector<Move>& moves) {
    return ownershipMap(settledPosition(start, moves));
}

}  // namespace hippolyta
