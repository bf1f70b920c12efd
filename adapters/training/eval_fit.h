// Texel-style fitting of the evaluation's weights. The score is linear in the weights: each
// term's weight is end + (open - end) * phase, so the score is the sum over terms of
// open * (term * phase) + end * (term * (1 - phase)). A logistic of score / win_scale is fitted
// to the game results blended with the search values, the rest of the evaluation (tie bonus,
// phase scale, trapped amazons, win scale) held fixed.
#pragma once

#include <string>
#include <vector>

#include "adapters/training/logistic.h"
#include "adapters/training/training_sample.h"
#include "engine/eval/evaluation.h"

namespace hippolyta {

struct EvalFitConfig {
    double valueWeight = 0.5;  // target = (1 - w) * result + w * search value
    double l2 = 1e-4;          // pull toward the starting weights
    int maxIterations = 50;
    std::vector<std::string> without;  // terms left out of the fit (their weights stay)
    // Then one factor for all the fitted weights, fitted to the results of the training set's
    // game positions: tree samples' values, means of a search, are milder than results.
    bool calibrate = false;
};

// Losses are log-losses against the blended targets.
struct EvalFitReport : FitSummary {
    double heldAccuracyBefore = 0, heldAccuracyAfter = 0;      // predicting the game's winner
    double heldResultLossBefore = 0, heldResultLossAfter = 0;  // log-loss against the results
    double calibration = 1;  // the factor of EvalFitConfig::calibrate
};

// The fitted weights' names, in the order of the features (eval.t1.open, eval.t1.end, ...).
std::vector<std::string> evalFitNames();
std::vector<double> evalFitTheta(const EvalWeights& w);
EvalWeights withEvalFitTheta(EvalWeights w, const std::vector<double>& theta);
// The feature row of a position under weights w (only w's fixed parts matter).
std::vector<double> evalFitFeatures(const Position& pos, const EvalWeights& w);

// Fits the weights on `train`, reports on both sets.
EvalWeights fitEvaluation(const std::vector<FitPosition>& train,
                          const std::vector<FitPosition>& heldOut, const EvalWeights& start,
                          const EvalFitConfig& config, EvalFitReport& report);

// Fits one board size's own weights (eval.10x10.t1.open, ...) on that size's positions alone,
// starting from the weights that apply on it; the shared weights stay as they were.
EvalWeights fitEvaluationForSize(const std::vector<FitPosition>& train,
                                 const std::vector<FitPosition>& heldOut, const EvalWeights& start,
                                 int size, const EvalFitConfig& config, EvalFitReport& report);

}  // namespace hippolyta
