// SPSA's step arithmetic and its state rebuilt from a results table.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <thread>

#include "adapters/training/spsa.h"
#include "adapters/training/spsa_runner.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

SpsaParam param(const char* name, double start) {
    SpsaParam p;
    p.name = name;
    p.start = start;
    p.min = 0;
    p.max = 10;
    p.cEnd = 0.5;
    p.rEnd = 0.002;
    return p;
}

TEST(Spsa, ScheduleEndsAtTheGivenPerturbationAndGain) {
    SpsaSchedule s;
    s.iterations = 1000;
    const SpsaParam p = param("x", 5);
    EXPECT_NEAR(spsaPerturbation(p, s, 1000), 0.5, 1e-12);
    EXPECT_NEAR(spsaPerturbation(p, s, 1), 0.5 * std::pow(1000, 0.101), 1e-12);
    // a_N / c_N^2 = r_end, so the step per unit of result at N is r_end * c_N.
    EXPECT_NEAR(spsaStepGain(p, s, 1000), 0.002 * 0.5, 1e-12);
    // Steps shrink as k grows.
    EXPECT_GT(spsaStepGain(p, s, 1), spsaStepGain(p, s, 500));
}

TEST(Spsa, SignsAreFixedBySeedAndIteration) {
    const std::vector<int> a = spsaSigns(7, 3, 16), b = spsaSigns(7, 3, 16);
    EXPECT_EQ(a, b);
    for (int v : a)
        EXPECT_TRUE(v == 1 || v == -1);
    EXPECT_NE(spsaSigns(7, 4, 16), a);
    EXPECT_NE(spsaSigns(8, 3, 16), a);
}

TEST(Spsa, StepsTowardTheSideThatWonAndStayInRange) {
    SpsaSchedule s;
    s.iterations = 100;
    const std::vector<SpsaParam> params = {param("x", 5), param("y", 9.999)};
    const std::vector<double> theta = {5, 9.999};
    const std::vector<int> delta = spsaSigns(1, 10, 2);
    const std::vector<double> plus = spsaSide(params, s, 1, 10, theta, +1);
    const std::vector<double> up = spsaUpdate(params, s, 1, 10, theta, 2);
    for (int i = 0; i < 2; ++i) {
        const double moved = up[i] - theta[i];
        if (theta[i] + delta[i] * 1e-9 < 10) {
            EXPECT_EQ(moved > 0, delta[i] > 0) << i;
        }
        EXPECT_LE(plus[i], 10);
        EXPECT_LE(up[i], 10);
    }
    EXPECT_NEAR(up[0] - theta[0], spsaStepGain(params[0], s, 10) * 2 * delta[0], 1e-12);
    EXPECT_EQ(spsaUpdate(params, s, 1, 10, theta, 0), theta);
}

TEST(Spsa, ThetaFollowsFromTheResultsTable) {
    SpsaRunConfig config;
    config.params = {param("x", 5), param("y", 2)};
    config.schedule.iterations = 50;
    config.seed = 3;
    std::vector<GameRow> rows;
    auto game = [&](int n, bool plusWhite, bool plusWins) {
        GameRow r;
        r.game = n;
        r.white = plusWhite ? "plus" : "minus";
        r.black = plusWhite ? "minus" : "plus";
        r.winner = plusWins == plusWhite ? Color::White : Color::Black;
        rows.push_back(r);
    };
    game(1, true, true), game(2, false, true);    // iteration 1: plus 2-0
    game(3, true, false), game(4, false, true);   // iteration 2: 1-1
    game(5, true, false), game(6, false, false);  // iteration 3: 0-2
    game(7, true, true);                          // iteration 4 half played: not counted
    int done = 0;
    const std::vector<double> theta = spsaThetaFromRows(config, rows, done);
    EXPECT_EQ(done, 3);
    std::vector<double> want = {5, 2};
    want = spsaUpdate(config.params, config.schedule, 3, 1, want, 2);
    want = spsaUpdate(config.params, config.schedule, 3, 2, want, 0);
    want = spsaUpdate(config.params, config.schedule, 3, 3, want, -2);
    EXPECT_EQ(theta, want);
}

