#include <gtest/gtest.h>

#include <cmath>

#include "adapters/match/report.h"
#include "adapters/match/stats.h"

namespace hippolyta {
namespace {

// Hand computation for 12 wins, 8 losses: mu = 0.6, Elo = 400 log10(1.5) = 70.44.
// Per-game variance (12*0.4^2 + 8*0.6^2)/20 = 0.24, standard error sqrt(0.24/20) = 0.10954;
// mu +/- 1.96*0.10954 = 0.8147 / 0.3853, whose Elos are 257.26 / -81.14: margin 169.20.
// LOS = (1 + erf(4 / sqrt(40))) / 2 = 0.81445.
TEST(MatchStats, EloIntervalAndLosMatchHandValues) {
    const EloEstimate e = estimateElo(Score{12, 8, 0});
    EXPECT_NEAR(e.diff, 70.4365, 1e-3);
    EXPECT_NEAR(e.margin, 169.200, 1e-2);
    EXPECT_NEAR(e.los, 0.814453, 1e-5);
}

TEST(MatchStats, DrawsCountHalf) {
    // 30-20-10: mu = 35/60; variance includes the draws' (0.5 - mu)^2.
    const EloEstimate e = estimateElo(Score{30, 20, 10});
    EXPECT_NEAR(e.diff, 58.4512, 1e-3);
    EXPECT_NEAR(e.margin, 82.8218, 1e-3);
    EXPECT_NEAR(e.los, 0.921350, 1e-5);  // LOS ignores draws
}

TEST(MatchStats, EdgeCases) {
    EXPECT_EQ(eloFromScore(0.5), 0.0);
    EXPECT_TRUE(std::isinf(eloFromScore(1.0)) && eloFromScore(1.0) > 0);
    EXPECT_TRUE(std::isinf(eloFromScore(0.0)) && eloFromScore(0.0) < 0);
    EXPECT_EQ(likelihoodOfSuperiority(0, 0), 0.5);
    EXPECT_EQ(likelihoodOfSuperiority(5, 5), 0.5);
    EXPECT_TRUE(std::isnan(estimateElo(Score{}).margin));
    EXPECT_TRUE(std::isnan(estimateElo(Score{4, 0, 0}).margin));
}

// elo0 = 0, elo1 = 10: p0 = 0.5, p1 = 1 / (1 + 10^(-1/40)) = 0.514387. A win adds
// ln(p1/p0) = 0.0283682, a loss ln((1-p1)/(1-p0)) = -0.0291965; bounds ln(0.05/0.95) = -2.94444
// and +2.94444. So 104 straight wins accept H1 (103 do not), 101 straight losses accept H0.
TEST(MatchStats, BernoulliSprtMatchesHandValues) {
    const SprtConfig c{0, 10, 0.05, 0.05};
    const SprtStatus s = sprt(c, 7, 3);
    EXPECT_NEAR(s.llr, 7 * 0.0283682 - 3 * 0.0291965, 1e-6);
    EXPECT_NEAR(s.lower, -2.944439, 1e-6);
    EXPECT_NEAR(s.upper, 2.944439, 1e-6);
    EXPECT_EQ(s.decision, SprtStatus::Decision::Continue);
    EXPECT_EQ(sprt(c, 103, 0).decision, SprtStatus::Decision::Continue);
    EXPECT_EQ(sprt(c, 104, 0).decision, SprtStatus::Decision::AcceptH1);
    EXPECT_EQ(sprt(c, 0, 100).decision, SprtStatus::Decision::Continue);
    EXPECT_EQ(sprt(c, 0, 101).decision, SprtStatus::Decision::AcceptH0);
    // elo1 = 100: a win adds 0.246962, a loss -0.328685; 60-40 gives 1.670313.
    EXPECT_NEAR(sprt({0, 100, 0.05, 0.05}, 60, 40).llr, 1.670313, 1e-5);
}

GameRow row(int game, const std::string& white, const std::string& black, Color winner,
            EndReason reason) {
    GameRow r;
    r.game = game;
    r.white = white;
    r.black = black;
    r.winner = winner;
    r.reason = reason;
    return r;
}

TEST(MatchReport, CutechessStyleLines) {
    std::vector<GameRow> rows;
    // A wins 3 as White, loses 1 as White (time), wins 1 as Black, loses 3 as Black.
    for (int i = 0; i < 3; ++i)
        rows.push_back(row(i + 1, "A", "B", Color::White, EndReason::NoMoves));
    rows.push_back(row(4, "A", "B", Color::Black, EndReason::Time));
    rows.push_back(row(5, "B", "A", Color::Black, EndReason::Crash));
    for (int i = 0; i < 3; ++i)
        rows.push_back(row(6 + i, "B", "A", Color::White, EndReason::NoMoves));
    const std::string report = matchReport(rows, "A", "B", SprtConfig{});
    EXPECT_NE(report.find("Score of A vs B: 4 - 4 - 0  [0.500] 8\n"), std::string::npos) << report;
    EXPECT_NE(report.find("...      A playing White: 3 - 1 - 0  [0.750] 4\n"), std::string::npos);
    EXPECT_NE(report.find("...      A playing Black: 1 - 3 - 0  [0.250] 4\n"), std::string::npos);
    EXPECT_NE(report.find("...      White vs Black: 6 - 2 - 0  [0.750] 8\n"), std::string::npos);
    EXPECT_NE(report.find("Elo difference: 0.0 +/- "), std::string::npos);
    EXPECT_NE(report.find("LOS: 50.0 %"), std::string::npos);
    EXPECT_NE(report.find("SPRT: llr "), std::string::npos);
    EXPECT_NE(report.find("  A: no moves 3, time 1\n"), std::string::npos) << report;
    EXPECT_NE(report.find("  B: crash 1, no moves 3\n"), std::string::npos) << report;
}

}  // namespace
}  // namespace hippolyta
