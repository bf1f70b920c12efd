// A board size's own evaluation weights (eval.10x10.t1.open, ...): they apply on that size
// only, unset ones are neither read nor written, and the own-size fit recovers them.
#include <gtest/gtest.h>

#include <random>

#include "adapters/training/eval_fit.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"
#include "random_position.h"

namespace hippolyta {
namespace {

TEST(SizeWeights, ApplyOnTheirBoardSizeOnly) {
    const Position small = randomPosition(8, 12, 41), large = randomPosition(10, 12, 42);
    EvalWeights shared;
    shared.bySize = SizeWeightsTable{};  // no size of its own, not even the shipped 10x10
    EvalWeights own = shared;
    own.bySize[10].value[0] = shared.t1.open + 1.0;
    own.bySize[10].value[9] = shared.mobility.end - 0.5;
    EXPECT_EQ(evaluate(small, own), evaluate(small, shared));
    EXPECT_NE(evaluate(large, own), evaluate(large, shared));
    const std::array<TermWeights, kEvalTerms> tw = termWeightsFor(own, 10);
    EXPECT_EQ(tw[0].open, shared.t1.open + 1.0);
    EXPECT_EQ(tw[0].end, shared.t1.end);  // unset: the shared value
    EXPECT_EQ(tw[4].end, shared.mobility.end - 0.5);
    // A size's own values equal to the shared ones score bit for bit the same.
    EvalWeights same = shared;
    for (int k = 0; k < kEvalTerms; ++k) {
        same.bySize[10].value[2 * k] = (shared.*kEvalTermMembers[k]).open;
        same.bySize[10].value[2 * k + 1] = (shared.*kEvalTermMembers[k]).end;
    }
    EXPECT_EQ(evaluate(large, same), evaluate(large, shared));
}

TEST(SizeWeights, UnsetOnesAreNoValueAndStayOutOfWeightsFiles) {
    EngineConfig config;  // the defaults: 10x10 has its own weights, 8x8 has none
    EXPECT_EQ(sizeTermName(8, "t1.open"), "eval.8x8.t1.open");
    EXPECT_FALSE(getParameter(config, "eval.8x8.t1.open"));
    EXPECT_TRUE(getParameter(config, "eval.10x10.t1.open"));
    EXPECT_FALSE(setParameter(config, "eval.12x12.t1.open", 1.0));
    EXPECT_FALSE(setParameter(config, "eval.8x8.t3.open", 1.0));
    ASSERT_TRUE(setParameter(config, "eval.8x8.t1.open=0.75"));
    EXPECT_EQ(getParameter(config, "eval.8x8.t1.open"), 0.75);
    EXPECT_EQ(termWeightsFor(config.eval, 8)[0].open, 0.75);
    const WeightsFile w = weightsOf(config, parameterNames(), {});
    int sizeValues = 0;
    for (const auto& [name, value] : w.values)
        if (name.find('x') != std::string::npos && name.rfind("eval.", 0) == 0) ++sizeValues;
    EXPECT_EQ(sizeValues, 11);  // 10x10's ten and the one 8x8 value set here
    EngineConfig back;
    back.eval.bySize = SizeWeightsTable{};
    applyWeights(parseWeights(formatWeights(w), "test"), back);
    EXPECT_EQ(getParameter(back, "eval.8x8.t1.end"), std::nullopt);
    const Position pos = randomPosition(8, 20, 7), large = randomPosition(10, 20, 8);
    EXPECT_EQ(evaluate(pos, back.eval), evaluate(pos, config.eval));
    EXPECT_EQ(evaluate(large, back.eval), evaluate(large, config.eval));
}

TEST(EvalFit, OwnSizeFitRecoversThatSizesWeightsAndKeepsTheShared) {
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<double> unit(0, 1);
    EvalWeights truth;  // the 10x10 truth, as that size's own; 8x8 keeps the shared weights
    truth.bySize[10].value[0] = 0.6;
    truth.bySize[10].value[1] = 1.2;
    truth.bySize[10].value[8] = 0.5;
    truth.bySize[10].value[9] = 0.0;
    std::vector<FitPosition> data;
    for (int i = 0; i < 4000; ++i) {
        FitPosition tp;
        const int n = i % 2 ? 10 : 8;
        tp.position = randomPosition(n, 4 + static_cast<int>(rng() % 40), rng);
        tp.value = winProbability(evaluate(tp.position, truth), truth);
        tp.result = unit(rng) < tp.value ? 1 : 0;
        data.push_back(tp);
    }
    EvalFitConfig config;
    config.valueWeight = 1.0;  // the exact probabilities: the fit must land on the truth
    config.l2 = 0;
    EvalFitReport report;
    const std::vector<FitPosition> held(data.begin(), data.begin() + 600);
    const EvalWeights start;
    const EvalWeights fitted = fitEvaluationForSize(data, held, start, 10, config, report);
    EXPECT_EQ(report.trainPositions, 2000);  // the 10x10 positions only
    const std::array<TermWeights, kEvalTerms> want = termWeightsFor(truth, 10),
                                              got = termWeightsFor(fitted, 10);
    for (int k = 0; k < kEvalTerms; ++k) {
        EXPECT_NEAR(got[k].open, want[k].open, 0.02) << kEvalTermNames[k];
        EXPECT_NEAR(got[k].end, want[k].end, 0.02) << kEvalTermNames[k];
    }
    EXPECT_EQ(evalFitTheta(fitted), evalFitTheta(start));  // the shared weights unchanged
    EXPECT_TRUE(std::isnan(fitted.bySize[8].value[0]));
    EXPECT_LT(report.heldLossAfter, report.heldLossBefore);
}

}  // namespace
}  // namespace hippolyta
