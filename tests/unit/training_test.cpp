// The learning pipeline's pieces: the weights file, the learned move prior's two forms, and the
// fitters recovering known weights from synthetic data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>

#include "adapters/training/eval_fit.h"
#include "adapters/training/logistic.h"
#include "adapters/training/prior_fit.h"
#include "engine/core/fnv.h"
#include "engine/search/move_prior.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"
#include "protocol/weights_source.h"
#include "random_position.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

TEST(WeightsFile, RoundTripsEveryConstant) {
    EngineConfig config;
    config.eval.t1.open = 0.123456789;
    config.prior[3] = -1.5f;
    config.search.exploration = 0.3;
    config.eval.bySize[10].value[3] = -0.25;  // one board size's own weight (eval.10x10.t2.end)
    const WeightsFile w = weightsOf(config, parameterNames(), {"made by a test", "seed 1"});
    const std::string text = formatWeights(w);
    const WeightsFile back = parseWeights(text, "test");
    EXPECT_EQ(back.comments, w.comments);
    ASSERT_EQ(back.values.size(), w.values.size());
    EngineConfig other;
    applyWeights(back, other);
    for (const std::string& name : parameterNames())
        EXPECT_EQ(getParameter(other, name), getParameter(config, name)) << name;
    EXPECT_EQ(getParameter(other, "eval.10x10.t2.end"), -0.25);
    EXPECT_EQ(formatWeights(back), text);
}

TEST(WeightsFile, RefusesDamagedAndForeignFiles) {
    EngineConfig config;
    const std::string good = formatWeights(weightsOf(config, {"exploration", "eval.t1.open"}, {}));
    auto refused = [](const std::string& text, const std::string& why) {
        try {
            parseWeights(text, "w");
        } catch (const WeightsError& e) {
            return std::string(e.what()).find(why) != std::string::npos;
        }
        return false;
    };
    std::string flipped = good;
    flipped[flipped.find("exploration") + 13] ^= 1;  // a digit of its value
    EXPECT_TRUE(refused(flipped, "checksum mismatch"));
    EXPECT_TRUE(refused(good.substr(0, good.size() / 2), "no checksum line"));
    EXPECT_TRUE(refused("", "no checksum line"));
    std::string foreign = good;
    foreign.replace(0, 17, "hippolyta-book   ");
    EXPECT_TRUE(refused(foreign, "checksum mismatch"));
    // Well-formed files with a wrong header, version, name or value (checksums recomputed).
    auto resealed = [](std::string body) {
        char buf[20];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(fnv1a64(body)));
        return body + "checksum " + buf + "\n";
    };
    EXPECT_TRUE(refused(resealed("hippolyta-weights 2\nexploration 1\n"), "version"));
    EXPECT_TRUE(refused(resealed("something else\n"), "not a Hippolyta weights file"));
    // A checksum line alone has a right checksum (of nothing) but no header line.
    EXPECT_TRUE(refused(resealed(""), "not a Hippolyta weights file"));
    EXPECT_TRUE(refused(resealed("\n"), "not a Hippolyta weights file"));
    EXPECT_TRUE(refused(resealed("hippolyta-weights 1\nfrobnicate 1\n"), "unknown constant"));
    EXPECT_TRUE(refused(resealed("hippolyta-weights 1\nexploration one\n"), "expected"));
    EXPECT_TRUE(refused(resealed("hippolyta-weights 1\nexploration 1\nexploration 2\n"), "twice"));
    EXPECT_NO_THROW(parseWeights(resealed("hippolyta-weights 1\n# note\nexploration 1\n"), "w"));
}

TEST(WeightsFile, LoadingABadFileKeepsTheBuiltInWeights) {
    TestDir scratch;
    const std::string dir = scratch.string();
    const std::string good = dir + "/good.weights", bad = dir + "/bad.weights";
    EngineConfig tuned;
    tuned.search.exploration = 0.4;
    const std::string text = formatWeights(weightsOf(tuned, {"exploration"}, {}));
    std::ofstream(good) << text;
    std::ofstream(bad) << text.substr(0, text.size() - 5);  // the checksum line cut short
    std::ostringstream err;
    EngineConfig config;
    EXPECT_FALSE(loadWeightsInto(bad, config, err));
    EXPECT_EQ(config.search.exploration, EngineConfig().search.exploration);
    EXPECT_NE(err.str().find("weights refused"), std::string::npos) << err.str();
    EXPECT_FALSE(loadWeightsInto(dir + "/missing.weights", config, err));
    EXPECT_TRUE(loadWeightsInto(good, config, err));
    EXPECT_EQ(config.search.exploration, 0.4);
}

