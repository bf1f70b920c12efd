// The fitters' one Newton/Cholesky solver (adapters/common/newton.h), on problems whose
// answers are known.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "adapters/common/newton.h"

namespace hippolyta {
namespace {

const std::vector<double> kSpd = {4, 2, 0.6, 2, 5, 1, 0.6, 1, 3};  // 3 x 3, positive definite

TEST(Cholesky, SolvesASymmetricPositiveDefiniteSystem) {
    const std::vector<double> b = {1, -2, 0.5};
    std::vector<double> x;
    ASSERT_TRUE(solveSpd(kSpd, b, 3, x));
    ASSERT_EQ(x.size(), 3u);
    for (int i = 0; i < 3; ++i) {
        double ax = 0;
        for (int k = 0; k < 3; ++k)
            ax += kSpd[i * 3 + k] * x[k];
        EXPECT_NEAR(ax, b[i], 1e-12) << i;
    }
}

TEST(Cholesky, InvertsASymmetricPositiveDefiniteMatrix) {
    std::vector<double> inverse;
    ASSERT_TRUE(invertSpd(kSpd, 3, inverse));
    ASSERT_EQ(inverse.size(), 9u);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double product = 0;
            for (int k = 0; k < 3; ++k)
                product += kSpd[i * 3 + k] * inverse[k * 3 + j];
            EXPECT_NEAR(product, i == j ? 1.0 : 0.0, 1e-12) << i << "," << j;
        }
}

TEST(Cholesky, RefusesAMatrixThatIsNotPositiveDefinite) {
    const std::vector<double> indefinite = {1, 2, 2, 1};
    std::vector<double> x = {7, 7};
    EXPECT_FALSE(solveSpd(indefinite, {1, 1}, 2, x));
    EXPECT_EQ(x, (std::vector<double>{7, 7})) << "left untouched";
    EXPECT_FALSE(invertSpd(indefinite, 2, x));
    EXPECT_FALSE(solveSpd({0}, {1}, 1, x));
}

// f(x) = x.A.x / 2 - b.x, minimised where A x = b: Newton's first step lands there.
NewtonProblem quadratic(const std::vector<double>& a, const std::vector<double>& b) {
    NewtonProblem p;
    p.derivatives = [a, b](const std::vector<double>& x, std::vector<double>& g,
                           std::vector<double>& h) {
        const size_t n = b.size();
        g.assign(n, 0);
        for (size_t i = 0; i < n; ++i) {
            for (size_t k = 0; k < n; ++k)
                g[i] += a[i * n + k] * x[k];
            g[i] -= b[i];
        }
        h = a;
        return true;
    };
    return p;
}

TEST(Newton, OneStepSolvesAQuadratic) {
    const std::vector<double> b = {1, -2, 0.5};
    std::vector<double> want;
    ASSERT_TRUE(solveSpd(kSpd, b, 3, want));
    const NewtonResult r = minimiseNewton(quadratic(kSpd, b), {5, 5, 5}, NewtonOptions{});
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.iterations, 2) << "the step, then a step of nothing";
    for (int i = 0; i < 3; ++i)
        EXPECT_NEAR(r.x[i], want[i], 1e-12) << i;
}

TEST(Newton, MaxStepShortensEachStep) {
    NewtonOptions o;
    o.maxStep = 2;
    o.maxIterations = 1;
    const NewtonProblem p = quadratic({1}, {10});  // minimum at 10
    EXPECT_DOUBLE_EQ(minimiseNewton(p, {0}, o).x[0], 2);
    o.maxIterations = 50;
    const NewtonResult r = minimiseNewton(p, {0}, o);
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.iterations, 6) << "five steps of 2, then nothing";
    EXPECT_DOUBLE_EQ(r.x[0], 10);
}

// f(x) = sqrt(1 + x^2): from |x| > 1 Newton's full step, to -x^3, climbs; halving it descends.
NewtonProblem hyperbola(bool withObjective) {
    NewtonProblem p;
    p.derivatives = [](const std::vector<double>& x, std::vector<double>& g,
                       std::vector<double>& h) {
        const double r = std::sqrt(1 + x[0] * x[0]);
        g = {x[0] / r};
        h = {1 / (r * r * r)};
        return true;
    };
    if (withObjective)
        p.objective = [](const std::vector<double>& x) { return std::sqrt(1 + x[0] * x[0]); };
    return p;
}

TEST(Newton, HalvesStepsThatDoNotLowerTheObjective) {
    NewtonOptions o;
    o.maxIterations = 3;
    EXPECT_GT(std::fabs(minimiseNewton(hyperbola(false), {2}, o).x[0]), 1e6) << "full steps";
    o.maxIterations = 50;
    const NewtonResult r = minimiseNewton(hyperbola(true), {2}, o);
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(r.x[0], 0, 1e-9);
}

TEST(Newton, RoundsEveryCandidate) {
    NewtonProblem p = quadratic({1}, {0.1});
    p.round = [](std::vector<double>& x) { x[0] = static_cast<float>(x[0]); };
    const NewtonResult r = minimiseNewton(p, {0}, NewtonOptions{});
    EXPECT_TRUE(r.converged);
    EXPECT_EQ(r.x[0], static_cast<double>(0.1f));
}

TEST(Newton, StopsWhenThereIsNothingToFit) {
    NewtonProblem p;
    p.derivatives = [](const std::vector<double>&, std::vector<double>&, std::vector<double>&) {
        return false;
    };
    const NewtonResult r = minimiseNewton(p, {3, 4}, NewtonOptions{});
    EXPECT_FALSE(r.converged);
    EXPECT_EQ(r.iterations, 0);
    EXPECT_EQ(r.x, (std::vector<double>{3, 4}));
}

}  // namespace
}  // namespace hippolyta
