#include "adapters/tournament/elo_fit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace hippolyta {

namespace {

using Matrix = std::vector<std::vector<double>>;

constexpr double kEloPerNat = 400.0 / 2.302585092994046;  // 400 / ln 10
constexpr double kZ95 = 1.959963984540054;

double sigmoid(double x) {
    return 1 / (1 + std::exp(-x));
}

// Inverse of a symmetric positive definite matrix by Gauss-Jordan elimination.
Matrix inverse(Matrix a) {
    const std::size_t n = a.size();
    Matrix inv(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i)
        inv[i][i] = 1;
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
        std::swap(a[c], a[pivot]);
        std::swap(inv[c], inv[pivot]);
        const double d = a[c][c];
        if (d == 0) throw std::runtime_error("singular matrix in the Elo fit");
        for (std::size_t k = 0; k < n; ++k) {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c || a[r][c] == 0) continue;
            const double f = a[r][c];
            for (std::size_t k = 0; k < n; ++k) {
                a[r][k] -= f * a[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    return inv;
}

// Gradient of the log-likelihood (prior included) and the negated Hessian, in natural units.
void derivatives(const std::vector<double>& s, const std::vector<DecisiveGame>& games,
                 std::vector<double>& grad, Matrix& info) {
    const std::size_t n = s.size();
    grad.assign(n, 0);
    info.assign(n, std::vector<double>(n, 0));
    for (std::size_t i = 0; i < n; ++i) {  // one virtual win and loss against a 0 rating
        const double p = sigmoid(s[i]);
        grad[i] += (1 - p) - p;
        info[i][i] += 2 * p * (1 - p);
    }
    for (const DecisiveGame& g : games) {
        const double p = sigmoid(s[g.winner] - s[g.loser]);
        const double w = p * (1 - p);
        grad[g.winner] += 1 - p;
        grad[g.loser] -= 1 - p;
        info[g.winner][g.winner] += w;
        info[g.loser][g.loser] += w;
        info[g.winner][g.loser] -= w;
        info[g.loser][g.winner] -= w;
    }
}

}  // namespace

EloFit fitElo(int n, const std::vector<DecisiveGame>& games, int anchor) {
    if (n <= 0) return {};
    if (anchor >= n) throw std::invalid_argument("Elo anchor out of range");
    for (const DecisiveGame& g : games)
        if (g.winner < 0 || g.winner >= n || g.loser < 0 || g.loser >= n || g.winner == g.loser)
            throw std::invalid_argument("bad game in the Elo fit");
    // Newton's method: the log-likelihood is concave, and the prior makes it strictly so.
    std::vector<double> s(n, 0.0), grad;
    Matrix info;
    for (int iter = 0; iter < 100; ++iter) {
        derivatives(s, games, grad, info);
        const Matrix cov = inverse(info);
        double largest = 0;
        std::vector<double> step(n, 0.0);
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j)
                step[i] += cov[i][j] * grad[j];
            largest = std::max(largest, std::abs(step[i]));
        }
        const double scale = largest > 2 ? 2 / largest : 1;  // no wild first steps
        for (int i = 0; i < n; ++i)
            s[i] += scale * step[i];
        if (largest < 1e-10) break;
    }
    derivatives(s, games, grad, info);
    const Matrix cov = inverse(info);
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
            covW[i] += cov[i][j] * weight[j];
        wCovW += weight[i] * covW[i];
    }
    EloFit fit;
    for (int i = 0; i < n; ++i) {
        const double variance = std::max(0.0, cov[i][i] - 2 * covW[i] + wCovW);
        fit.elo.push_back(kEloPerNat * (s[i] - origin));
        fit.error.push_back(i == anchor ? 0.0 : kZ95 * kEloPerNat * std::sqrt(variance));
    }
    return fit;
}

}  // namespace hippolyta
