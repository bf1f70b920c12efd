#include "adapters/training/logistic.h"

#include <algorithm>
#include <cmath>

#include "adapters/common/newton.h"

namespace hippolyta {

double predictLogistic(const std::vector<double>& x, const std::vector<double>& theta,
                       double scale) {
    double s = 0;
    for (size_t k = 0; k < x.size(); ++k)
        s += theta[k] * x[k];
    return 1.0 / (1.0 + std::exp(-s / scale));
}

double meanLogLoss(const LogisticData& d, const std::vector<double>& theta, double scale) {
    if (d.x.empty()) return 0;
    constexpr double kTiny = 1e-12;
    double total = 0;
    for (size_t i = 0; i < d.x.size(); ++i) {
        const double p = std::clamp(predictLogistic(d.x[i], theta, scale), kTiny, 1 - kTiny);
        total -= d.y[i] * std::log(p) + (1 - d.y[i]) * std::log(1 - p);
    }
    return total / static_cast<double>(d.x.size());
}

double accuracy(const LogisticData& d, const std::vector<double>& theta, double scale) {
    int decided = 0, right = 0;
    for (size_t i = 0; i < d.x.size(); ++i) {
        if (d.y[i] == 0.5) continue;
        ++decided;
        right += (predictLogistic(d.x[i], theta, scale) > 0.5) == (d.y[i] > 0.5);
    }
    return decided ? static_cast<double>(right) / decided : 0;
}

namespace {

double objective(const LogisticData& d, const std::vector<double>& theta,
                 const std::vector<double>& prior, double scale, double l2) {
    double penalty = 0;
    for (size_t a = 0; a < theta.size(); ++a)
        penalty += (theta[a] - prior[a]) * (theta[a] - prior[a]);
    return meanLogLoss(d, theta, scale) + l2 * penalty;
}

}  // namespace

LogisticFit fitLogistic(const LogisticData& d, const std::vector<double>& prior, double scale,
                        double l2, int maxIterations) {
    const int n = static_cast<int>(prior.size());
    const double m = std::max<double>(1, d.x.size());
    NewtonProblem problem;
    // Gradient and Hessian of the mean loss plus the penalty.
    problem.derivatives = [&](const std::vector<double>& theta, std::vector<double>& g,
                              std::vector<double>& h) {
        g.assign(n, 0);
        h.assign(static_cast<size_t>(n) * n, 0);
        for (size_t i = 0; i < d.x.size(); ++i) {
            const std::vector<double>& x = d.x[i];
            const double p = predictLogistic(x, theta, scale);
            const double r = (p - d.y[i]) / (scale * m), w = p * (1 - p) / (scale * scale * m);
            for (int a = 0; a < n; ++a) {
                g[a] += r * x[a];
                for (int b = 0; b <= a; ++b)
                    h[a * n + b] += w * x[a] * x[b];
            }
        }
        for (int a = 0; a < n; ++a) {
            g[a] += 2 * l2 * (theta[a] - prior[a]);
            h[a * n + a] += 2 * l2;
            for (int b = 0; b < a; ++b)
                h[b * n + a] = h[a * n + b];
        }
        return true;
    };
    problem.objective = [&](const std::vector<double>& theta) {
        return objective(d, theta, prior, scale, l2);
    };
    NewtonOptions options;
    options.maxIterations = maxIterations;
    options.tolerance = 1e-9;
    const NewtonResult r = minimiseNewton(problem, prior, options);
    return {r.x, r.iterations, r.converged};
}

}  // namespace hippolyta
