// Newton's method with Cholesky solves, for every fitter: the evaluation's logistic fit
// (logistic.cpp), the move prior's softmax fit (prior_fit.cpp) and the tournament's Elo fit
// (adapters/tournament/elo_fit.cpp). Header-only, so that fitters in other libraries use it
// without linking this one. Matrices are n x n, row-major, in a flat vector.
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace hippolyta {

// A = L L^T for a symmetric positive definite A, L written over A's lower triangle (the upper
// one is left as it was). False if A is not positive definite.
inline bool choleskyInPlace(std::vector<double>& a, int n) {
    for (int j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (int k = 0; k < j; ++k)
            d -= a[j * n + k] * a[j * n + k];
        if (!(d > 0)) return false;
        const double ljj = std::sqrt(d);
        a[j * n + j] = ljj;
        for (int i = j + 1; i < n; ++i) {
            double s = a[i * n + j];
            for (int k = 0; k < j; ++k)
                s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / ljj;
        }
    }
    return true;
}

// Solves L L^T x = b in place, L from choleskyInPlace.
inline void choleskySubstitute(const std::vector<double>& l, int n, std::vector<double>& b) {
    for (int i = 0; i < n; ++i) {  // L y = b
        for (int k = 0; k < i; ++k)
            b[i] -= l[i * n + k] * b[k];
        b[i] /= l[i * n + i];
    }
    for (int i = n - 1; i >= 0; --i) {  // L^T x = y
        for (int k = i + 1; k < n; ++k)
            b[i] -= l[k * n + i] * b[k];
        b[i] /= l[i * n + i];
    }
}

// Solves A x = b for a symmetric positive definite A. False (x untouched) if A is not
// positive definite.
inline bool solveSpd(std::vector<double> a, std::vector<double> b, int n, std::vector<double>& x) {
    if (!choleskyInPlace(a, n)) return false;
    choleskySubstitute(a, n, b);
    x = b;
    return true;
}

// The inverse of a symmetric positive definite A (a covariance from a Hessian). False
// (inverse untouched) if A is not positive definite.
inline bool invertSpd(std::vector<double> a, int n, std::vector<double>& inverse) {
    if (!choleskyInPlace(a, n)) return false;
    std::vector<double> out(static_cast<size_t>(n) * n), column(n);
    for (int c = 0; c < n; ++c) {
        std::fill(column.begin(), column.end(), 0.0);
        column[c] = 1;
        choleskySubstitute(a, n, column);
        for (int r = 0; r < n; ++r)
            out[r * n + c] = column[r];
    }
    inverse = std::move(out);
    return true;
}

// What to minimise. The Hessian must be positive definite where it is asked for.
struct NewtonProblem {
    // Gradient and full Hessian at x; false stops the fit (nothing to fit).
    std::function<bool(const std::vector<double>& x, std::vector<double>& gradient,
                       std::vector<double>& hessian)>
        derivatives;
    // The objective. Given, a step is halved while it does not lower it; empty, every step
    // is taken whole (after maxStep).
    std::function<double(const std::vector<double>& x)> objective;
    // Rounds a candidate to what the caller holds (the prior's floats); empty: nothing.
    std::function<void(std::vector<double>& x)> round;
};

struct NewtonOptions {
    int maxIterations = 50;
    double tolerance = 1e-9;  // converged once no coordinate moved this much in a step
    double maxStep = 0;       // above 0: a step is shortened so no coordinate moves further
    int halvings = 20;        // step lengths tried with an objective: 1, 1/2, ...; the last stays
};

struct NewtonResult {
    std::vector<double> x;
    int iterations = 0;  // steps taken
    bool converged = false;
};

inline NewtonResult minimiseNewton(const NewtonProblem& problem, std::vector<double> start,
                                   const NewtonOptions& options) {
    const int n = static_cast<int>(start.size());
    NewtonResult r{std::move(start), 0, false};
    std::vector<double> g, h, step, next(n);
    for (; r.iterations < options.maxIterations; ++r.iterations) {
        if (!problem.derivatives(r.x, g, h) || !solveSpd(h, g, n, step)) break;
        double factor = 1;
        if (options.maxStep > 0) {
            double longest = 0;
            for (double s : step)
                longest = std::max(longest, std::fabs(s));
            if (longest > options.maxStep) factor = options.maxStep / longest;
        }
        const double before = problem.objective ? problem.objective(r.x) : 0;
        for (int tries = 0; tries < std::max(1, options.halvings); ++tries, factor /= 2) {
            for (int a = 0; a < n; ++a)
                next[a] = r.x[a] - factor * step[a];
            if (problem.round) problem.round(next);
            if (!problem.objective || problem.objective(next) <= before) break;
        }
        double largest = 0;
        for (int a = 0; a < n; ++a)
            largest = std::max(largest, std::fabs(next[a] - r.x[a]));
        r.x = next;
        if (largest < options.tolerance) {
            r.converged = true;
            ++r.iterations;
            break;
        }
    }
    return r;
}

}  // namespace hippolyta
