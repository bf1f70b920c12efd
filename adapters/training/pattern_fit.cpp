#include "adapters/training/pattern_fit.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <thread>

#include "adapters/training/move_softmax.h"

namespace hippolyta {

namespace {

using PatternSoftmax = MoveSoftmax<PatternMoveFeatures>;

bool preparePattern(const FitPosition& tp, const PatternWeights& w, PatternSoftmax& s) {
    return prepareMoveSoftmax(tp, w, s,
                              [](const FitPosition& t, std::vector<PatternMoveFeatures>& out) {
                                  patternFeatures(t.position, t.lastMove, out);
                              });
}

// Runs f(thread, begin, end) over [0, n) split into `threads` parts, and waits.
void inParts(size_t n, int threads, const std::function<void(int, size_t, size_t)>& f) {
    const int parts = std::max(1, std::min<int>(threads, static_cast<int>(n)));
    std::vector<std::thread> pool;
    for (int t = 1; t < parts; ++t)
        pool.emplace_back(f, t, n * t / parts, n * (t + 1) / parts);
    f(0, 0, n / parts);
    for (std::thread& th : pool)
        th.join();
}

// Per-thread gradient of the summed cross-entropy over some positions.
struct Partial {
    std::vector<double> grad;
    double loss = 0;
    int counted = 0;
    PatternSoftmax s;
};

void addGradient(const FitPosition& tp, const PatternWeights& w, Partial& part) {
    if (!preparePattern(tp, w, part.s)) return;
    part.loss += part.s.loss;
    ++part.counted;
    for (size_t i = 0; i < part.s.moves.size(); ++i) {
        const double r = part.s.p[i] - part.s.target[i];
        const PatternMoveFeatures& f = part.s.moves[i];
        for (int a = 0; a < f.count; ++a)
            part.grad[f.index[a]] += r * f.value[a];
    }
}

// Adam's state and one step of it.
struct Adam {
    std::vector<double> m, v;
    long step = 0;
    explicit Adam(size_t n) : m(n, 0), v(n, 0) {}
    void apply(std::vector<double>& x, const std::vector<double>& g, double rate) {
        constexpr double b1 = 0.9, b2 = 0.999, eps = 1e-8;
        ++step;
        const double c1 = 1 - std::pow(b1, step), c2 = 1 - std::pow(b2, step);
        for (size_t k = 0; k < x.size(); ++k) {
            m[k] = b1 * m[k] + (1 - b1) * g[k];
            v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k];
            x[k] -= rate * (m[k] / c1) / (std::sqrt(v[k] / c2) + eps);
        }
    }
};

PatternWeights toFloats(const std::vector<double>& x, double round) {
    PatternWeights w(x.size());
    for (size_t k = 0; k < x.size(); ++k)
        w[k] = static_cast<float>(round > 0 ? std::round(x[k] / round) * round : x[k]);
    return w;
}

}  // namespace

double patternLoss(const std::vector<FitPosition>& positions, const PatternWeights& w,
                   int threads) {
    std::vector<Partial> parts(static_cast<size_t>(std::max(threads, 1)));
    inParts(positions.size(), threads, [&](int t, size_t begin, size_t end) {
        Partial& part = parts[static_cast<size_t>(t)];
        for (size_t i = begin; i < end; ++i)
            if (preparePattern(positions[i], w, part.s)) {
                part.loss += part.s.loss;
                ++part.counted;
            }
    });
    double total = 0;
    int counted = 0;
    for (const Partial& part : parts) {
        total += part.loss;
        counted += part.counted;
    }
    return counted ? total / counted : 0;
}

PatternWeights fitPatternPrior(const std::vector<FitPosition>& train,
                               const std::vector<FitPosition>& heldOut, const PatternWeights& start,
                               const PatternFitConfig& config, FitSummary& report,
                               const PatternFitProgress& progress) {
    const size_t n = start.size();
    const int threads = std::max(1, config.threads);
    report.trainPositions = static_cast<int>(train.size());
    report.heldOutPositions = static_cast<int>(heldOut.size());
    report.trainLossBefore = patternLoss(train, start, threads);
    report.heldLossBefore = patternLoss(heldOut, start, threads);
    std::vector<double> x(start.begin(), start.end());
    Adam adam(n);
    std::vector<size_t> order(train.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::mt19937_64 rng(config.seed);
    std::vector<Partial> parts(static_cast<size_t>(threads));
    std::vector<double> grad(n);
    const size_t batch = static_cast<size_t>(std::max(1, config.batch));
    const long steps = config.epochs * static_cast<long>((train.size() + batch - 1) / batch);
    for (int epoch = 1; epoch <= config.epochs; ++epoch) {
        std::shuffle(order.begin(), order.end(), rng);
        double epochLoss = 0;
        int epochCounted = 0;
        for (size_t b0 = 0; b0 < order.size(); b0 += batch) {
            const size_t b1 = std::min(order.size(), b0 + batch);
            const PatternWeights w = toFloats(x, 0);
            inParts(b1 - b0, threads, [&](int t, size_t begin, size_t end) {
                Partial& part = parts[static_cast<size_t>(t)];
                part.grad.assign(n, 0);
                part.loss = 0;
                part.counted = 0;
                for (size_t i = begin; i < end; ++i)
                    addGradient(train[order[b0 + i]], w, part);
            });
            int counted = 0;
            std::fill(grad.begin(), grad.end(), 0.0);
            for (const Partial& part : parts) {
                counted += part.counted;
                epochLoss += part.loss;
                for (size_t k = 0; k < n; ++k)
                    grad[k] += part.grad[k];
            }
            epochCounted += counted;
            if (!counted) continue;
            for (size_t k = 0; k < n; ++k)
                grad[k] = grad[k] / counted + 2 * config.l2 * (x[k] - start[k]);
            const double rate = config.rate * (1.0 - static_cast<double>(adam.step) / steps);
            adam.apply(x, grad, rate);
        }
        if (progress) progress(epoch, epochCounted ? epochLoss / epochCounted : 0);
    }
    report.iterations = static_cast<int>(adam.step);
    const PatternWeights w = toFloats(x, config.round);
    report.trainLossAfter = patternLoss(train, w, threads);
    report.heldLossAfter = patternLoss(heldOut, w, threads);
    return w;
}

}  // namespace hippolyta
