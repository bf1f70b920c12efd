// Fitting the learned territory model (engine/eval/territory_model.h) to the ownership maps
// of self-play games: every empty square of every position is a sample, labelled with its final
// owner from the side to move's view (own, opponent, neither).
//
// The fit has two steps. A factored softmax model (per stage: a bias, and tables of the two
// queen distances, the two king distances, and each side's queen and king distance) is fitted
// to the counts of each cell by gradient descent; it gives every cell, seen or not, a smooth
// estimate. Each cell's own counts then move it away from that estimate as far as they are
// many: p = (counts + alpha * p_factored) / (n + alpha), alpha chosen on a validation tenth
// of the training games.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/eval/territory_model.h"

namespace hippolyta {

// Labels, by cell: [0] neither, [1] the side to move's, [2] the opponent's.
struct TerritoryCounts {
    std::vector<std::array<double, 3>> n =
        std::vector<std::array<double, 3>>(TerritoryLayout::kCells, {0, 0, 0});
    double squares() const;
    double owned() const;  // the squares that ended owned by either side
};

// Reads the files' positions of boards that use `board`'s table. Games g with g % splitEvery
// == 0 go to `validation` (splitEvery 0: none).
void countTerritory(const std::vector<std::string>& files, TerritoryBoard board, int splitEvery,
                    TerritoryCounts& train, TerritoryCounts* validation);

struct TerritoryFitReport {
    double trainSquares = 0, validationSquares = 0;
    double alpha = 0;  // the shrinkage chosen
    double factoredValidationLoss = 0, chosenValidationLoss = 0;
    int iterations = 0;
};

// Fits the table to `train`, choosing alpha on `validation`.
TerritoryTable fitTerritory(const TerritoryCounts& train, const TerritoryCounts& validation,
                            TerritoryFitReport& report);

// How well a predictor does on held-out squares.
struct OwnershipScore {
    double squares = 0, owned = 0;  // labelled squares, and those that ended owned
    double logLoss = 0;             // mean over squares, three outcomes (nan if not given)
    double accuracy3 = 0;           // the most probable of the three outcomes right
    double signAccuracy = 0;        // on squares that ended owned: the side right (a tie: half)
};
OwnershipScore scoreTable(const TerritoryTable& table, const TerritoryCounts& counts);
// The baseline: the square goes to the side nearer by queen moves, distances capped as the
// cells cap them (neither on a tie, or if nobody reaches it); no log-loss.
OwnershipScore scoreQueenDistance(const TerritoryCounts& counts);

}  // namespace hippolyta
