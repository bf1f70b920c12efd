#include "adapters/tournament/elo_fit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "adapters/common/newton.h"

namespace hippolyta {

namespace {

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kZ95 = 1.959963984540054;

double sigmoid(double x) {
    return 1 / (1 + std::exp(-x));
}

// Gradient of the negated log-likelihood (prior included) and its Hessian (the information),
// n x n row-major, in natural units.
void derivatives(const std::vector<double>& s, const std::vector<DecisiveGame>& games,
                 std::vector<double>& grad, std::vector<double>& info) {
    const std::size_t n = s.size();
    grad.assign(n, 0);
    info.assign(n * n, 0);
    for (std::size_t i = 0; i < n; ++i) {  // one virtual win and loss against a 0 rating
        const double p = sigmoid(s[i]);
        grad[i] -= (1 - p) - p;
        info[i * n + i] += 2 * p * (1 - p);
    }
    for (const DecisiveGame& g : games) {
        const std::size_t w = static_cast<std::size_t>(g.winner);
        const std::size_t l = static_cast<std::size_t>(g.loser);
        const double p = sigmoid(s[w] - s[l]);
        const double v = p * (1 - p);
        grad[w] -= 1 - p;
        grad[l] += 1 - p;
        info[w * n + w] += v;
        info[l * n + l] += v;
        info[w * n + l] -= v;
        info[l * n + w] -= v;
    }
}

}  // namespace

EloFit fitElo(int n, const std::vector<DecisiveGame>& games, int anchor) {
    if (n <= 0) return {};
    if (anchor >= n) throw std::invalid_argument("Elo anchor out of range");
    for (const DecisiveGame& g : games)
        if (g.winner < 0 || g.winner >= n || g.loser < 0 || g.loser >= n || g.winner == g.loser)
            throw std::invalid_argument("bad game in the Elo fit");
    // Newton's method: the log-likelihood is concave, and the prior makes it strictly so. No
    // wild first steps: no rating moves more than 2 nats in one.
    NewtonProblem problem;
    problem.derivatives = [&games](const std::vector<double>& s, std::vector<double>& grad,
                                   std::vector<double>& info) {
        derivatives(s, games, grad, info);
        return true;
    };
    NewtonOptions options;
    options.maxIterations = 100;
    options.tolerance = 1e-10;
    options.maxStep = 2;
    const std::vector<double> s = minimiseNewton(problem, std::vector<double>(n, 0.0), options).x;
    std::vector<double> grad, info, cov;
    derivatives(s, games, grad, info);
    if (!invertSpd(info, n, cov)) throw std::runtime_error("singular matrix in the Elo fit");
    // Ratings and variances relative to the anchor: one entrant, or the mean.
    std::vector<double> weight(n, anchor < 0 ? 1.0 / n : 0.0);
    if (anchor >= 0) weight[anchor] = 1;
    double origin = 0;
    for (int i = 0; i < n; ++i)
        origin += weight[i] * s[i];
    std::vector<double> covW(n, 0.0);  // cov * weight
    double wCovW = 0;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            covW[i] += cov[i * n + j] * weight[j];
        wCovW += weight[i] * covW[i];
    }
    EloFit fit;
    for (int i = 0; i < n; ++i) {
        const double variance = std::max(0.0, cov[i * n + i] - 2 * covW[i] + wCovW);
        fit.elo.push_back(kEloPerNat * (s[i] - origin));
        fit.error.push_back(i == anchor ? 0.0 : kZ95 * kEloPerNat * std::sqrt(variance));
    }
    return fit;
}

}  // namespace hippolyta
