// Fitting the learned move prior (engine/search/move_prior.h) to the search's visit
// distributions: the model's softmax over all legal moves, exp(w.f(m)) / sum exp(w.f(m')), is
// fitted to the share of root visits each move got, by Newton's method on the cross-entropy
// plus an L2 pull toward the starting weights (convex, so it finds the optimum). Also measures
// how well a move order finds the search's favourite move.
#pragma once

#include <functional>
#include <vector>

#include "adapters/training/training_sample.h"
#include "engine/search/move_prior.h"

namespace hippolyta {

struct PriorFitConfig {
    double l2 = 1e-3;
    int maxIterations = 25;
};

// How often the search's most visited move is among an order's best 1, 5 and 20 moves, and the
// mean cross-entropy of the softmax of the order's scores against the visit shares (a figure
// for the fitted priors, whose scores are logits; the hand-set order's are not).
struct OrderingQuality {
    int positions = 0;
    double top1 = 0, top5 = 0, top20 = 0;
    double crossEntropy = 0;
};

// Losses are cross-entropies against the visit shares.
using PriorFitReport = FitSummary;

// Scores every legal move of a position (the last move is there for the pattern prior).
using MoveScorer = std::function<void(const FitPosition&, std::vector<ScoredMove>&)>;
OrderingQuality orderingQuality(const std::vector<FitPosition>& positions,
                                const MoveScorer& scorer);

// Mean cross-entropy of the model's move distribution against the visit shares.
double priorLoss(const std::vector<FitPosition>& positions, const PriorWeights& w);

PriorWeights fitPrior(const std::vector<FitPosition>& train,
                      const std::vector<FitPosition>& heldOut, const PriorWeights& start,
                      const PriorFitConfig& config, PriorFitReport& report);

}  // namespace hippolyta