TEST(MovePrior, TablesAndFeaturesGiveTheSameScores) {
    std::mt19937_64 rng(7);
    PriorWeights w;
    std::uniform_real_distribution<float> u(-2, 2);
    for (float& x : w)
        x = u(rng);
    for (int n : {6, 8, 10, 11}) {
        for (int plies : {0, 5, 20}) {
            const Position pos = randomPosition(n, plies, rng);
            std::vector<ScoredMove> scored;
            std::vector<MoveFeatures> features;
            scoreMovesLearned(pos, w, scored);
            moveFeatures(pos, features);
            MoveList legal;
            pos.generateMoves(legal);
            ASSERT_EQ(scored.size(), legal.size());
            ASSERT_EQ(features.size(), legal.size());
            for (size_t i = 0; i < scored.size(); ++i) {
                EXPECT_EQ(scored[i].move, features[i].move);
                EXPECT_NEAR(scored[i].score, features[i].dot(w), 1e-3);
            }
        }
    }
}

TEST(MovePrior, NamesAreDistinctParameters) {
    std::vector<std::string> names;
    for (int i = 0; i < PriorLayout::kCount; ++i)
        names.push_back(priorWeightName(i));
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::unique(names.begin(), names.end()), names.end());
    EngineConfig c;
    EXPECT_TRUE(setParameter(c, "prior.hem", -0.5));
    EXPECT_EQ(c.prior[PriorLayout::kHem], -0.5f);
}

TEST(LogisticFit, RecoversKnownWeights) {
    std::mt19937_64 rng(11);
    std::normal_distribution<double> gauss(0, 1);
    std::uniform_real_distribution<double> unit(0, 1);
    const std::vector<double> truth = {1.5, -0.7, 0.3};
    LogisticData d;
    for (int i = 0; i < 20000; ++i) {
        std::vector<double> x = {gauss(rng), gauss(rng), gauss(rng)};
        d.y.push_back(unit(rng) < predictLogistic(x, truth, 2.0) ? 1 : 0);
        d.x.push_back(x);
    }
    const LogisticFit fit = fitLogistic(d, {0, 0, 0}, 2.0, 0, 50);
    EXPECT_TRUE(fit.converged);
    for (int k = 0; k < 3; ++k)
        EXPECT_NEAR(fit.theta[k], truth[k], 0.1) << k;
    EXPECT_LT(meanLogLoss(d, fit.theta, 2.0), meanLogLoss(d, {0, 0, 0}, 2.0));
}

// The weights the evaluation's fits must find again.
EvalWeights evalTruth() {
    EvalWeights truth;
    truth.t1 = {0.6, 1.2};
    truth.mobility = {0.5, 0.0};
    return truth;
}

// `count` random 8x8 positions scored by truth: the true win probability as the value, and a
// result drawn from it.
std::vector<FitPosition> positionsScoredBy(const EvalWeights& truth, int count, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<FitPosition> data;
    for (int i = 0; i < count; ++i) {
        FitPosition tp;
        tp.position = randomPosition(8, 4 + static_cast<int>(rng() % 40), rng);
        const double p = winProbability(evaluate(tp.position, truth), truth);
        tp.result = unit(rng) < p ? 1 : 0;
        tp.value = p;
        data.push_back(tp);
    }
    return data;
}

TEST(EvalFit, RecoversWeightsThatMadeTheResults) {
    const EvalWeights truth = evalTruth();
    const std::vector<FitPosition> data = positionsScoredBy(truth, 3000, 3);
    EvalFitReport report;
    EvalFitConfig config;
    config.valueWeight = 1.0;  // the exact probabilities: the fit must land on the truth
    config.l2 = 0;
    const std::vector<FitPosition> held(data.begin(), data.begin() + 500);
    const EvalWeights fitted = fitEvaluation(data, held, EvalWeights(), config, report);
    const std::vector<double> want = evalFitTheta(truth), got = evalFitTheta(fitted);
    for (size_t k = 0; k < want.size(); ++k)
        EXPECT_NEAR(got[k], want[k], 0.02) << evalFitNames()[k];
    EXPECT_LT(report.heldLossAfter, report.heldLossBefore);
}

