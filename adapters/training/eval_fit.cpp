#include "adapters/training/eval_fit.h"

#include <algorithm>
#include <stdexcept>

namespace hippolyta {

namespace {

// Whether term k is fitted.
std::array<bool, kEvalTerms> fittedTerms(const std::vector<std::string>& without) {
    std::array<bool, kEvalTerms> fitted;
    for (int k = 0; k < kEvalTerms; ++k)
        fitted[static_cast<size_t>(k)] =
            std::find(without.begin(), without.end(), kEvalTermNames[k]) == without.end();
    for (const std::string& name : without)
        if (std::find_if(std::begin(kEvalTermNames), std::end(kEvalTermNames),
                         [&](const char* n) { return name == n; }) == std::end(kEvalTermNames))
            throw std::invalid_argument("no evaluation term '" + name + "'");
    return fitted;
}

// A term left out of the fit has its features zeroed, so the L2 pull keeps its weights.
LogisticData dataOf(const std::vector<FitPosition>& positions, const EvalWeights& w,
                    double valueWeight, bool resultsOnly, const std::vector<std::string>& without) {
    const std::array<bool, kEvalTerms> fitted = fittedTerms(without);
    LogisticData d;
    for (const FitPosition& p : positions) {
        d.x.push_back(evalFitFeatures(p.position, w));
        for (int k = 0; k < kEvalTerms; ++k)
            if (!fitted[static_cast<size_t>(k)]) d.x.back()[2 * k] = d.x.back()[2 * k + 1] = 0;
        d.y.push_back(resultsOnly ? p.result
                                  : (1 - valueWeight) * p.result + valueWeight * p.value);
    }
    return d;
}

std::vector<FitPosition> ofSize(const std::vector<FitPosition>& positions, int size) {
    std::vector<FitPosition> out;
    for (const FitPosition& p : positions)
        if (p.position.width() == size) out.push_back(p);
    return out;
}

// The factor for theta that fits the results of the game positions among `positions` (rows of
// d), their scores under theta held as they are.
double resultCalibration(const std::vector<FitPosition>& positions, const LogisticData& d,
                         const std::vector<double>& theta, double scale, int maxIterations) {
    LogisticData scores;
    for (size_t i = 0; i < positions.size(); ++i) {
        if (positions[i].treeSample) continue;
        double score = 0;
        for (size_t k = 0; k < theta.size(); ++k)
            score += theta[k] * d.x[i][k];
        scores.x.push_back({score});
        scores.y.push_back(positions[i].result);
    }
    if (scores.x.empty()) throw std::invalid_argument("no game positions to calibrate on");
    return fitLogistic(scores, {1.0}, scale, 0, maxIterations).theta[0];
}

}  // namespace

std::vector<std::string> evalFitNames() {
    std::vector<std::string> names;
    for (const char* t : kEvalTermNames) {
        names.push_back(std::string("eval.") + t + ".open");
        names.push_back(std::string("eval.") + t + ".end");
    }
    return names;
}

std::vector<double> evalFitTheta(const EvalWeights& w) {
    std::vector<double> theta;
    for (auto member : kEvalTermMembers) {
        theta.push_back((w.*member).open);
        theta.push_back((w.*member).end);
    }
    return theta;
}

EvalWeights withEvalFitTheta(EvalWeights w, const std::vector<double>& theta) {
    for (int k = 0; k < kEvalTerms; ++k) {
        (w.*kEvalTermMembers[k]).open = theta[2 * k];
        (w.*kEvalTermMembers[k]).end = theta[2 * k + 1];
    }
    return w;
}

std::vector<double> evalFitFeatures(const Position& pos, const EvalWeights& w) {
    EvalTerms t;
    evaluate(pos, w, &t);
    const std::array<double, kEvalTerms> terms = t.values();
    std::vector<double> x;
    for (double term : terms) {
        x.push_back(term * t.phase);
        x.push_back(term * (1 - t.phase));
    }
    return x;
}

EvalWeights fitEvaluation(const std::vector<FitPosition>& train,
                          const std::vector<FitPosition>& heldOut, const EvalWeights& start,
                          const EvalFitConfig& config, EvalFitReport& report) {
    const LogisticData trainData = dataOf(train, start, config.valueWeight, false, config.without);
    const LogisticData heldData = dataOf(heldOut, start, config.valueWeight, false, config.without);
    const LogisticData heldResults =
        dataOf(heldOut, start, config.valueWeight, true, config.without);
    const std::vector<double> before = evalFitTheta(start);
    const double scale = start.winScale;
    LogisticFit fit = fitLogistic(trainData, before, scale, config.l2, config.maxIterations);
    if (config.calibrate) {
        report.calibration =
            resultCalibration(train, trainData, fit.theta, scale, config.maxIterations);
        for (double& t : fit.theta)
            t *= report.calibration;
    }
    report.trainPositions = static_cast<int>(train.size());
    report.heldOutPositions = static_cast<int>(heldOut.size());
    report.iterations = fit.iterations;
    report.trainLossBefore = meanLogLoss(trainData, before, scale);
    report.trainLossAfter = meanLogLoss(trainData, fit.theta, scale);
    report.heldLossBefore = meanLogLoss(heldData, before, scale);
    report.heldLossAfter = meanLogLoss(heldData, fit.theta, scale);
    report.heldAccuracyBefore = accuracy(heldResults, before, scale);
    report.heldAccuracyAfter = accuracy(heldResults, fit.theta, scale);
    report.heldResultLossBefore = meanLogLoss(heldResults, before, scale);
    report.heldResultLossAfter = meanLogLoss(heldResults, fit.theta, scale);
    return withEvalFitTheta(start, fit.theta);
}

EvalWeights fitEvaluationForSize(const std::vector<FitPosition>& train,
                                 const std::vector<FitPosition>& heldOut, const EvalWeights& start,
                                 int size, const EvalFitConfig& config, EvalFitReport& report) {
    EvalWeights shared = start;  // the size's weights as the shared ones, to fit as usual
    const std::array<TermWeights, kEvalTerms> own = termWeightsFor(start, size);
    for (int k = 0; k < kEvalTerms; ++k)
        shared.*kEvalTermMembers[k] = own[static_cast<size_t>(k)];
    const EvalWeights fitted =
        fitEvaluation(ofSize(train, size), ofSize(heldOut, size), shared, config, report);
    EvalWeights out = start;
    const std::vector<double> theta = evalFitTheta(fitted);
    std::copy(theta.begin(), theta.end(), out.bySize[static_cast<size_t>(size)].value.begin());
    return out;
}

}  // namespace hippolyta
