// Logistic regression by Newton's method: p(x) = 1 / (1 + exp(-theta.x / scale)), fitted to
// targets in [0, 1] (game results, or results blended with search values) by minimising the
// mean log-loss plus l2 * |theta - prior|^2, which keeps weights that the data barely
// constrains near where they were.
#pragma once

#include <vector>

namespace hippolyta {

struct LogisticData {
    std::vector<std::vector<double>> x;  // one feature row per sample
    std::vector<double> y;               // targets in [0, 1]
};

struct LogisticFit {
    std::vector<double> theta;
    int iterations = 0;
    bool converged = false;
};

double predictLogistic(const std::vector<double>& x, const std::vector<double>& theta,
                       double scale);
// Mean log-loss of the targets (soft targets allowed).
double meanLogLoss(const LogisticData& d, const std::vector<double>& theta, double scale);
// Share of samples with a decided target (y != 0.5) whose side of 0.5 the model gets right.
double accuracy(const LogisticData& d, const std::vector<double>& theta, double scale);
LogisticFit fitLogistic(const LogisticData& d, const std::vector<double>& prior, double scale,
                        double l2, int maxIterations);

}  // namespace hippolyta