TEST(Spsa, ABatchStepsOnlyWhenAllItsPairsArePlayed) {
    SpsaRunConfig config;
    config.params = {param("x", 5)};
    config.schedule.iterations = 6;
    config.batch = 2;
    std::vector<GameRow> rows;
    auto pair = [&](int k, double plusGames) {
        for (int g = 0; g < 2; ++g) {
            GameRow r;
            r.game = 2 * k - 1 + g;
            r.white = g == 0 ? "plus" : "minus";
            r.black = g == 0 ? "minus" : "plus";
            const bool plusWins = g < plusGames;
            r.winner = plusWins == (g == 0) ? Color::White : Color::Black;
            rows.push_back(r);
        }
    };
    pair(1, 2), pair(2, 1), pair(4, 0);  // batch 1 complete; batch 2 lacks iteration 3
    int done = 0;
    const std::vector<double> theta = spsaThetaFromRows(config, rows, done);
    EXPECT_EQ(done, 2);
    std::vector<double> want = {5};
    want = spsaUpdate(config.params, config.schedule, config.seed, 1, want, 2);
    want = spsaUpdate(config.params, config.schedule, config.seed, 2, want, 0);
    EXPECT_EQ(theta, want);
    pair(3, 2);
    spsaThetaFromRows(config, rows, done);
    EXPECT_EQ(done, 4);
}

// The real engine on 6x6 at fixed visits plays the same games from the same theta, so two
// shards playing a run at once in one directory must end where one process ends.
TEST(Spsa, ShardsPlayingAtOnceFollowTheSameThetaAsOneRun) {
    const std::filesystem::path engine = std::filesystem::path(HIPPOLYTA_BIN_DIR) / "hippolyta";
    ASSERT_TRUE(std::filesystem::exists(engine)) << engine << " is missing";
    TestDir dir;
    auto config = [&](const std::string& out, int shard, int shards) {
        SpsaRunConfig c;
        c.engine = engine.string() +
                   " --visits 30 --seed 5 --threads 1 --no-book --param endgame_budget=0";
        SpsaParam p = param("exploration", 0.25);
        p.min = 0.05, p.max = 1, p.cEnd = 0.1, p.rEnd = 0.5;
        c.params = {p};
        c.schedule.iterations = 4;
        c.batch = 2;
        c.shardIndex = shard;
        c.shardCount = shards;
        c.pollSeconds = 0.05;
        c.core.size = 6;
        c.core.outDir = (dir / out).string();
        c.core.tool = "spsa-test";
        return c;
    };
    std::ostringstream out, err;
    ASSERT_EQ(runSpsa(config("one", 0, 1), out, err, nullptr), 0) << err.str();
    int shardCodes[2] = {-1, -1};
    std::ostringstream shardOut[2], shardErr[2];
    std::thread second(
        [&] { shardCodes[1] = runSpsa(config("two", 1, 2), shardOut[1], shardErr[1], nullptr); });
    shardCodes[0] = runSpsa(config("two", 0, 2), shardOut[0], shardErr[0], nullptr);
    second.join();
    ASSERT_EQ(shardCodes[0], 0) << shardErr[0].str();
    ASSERT_EQ(shardCodes[1], 0) << shardErr[1].str();
    EXPECT_TRUE(std::filesystem::exists(dir / "two" / "results-1-of-2.tsv"));
    // Theta after each batch, as shard 0 wrote it, is the single run's.
    EXPECT_EQ(fileBytes(dir / "two" / "theta.tsv"), fileBytes(dir / "one" / "theta.tsv"));
    // A header naming the columns, then theta after each batch of 2 iterations.
    const std::string theta = fileBytes(dir / "one" / "theta.tsv");
    EXPECT_EQ(theta.substr(0, theta.find('\n') + 1), "iteration\texploration\n") << theta;
    EXPECT_EQ(std::count(theta.begin(), theta.end(), '\n'), 3) << theta;
    EXPECT_NE(theta.find("\n2\t"), std::string::npos) << theta;
    EXPECT_NE(theta.find("\n4\t"), std::string::npos) << theta;
}

TEST(Spsa, ParsesParameterFilesAndRefusesBadLines) {
    const auto p =
        parseSpsaParams("# name start min max c r\nexploration 0.25 0.05 1 0.05 0.002\n");
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].name, "exploration");
    EXPECT_DOUBLE_EQ(p[0].cEnd, 0.05);
    EXPECT_THROW(parseSpsaParams("x 1 2 3 0.1 0.1\n"), std::invalid_argument);  // start < min
    EXPECT_THROW(parseSpsaParams("x 1 0 3 0.1\n"), std::invalid_argument);
    EXPECT_THROW(parseSpsaParams("x 1 0 3 0.1 0.1 extra\n"), std::invalid_argument);
    EXPECT_THROW(parseSpsaParams("# nothing\n"), std::invalid_argument);
}

}  // namespace
}  // namespace hippolyta
