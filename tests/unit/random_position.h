// Test positions: the start of size n after `plies` random legal moves (fewer if the game ends).
#pragma once

#include <random>

#include "engine/core/position.h"

namespace hippolyta {

inline Position randomPosition(int n, int plies, std::mt19937_64& rng) {
    Position pos = Position::start(n);
    MoveList moves;
    for (int i = 0; i < plies; ++i) {
        pos.generateMoves(moves);
        if (moves.empty()) break;
        pos.makeMove(moves[rng() % moves.size()]);
    }
    return pos;
}

inline Position randomPosition(int n, int plies, uint64_t seed) {
    std::mt19937_64 rng(seed);
    return randomPosition(n, plies, rng);
}

}  // namespace hippolyta