// Tree samples whose values are half as far from even (in logit) as the results they lead to:
// the fit on them comes out mild, and --calibrate scales it back to what the game positions'
// results say.
TEST(EvalFit, CalibrationScalesMildTreeSampleFitsBackToTheResults) {
    const EvalWeights truth = evalTruth();
    std::vector<FitPosition> data = positionsScoredBy(truth, 10000, 5);
    for (size_t i = 1; i < data.size(); i += 2) {  // every other one a tree sample
        const double p = data[i].value;
        data[i].treeSample = true;
        data[i].result = data[i].value = 1 / (1 + std::exp(-0.5 * std::log(p / (1 - p))));
    }
    EvalFitConfig config;
    config.valueWeight = 0;
    config.l2 = 0;
    std::vector<FitPosition> held;  // measured on game positions, as hippolyta-train does
    std::copy_if(data.begin(), data.begin() + 3000, std::back_inserter(held),
                 [](const FitPosition& p) { return !p.treeSample; });
    EvalFitReport raw, calibrated;
    const std::vector<double> mild =
        evalFitTheta(fitEvaluation(data, held, EvalWeights(), config, raw));
    config.calibrate = true;
    const std::vector<double> got =
        evalFitTheta(fitEvaluation(data, held, EvalWeights(), config, calibrated));
    const std::vector<double> want = evalFitTheta(truth);
    EXPECT_GT(calibrated.calibration, 1.3);
    // The large weights' sum comes back (each alone shares what the terms have in common).
    auto largeSum = [&](const std::vector<double>& theta) {
        double sum = 0;
        for (size_t k = 0; k < want.size(); ++k)
            if (std::abs(want[k]) >= 0.5) sum += theta[k];
        return sum;
    };
    EXPECT_NEAR(largeSum(got) / largeSum(want), 1.0, 0.1);
    EXPECT_LT(largeSum(mild) / largeSum(want), 0.85);
    EXPECT_LT(calibrated.heldResultLossAfter, raw.heldResultLossAfter);
}

TEST(PriorFit, RecoversWeightsThatMadeTheVisits) {
    std::mt19937_64 rng(5);
    PriorWeights truth = zeroPriorWeights();
    truth[PriorLayout::kArrow + 6] = 1.0f;       // arrows where both sides are as near
    truth[PriorLayout::kArrow + 10 + 1] = 0.8f;  // next to an opponent amazon
    truth[PriorLayout::kHem] = -1.0f;
    truth[PriorLayout::kLand + PriorLayout::kClasses + 2 * PriorLayout::kAdjacent] = 0.2f;
    std::vector<FitPosition> data;
    std::vector<MoveFeatures> features;
    for (int i = 0; i < 150; ++i) {
        FitPosition tp;
        tp.position = randomPosition(7, static_cast<int>(rng() % 16), rng);
        moveFeatures(tp.position, features);
        if (features.empty()) continue;
        // Visits in proportion to the true model's probabilities (10^6 visits in all).
        double sum = 0;
        for (const MoveFeatures& f : features)
            sum += std::exp(f.dot(truth));
        for (const MoveFeatures& f : features)
            tp.visits.emplace_back(f.move,
                                   static_cast<uint32_t>(1e6 * std::exp(f.dot(truth)) / sum));
        data.push_back(tp);
    }
    PriorFitReport report;
    PriorFitConfig config;
    config.l2 = 1e-6;
    const PriorWeights fitted = fitPrior(data, data, zeroPriorWeights(), config, report);
    EXPECT_NEAR(fitted[PriorLayout::kHem], -1.0, 0.05);
    EXPECT_NEAR(fitted[PriorLayout::kArrow + 10 + 1] - fitted[PriorLayout::kArrow + 10], 0.8, 0.05);
    EXPECT_NEAR(fitted[PriorLayout::kArrow + 6] - fitted[PriorLayout::kArrow + 5], 1.0, 0.05);
    EXPECT_LT(report.trainLossAfter, report.trainLossBefore);
    // As good as the truth (the weights of features that never occur may differ).
    EXPECT_LT(report.trainLossAfter, priorLoss(data, truth) + 1e-4);
}

}  // namespace
}  // namespace hippolyta
