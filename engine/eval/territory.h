// The classic queen-distance territory count (the "territory evaluation" of the literature).
#pragma once

#include "engine/core/position.h"

namespace hippolyta {

// Squares each side reaches strictly first by queen moves, and those both reach at the same
// distance; unreachable squares count for nobody.
struct TerritoryCount {
    int own = 0;
    int opponent = 0;
    int tied = 0;
    Bitboard ownSquares = 0;
    Bitboard opponentSquares = 0;
    Bitboard tiedSquares = 0;
};

TerritoryCount countQueenTerritory(const Position& pos, Color side);

// Per empty square from `side`'s view: +1 if it gets there in fewer queen moves, -1 if the
// opponent does, +0.2 if both need the same number, 0 if neither can reach it.
double queenTerritoryScore(const Position& pos, Color side);

}  // namespace hippolyta
