// Fitting the pattern move prior (engine/search/pattern_prior.h) to the search's visit
// distributions: the model's softmax over all legal moves is fitted to the share of root
// visits each move got (cross-entropy), with an L2 pull toward the starting weights. With some
// 17,500 weights Newton's method is out of reach; Adam on minibatches of positions drawn in a
// seeded order does it (the learning rate falls linearly to zero over the run). Threads split
// each minibatch and their gradients add in a fixed order, so a seed gives one result.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "adapters/training/training_sample.h"
#include "engine/search/pattern_prior.h"

namespace hippolyta {

struct PatternFitConfig {
    double l2 = 1e-5;      // per weight, on the mean cross-entropy
    int epochs = 6;        // passes over the training positions
    int batch = 128;       // positions per Adam step
    double rate = 0.03;    // Adam's step size at the start
    uint64_t seed = 4747;  // the order of the positions
    int threads = 2;
    double round = 1e-3;  // the fitted weights are rounded to multiples of this (0: not)
};

// Mean cross-entropy of the model's move distribution against the visit shares.
double patternLoss(const std::vector<FitPosition>& positions, const PatternWeights& w,
                   int threads = 1);

// Called after each epoch with its number (from 1) and the mean training loss over it.
using PatternFitProgress = std::function<void(int epoch, double trainLoss)>;

PatternWeights fitPatternPrior(const std::vector<FitPosition>& train,
                               const std::vector<FitPosition>& heldOut, const PatternWeights& start,
                               const PatternFitConfig& config, FitSummary& report,
                               const PatternFitProgress& progress = {});

}  // namespace hippolyta
