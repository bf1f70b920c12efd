// Reading self-play training data (adapters/selfplay/training_data.h) into the fitters'
// positions, with a deterministic subsample and a split into training and held-out games.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "adapters/training/training_sample.h"

namespace hippolyta {

struct FitDataOptions {
    int holdOutEvery = 10;     // games g with g % holdOutEvery == 0 are held out (0: none)
    int positionStride = 1;    // keep every stride-th position of a game (neighbours are alike)
    bool skipProven = true;    // positions the search had already solved teach little
    int minPly = 0;            // skip the first plies (random openings)
    bool treeSamples = false;  // also each game's tree samples (version 3), its value as result
    uint32_t treeSampleMinVisits = 0;  // ... those with at least this many visits
};

// Every position of the files, split by game. Throws TrainingDataError for damaged files.
DataSplit loadFitData(const std::vector<std::string>& files, const FitDataOptions& options);

}  // namespace hippolyta
