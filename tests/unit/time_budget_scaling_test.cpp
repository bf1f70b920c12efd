// Short clocks and --move-time under a clock: the lag buffer is a share of the time per move
// (capped by --lag-buffer), and --move-time caps every move's budget. Checked on the budget
// arithmetic and through GTP (amz-time_debug): no wall clock is read.
#include <gtest/gtest.h>

#include <string>

#include "engine/search/time_manager.h"
#include "protocol/gtp_session.h"

namespace hippolyta {
namespace {

constexpr double kScaleEps = 1e-9;

TimeBudget scaledPerMoveBudget(double seconds, const TimeManagerOptions& o = {}) {
    // GTP's time_settings 0 S 1: one stone every S seconds, not yet reported.
    return budgetFor(TimeSettings::fromGtp(0, seconds, 1), ClockState{}, MovesLeft{20, 40}, 100, o);
}

TEST(LagBuffer, ScalesWithTheTimePerMoveUpToItsCap) {
    EXPECT_NEAR(scaledPerMoveBudget(0.25).maximum, 0.225, kScaleEps) << "0.2 s would leave 0.05 s";
    EXPECT_NEAR(scaledPerMoveBudget(0.2).maximum, 0.18, kScaleEps)
        << "0.2 s would leave the 0.01 s floor";
    EXPECT_NEAR(scaledPerMoveBudget(1).maximum, 0.9, kScaleEps);
    EXPECT_NEAR(scaledPerMoveBudget(2).maximum, 1.8, kScaleEps);
    EXPECT_NEAR(scaledPerMoveBudget(10).maximum, 9.8, kScaleEps)
        << "long clocks keep the 0.2 s cap";
    TimeManagerOptions small;
    small.lagBufferSeconds = 0.01;  // --lag-buffer stays the cap
    EXPECT_NEAR(scaledPerMoveBudget(1, small).maximum, 0.99, kScaleEps);
}

TEST(LagBuffer, SuddenDeathScalesWithTheClockSpreadOverTheMovesLeft) {
    // 5 s over 20 moves: 0.25 s a move, lag 0.025 s; reserve 3% of 5 s.
    const TimeBudget b = budgetFor(TimeSettings::absolute(5), ClockState{5, 0, true},
                                   MovesLeft{20, 40}, 100, TimeManagerOptions{});
    EXPECT_NEAR(b.optimum, (5 - 0.025 - 0.15) / 20, kScaleEps);
}

TEST(MoveTimeCap, CapsTheBudgetUnderAnyClock) {
    TimeManagerOptions o;
    o.capSeconds = 0.2;
    EXPECT_NEAR(scaledPerMoveBudget(2, o).maximum, 0.2, kScaleEps);
    EXPECT_NEAR(scaledPerMoveBudget(2, o).optimum, 0.2, kScaleEps);
    EXPECT_NE(scaledPerMoveBudget(2, o).reason.find("--move-time"), std::string::npos);
    EXPECT_NEAR(scaledPerMoveBudget(0.1, o).maximum, 0.09, kScaleEps)
        << "a cap above the clock: the clock";
    const TimeBudget sd =
        budgetFor(TimeSettings::absolute(600), ClockState{600, 0, true}, MovesLeft{20, 40}, 100, o);
    EXPECT_NEAR(sd.maximum, 0.2, kScaleEps);
    EXPECT_LE(sd.optimum, 0.2 + kScaleEps);
    // Without a clock --move-time is the whole budget, as before.
    o.fallbackSeconds = 0.2;
    EXPECT_NEAR(budgetFor(TimeSettings::none(), ClockState{}, MovesLeft{20, 40}, 100, o).maximum,
                0.2, kScaleEps);
}

// The budget line of amz-time_debug for a session with these options.
std::string scaledTimeDebug(const GtpOptions& options, const std::string& settings) {
    EngineConfig config;
    config.seed = 7;
    GtpSession session(config, options);
    EXPECT_EQ(session.execute(settings), "= \n\n");
    return session.execute("amz-time_debug w");
}

TEST(MoveTimeCap, GtpSessionWithMoveTimeThinksNoLongerUnderAClock) {
    GtpOptions capped;
    capped.moveTimeCapSeconds = 0.2;
    EXPECT_NE(scaledTimeDebug(capped, "time_settings 0 2 1").find("optimum 0.2 maximum 0.2 "),
              std::string::npos)
        << scaledTimeDebug(capped, "time_settings 0 2 1");
    EXPECT_NE(scaledTimeDebug(GtpOptions{}, "time_settings 0 2 1").find("maximum 1.8 "),
              std::string::npos);
    EXPECT_NE(scaledTimeDebug(GtpOptions{}, "time_settings 0 0.25 1").find("maximum 0.225 "),
              std::string::npos)
        << scaledTimeDebug(GtpOptions{}, "time_settings 0 0.25 1");
}

}  // namespace
}  // namespace hippolyta
