// What the fitters learn from: positions of self-play games with the game's result, the
// search's value and the root's visit counts (read from the self-play data files).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct FitPosition {
    Position position = Position::start();
    double result = 0.5;  // for the side to move: 1 it went on to win, 0 it lost
    double value = 0.5;   // the search's win probability for the side to move
    std::vector<std::pair<Move, uint32_t>> visits;  // root moves searched, with their visits
    std::optional<Move> lastMove;  // the opponent's move that led here, when the data has it
    bool treeSample = false;       // a searched node off the game's line: result is its value
};

// What every fit reports: the data's size, the iterations, and the loss on both sets.
struct FitSummary {
    int trainPositions = 0, heldOutPositions = 0, iterations = 0;
    double trainLossBefore = 0, trainLossAfter = 0;
    double heldLossBefore = 0, heldLossAfter = 0;
};

// Positions for fitting, and positions held out to measure the fit (whole games apart, so that
// no game is on both sides).
struct DataSplit {
    std::vector<FitPosition> train;
    std::vector<FitPosition> heldOut;
};

}  // namespace hippolyta
