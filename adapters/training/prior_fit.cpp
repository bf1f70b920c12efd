#include "adapters/training/prior_fit.h"

#include <algorithm>
#include <cmath>

#include "adapters/common/newton.h"
#include "adapters/training/move_softmax.h"

namespace hippolyta {

namespace {

constexpr int kN = PriorLayout::kCount;

using Softmax = MoveSoftmax<MoveFeatures>;

bool prepare(const FitPosition& tp, const PriorWeights& w, Softmax& s) {
    return prepareMoveSoftmax(tp, w, s, [](const FitPosition& t, std::vector<MoveFeatures>& out) {
        moveFeatures(t.position, out);
    });
}

double objective(const std::vector<FitPosition>& positions, const PriorWeights& w,
                 const PriorWeights& start, double l2) {
    double penalty = 0;
    for (int k = 0; k < kN; ++k)
        penalty += (w[k] - start[k]) * (w[k] - start[k]);
    return priorLoss(positions, w) + l2 * penalty;
}

// Adds one position's gradient and Hessian of the cross-entropy.
void accumulate(const Softmax& s, std::vector<double>& g, std::vector<double>& h) {
    std::vector<double> mean(kN, 0);
    for (size_t i = 0; i < s.moves.size(); ++i) {
        const MoveFeatures& f = s.moves[i];
        const double r = s.p[i] - s.target[i];
        for (int a = 0; a < f.count; ++a) {
            g[f.index[a]] += r * f.value[a];
            mean[f.index[a]] += s.p[i] * f.value[a];
            for (int b = 0; b < f.count; ++b)
                h[f.index[a] * kN + f.index[b]] += s.p[i] * f.value[a] * f.value[b];
        }
    }
    for (int a = 0; a < kN; ++a)
        for (int b = 0; b < kN; ++b)
            h[a * kN + b] -= mean[a] * mean[b];
}

PriorWeights weightsOf(const std::vector<double>& x) {
    PriorWeights w;
    for (int a = 0; a < kN; ++a)
        w[a] = static_cast<float>(x[a]);
    return w;
}

// The mean cross-entropy over train plus l2 * |w - start|^2, for Newton's method (in doubles
// that hold the weights' floats).
NewtonProblem priorProblem(const std::vector<FitPosition>& train, const PriorWeights& start,
                           double l2) {
    NewtonProblem problem;
    problem.derivatives = [&train, &start, l2](const std::vector<double>& x, std::vector<double>& g,
                                               std::vector<double>& h) {
        const PriorWeights w = weightsOf(x);
        g.assign(kN, 0);
        h.assign(kN * kN, 0);
        Softmax s;
        int counted = 0;
        for (const FitPosition& tp : train)
            if (prepare(tp, w, s)) {
                accumulate(s, g, h);
                ++counted;
            }
        if (!counted) return false;
        for (int a = 0; a < kN; ++a) {
            g[a] = g[a] / counted + 2 * l2 * (w[a] - start[a]);
            for (int b = 0; b < kN; ++b)
                h[a * kN + b] /= counted;
            h[a * kN + a] += 2 * l2;
        }
        return true;
    };
    problem.objective = [&train, &start, l2](const std::vector<double>& x) {
        return objective(train, weightsOf(x), start, l2);
    };
    problem.round = [](std::vector<double>& x) {
        for (double& v : x)
            v = static_cast<float>(v);
    };
    return problem;
}

}  // namespace

namespace {

// The cross-entropy of the softmax of moves' scores against the position's visit shares.
double scoreCrossEntropy(const FitPosition& tp, const std::vector<ScoredMove>& moves) {
    double top = -1e300, sum = 0, total = 0, loss = 0;
    for (const ScoredMove& m : moves)
        top = std::max(top, static_cast<double>(m.score));
    std::unordered_map<uint32_t, double> score;
    for (const ScoredMove& m : moves) {
        sum += std::exp(m.score - top);
        score[m.move.packed()] = m.score;
    }
    for (const auto& [move, n] : tp.visits) {
        const auto it = score.find(move.packed());
        if (it == score.end()) continue;
        loss -= n * (it->second - top - std::log(sum));
        total += n;
    }
    return total > 0 ? loss / total : 0;
}

}  // namespace

OrderingQuality orderingQuality(const std::vector<FitPosition>& positions,
                                const MoveScorer& scorer) {
    OrderingQuality q;
    std::vector<ScoredMove> moves;
    for (const FitPosition& tp : positions) {
        if (tp.visits.empty()) continue;
        const auto best =
            std::max_element(tp.visits.begin(), tp.visits.end(),
                             [](const auto& a, const auto& b) { return a.second < b.second; });
        scorer(tp, moves);
        const auto it = std::find_if(moves.begin(), moves.end(),
                                     [&](const ScoredMove& m) { return m.move == best->first; });
        if (it == moves.end()) continue;
        // Rank as sortMoves orders: score descending, then packed move ascending.
        size_t rank = 0;
        for (const ScoredMove& m : moves)
            rank += m.score > it->score ||
                    (m.score == it->score && m.move.packed() < it->move.packed());
        ++q.positions;
        q.top1 += rank < 1;
        q.top5 += rank < 5;
        q.top20 += rank < 20;
        q.crossEntropy += scoreCrossEntropy(tp, moves);
    }
    if (q.positions) {
        q.top1 /= q.positions;
        q.top5 /= q.positions;
        q.top20 /= q.positions;
        q.crossEntropy /= q.positions;
    }
    return q;
}

double priorLoss(const std::vector<FitPosition>& positions, const PriorWeights& w) {
    Softmax s;
    double total = 0;
    int counted = 0;
    for (const FitPosition& tp : positions)
        if (prepare(tp, w, s)) {
            total += s.loss;
            ++counted;
        }
    return counted ? total / counted : 0;
}

PriorWeights fitPrior(const std::vector<FitPosition>& train,
                      const std::vector<FitPosition>& heldOut, const PriorWeights& start,
                      const PriorFitConfig& config, PriorFitReport& report) {
    report.trainPositions = static_cast<int>(train.size());
    report.heldOutPositions = static_cast<int>(heldOut.size());
    report.trainLossBefore = priorLoss(train, start);
    report.heldLossBefore = priorLoss(heldOut, start);
    NewtonOptions options;
    options.maxIterations = config.maxIterations;
    options.tolerance = 1e-5;
    const NewtonResult fit =
        minimiseNewton(priorProblem(train, start, config.l2),
                       std::vector<double>(start.begin(), start.end()), options);
    report.iterations = fit.iterations;
    const PriorWeights w = weightsOf(fit.x);
    report.trainLossAfter = priorLoss(train, w);
    report.heldLossAfter = priorLoss(heldOut, w);
    return w;
}

}  // namespace hippolyta
