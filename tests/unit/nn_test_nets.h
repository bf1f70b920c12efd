// Nets and positions for the network tests: random weights of any shape, and positions away
// from the start (the net's features differ there from one board to the next).
#pragma once

#include <random>
#include <vector>

#include "engine/core/position.h"
#include "engine/nn/net_file.h"

namespace hippolyta {
namespace nn_test {

inline NetFile randomNetFile(int blocks, int channels, unsigned seed) {
    NetFile f;
    f.arch.blocks = blocks;
    f.arch.channels = channels;
    f.arch.policyRank = 3;
    f.arch.valueHidden = 8;
    f.checksum = 1000 + seed;
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 0.15f);
    f.weights.resize(weightCount(f.arch));
    for (float& w : f.weights)
        w = normal(rng);
    return f;
}

// The n x n start after `plies` moves, each the (k * 37)th legal one (mod the count).
inline Position playedOut(int n, int plies) {
    Position pos = Position::start(n);
    MoveList moves;
    for (int k = 0; k < plies; ++k) {
        pos.generateMoves(moves);
        if (moves.empty()) break;
        pos.makeMove(moves[(k * 37 + n) % moves.size()]);
    }
    return pos;
}

}  // namespace nn_test
}  // namespace hippolyta
