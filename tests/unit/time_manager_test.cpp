// The time manager's budget arithmetic for every clock kind (hand-computed values, default
// options: lag 0.2 s but at most a tenth of the time per move, floor 0.01 s, maximum at most 3
// optima, sudden death and Fischer keep 3% of the main time out of the optimum while 10 moves or
// more may be left) and the clock's own charging.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/search/time_manager.h"

namespace hippolyta {
namespace {

constexpr double kEps = 1e-9;
constexpr uint64_t kManyMoves = 100;

ClockState clock(double seconds, int stones = 0) {
    return ClockState{seconds, stones, true};
}

// `most`: the most moves the side may still make (the reserve shrinks below 10).
TimeBudget budget(const TimeSettings& s, const ClockState& c, double expected,
                  uint64_t legal = kManyMoves, double most = 40) {
    return budgetFor(s, c, MovesLeft{expected, most}, legal, TimeManagerOptions{});
}

TEST(TimeManager, AbsoluteSpreadsTheClockLessLagOverTheMovesLeft) {
    // 9 s (3% of 300) kept back from the optimum's pool.
    const TimeBudget b = budget(TimeSettings::absolute(300), clock(100), 20);
    EXPECT_TRUE(b.hasClock);
    EXPECT_NEAR(b.optimum, (99.8 - 9) / 20, kEps);
    EXPECT_NEAR(b.maximum, 3 * (99.8 - 9) / 20, kEps);
    EXPECT_EQ(b.movesLeft, 20);
    EXPECT_TRUE(b.unusedTimeKept);
}

TEST(TimeManager, TheReserveIsReleasedAsTheBoardFills) {
    const TimeSettings s = TimeSettings::absolute(100);
    EXPECT_NEAR(budget(s, clock(10), 5, kManyMoves, 10).optimum, (9.8 - 3) / 5, kEps);
    EXPECT_NEAR(budget(s, clock(10), 5, kManyMoves, 5).optimum, (9.8 - 1.5) / 5, kEps);
    EXPECT_NEAR(budget(s, clock(2), 5, kManyMoves, 10).optimum, 0.01, kEps) << "floor";
    EXPECT_NEAR(budget(s, clock(2), 5, kManyMoves, 10).maximum, 0.03, kEps);
}

TEST(TimeManager, AbsoluteMaximumNeverPassesTheClockLessLag) {
    // Reserve 0.3 s, a tenth of it with one move left, half with five. The lag is a tenth of
    // the time per move: 0.05 s of 0.5 s for one move, 0.02 s of 1 s over five.
    const TimeBudget last = budget(TimeSettings::absolute(10), clock(0.5), 1, kManyMoves, 1);
    EXPECT_NEAR(last.optimum, 0.42, kEps);
    EXPECT_NEAR(last.maximum, 0.45, kEps);
    const TimeBudget late = budget(TimeSettings::absolute(10), clock(1.0), 5, kManyMoves, 5);
    EXPECT_NEAR(late.optimum, (0.98 - 0.15) / 5, kEps);
    EXPECT_NEAR(late.maximum, 3 * (0.98 - 0.15) / 5, kEps);
}

TEST(TimeManager, AnEmptyClockStillGetsTheFloor) {
    const TimeBudget b = budget(TimeSettings::absolute(300), clock(0.005), 10);
    EXPECT_NEAR(b.optimum, 0.01, kEps);
    EXPECT_NEAR(b.maximum, 0.01, kEps);
}

TEST(TimeManager, FischerCountsTheIncrementsStillToCome) {
    // 9.8 s now less the 1.8 s reserve, plus 10 increments of 2 s before the 11th move.
    const TimeBudget b = budget(TimeSettings::fischer(60, 2), clock(10), 11);
    EXPECT_NEAR(b.optimum, (9.8 - 1.8 + 20) / 11, kEps);
    EXPECT_NEAR(b.maximum, 3 * (9.8 - 1.8 + 20) / 11, kEps);
    EXPECT_TRUE(b.unusedTimeKept);
    // The increment comes after the move: this move only has what is on the clock.
    const TimeBudget low = budget(TimeSettings::fischer(60, 2), clock(1.5), 11);
    EXPECT_NEAR(low.optimum, 1.3, kEps);
    EXPECT_NEAR(low.maximum, 1.3, kEps);
}

TEST(TimeManager, ByoyomiMainTimeAddsOnePeriodAndNeverBurnsOne) {
    const TimeSettings s = TimeSettings::byoyomi(60, 10, 3);
    const TimeBudget main = budget(s, clock(30), 10);
    EXPECT_NEAR(main.optimum, 29.8 / 10 + 9.8, kEps);
    EXPECT_NEAR(main.maximum, 3 * (29.8 / 10 + 9.8), kEps);
    // Short main time: the maximum is what is left of it plus one period.
    const TimeBudget shortMain = budget(s, clock(2), 10);
    EXPECT_NEAR(shortMain.optimum, 1.8 / 10 + 9.8, kEps);
    EXPECT_NEAR(shortMain.maximum, 2 + 10 - 0.2, kEps);
}

TEST(TimeManager, ByoyomiOvertimeUsesThePeriodLessLag) {
    const TimeSettings s = TimeSettings::byoyomi(60, 10, 3);
    const TimeBudget b = budget(s, clock(10, 2), 10);  // time_left carries periods
    EXPECT_NEAR(b.optimum, 9.8, kEps);
    EXPECT_NEAR(b.maximum, 9.8, kEps);
    // No main time and no report yet: straight into the first period (lag a tenth of it).
    const TimeBudget start = budget(TimeSettings::byoyomi(0, 1, 1), ClockState{0, 0, false}, 30);
    EXPECT_NEAR(start.optimum, 0.9, kEps);
    EXPECT_NEAR(start.maximum, 0.9, kEps);
    // What a period leaves unused is lost; main time keeps it.
    EXPECT_FALSE(b.unusedTimeKept);
    EXPECT_FALSE(start.unusedTimeKept);
    EXPECT_TRUE(budget(s, clock(30), 10).unusedTimeKept);
}

TEST(TimeManager, CanadianOvertimeSharesThePeriodAmongItsStones) {
    const TimeSettings s = TimeSettings::canadian(0, 30, 5);
    // 12 s for 3 stones: 4 s each less lag; this move may take all but lag + floor for the
    // two stones after it.
    const TimeBudget b = budget(s, clock(12, 3), 20);
    EXPECT_NEAR(b.optimum, 3.8, kEps);
    EXPECT_NEAR(b.maximum, 12 - 0.2 - 2 * 0.21, kEps);
    // One stone a period is a fixed time per move; 1 s keeps a tenth of it as lag.
    const TimeBudget perMove = budget(TimeSettings::canadian(0, 1, 1), clock(1, 1), 20);
    EXPECT_NEAR(perMove.optimum, 0.9, kEps);
    EXPECT_NEAR(perMove.maximum, 0.9, kEps);
    // Time a stone saves goes to the period's later stones, not past its last one.
    EXPECT_TRUE(b.unusedTimeKept);
    EXPECT_FALSE(budget(s, clock(4, 1), 20).unusedTimeKept);
    EXPECT_FALSE(perMove.unusedTimeKept);
    EXPECT_NE(perMove.reason.find("unused time is lost"), std::string::npos) << perMove.reason;
}

TEST(TimeManager, CanadianMainTimeAddsAStoneShareOfThePeriod) {
    const TimeBudget b = budget(TimeSettings::canadian(60, 30, 5), clock(60), 20);
    EXPECT_NEAR(b.optimum, 59.8 / 20 + 5.8, kEps);
    EXPECT_NEAR(b.maximum, 3 * (59.8 / 20 + 5.8), kEps);
    EXPECT_TRUE(b.unusedTimeKept);
}

TEST(TimeManager, NoClockFallsBackToTheFixedLimits) {
    TimeManagerOptions o;
    o.fallbackSeconds = 2.5;
    const TimeBudget timed =
        budgetFor(TimeSettings::none(), ClockState{}, MovesLeft{20, 40}, kManyMoves, o);
    EXPECT_FALSE(timed.hasClock);
    EXPECT_EQ(timed.optimum, 2.5);
    EXPECT_EQ(timed.maximum, 2.5);
    EXPECT_EQ(timed.visits, 0u);
    o.fallbackVisits = 400;
    const TimeBudget counted =
        budgetFor(TimeSettings::none(), ClockState{}, MovesLeft{20, 40}, kManyMoves, o);
    EXPECT_EQ(counted.maximum, 0);
    EXPECT_EQ(counted.visits, 400u);
}

TEST(TimeManager, ASingleLegalMoveGetsTheFloor) {
    const TimeBudget b = budget(TimeSettings::absolute(300), clock(200), 20, 1);
    EXPECT_NEAR(b.optimum, 0.01, kEps);
    EXPECT_NEAR(b.maximum, 0.01, kEps);
    EXPECT_NE(b.reason.find("one legal move"), std::string::npos);
}

// Whatever the kind and the clock, the maximum stays within the clock less some lag (or the
// floor), and the optimum within the maximum.
TEST(TimeManager, MaximumStaysWithinWhatTheClockAllows) {
    const TimeSettings kinds[] = {TimeSettings::absolute(60), TimeSettings::fischer(60, 1),
                                  TimeSettings::byoyomi(60, 5, 2),
                                  TimeSettings::canadian(60, 20, 4)};
    for (const TimeSettings& s : kinds)
        for (double left : {0.05, 0.3, 1.0, 7.0, 60.0})
            for (int stones : {0, 1, 3})
                for (double moves : {1.0, 5.0, 40.0}) {
                    const TimeBudget b = budget(s, clock(left, stones), moves);
                    double allows = left;
                    if (s.kind == TimeKind::Byoyomi && stones == 0) allows += 5;
                    if (s.kind == TimeKind::Canadian && stones == 0) allows += 5;
                    EXPECT_LE(b.maximum, std::max(0.01, allows - 0.0001) + kEps)
                        << timeKindName(s.kind) << " left " << left << " stones " << stones;
                    EXPECT_LE(b.optimum, b.maximum + kEps);
                    EXPECT_GE(b.optimum, 0.01 - kEps);
                }
}

TEST(TimeManager, MovesLeftFollowTheContestedArea) {
    const TimeManagerOptions o;
    EXPECT_NEAR(expectedMovesLeft(Position::start(10), o), 0.25 * 92 + 3, kEps);
    EXPECT_NEAR(movesLeft(Position::start(10), o).most, 46, kEps);
    EXPECT_NEAR(expectedMovesLeft(Position::start(6), o), 0.25 * 28 + 3, kEps);
    // Walled apart: nothing contested, the minimum.
    const Position walled = parsePosition("2x3/2x3/W1x2B/2x3/2x3/2x3 w");
    EXPECT_NEAR(expectedMovesLeft(walled, o), 5, kEps);
    // Four empty squares: at most two moves left, whatever the minimum says.
    EXPECT_NEAR(expectedMovesLeft(parsePosition("WBxx/xxxx/xx2/2xB w"), o), 2, kEps);
}

TEST(TimeManager, ComputeBudgetUsesThePosition) {
    const TimeBudget b = computeBudget(TimeSettings::absolute(10), clock(10), Position::start(10),
                                       TimeManagerOptions{});
    EXPECT_NEAR(b.movesLeft, 26, kEps);
    EXPECT_NEAR(b.optimum, (10 - 0.1 * 10 / 26 - 0.3) / 26, kEps);  // lag: a tenth of 10/26 s
}

TEST(TimeControlCharge, AbsoluteAndFischer) {
    TimeControl t;
    t.setSettings(TimeSettings::absolute(10));
    t.charge(Color::White, 3.5);
    EXPECT_NEAR(t.clock(Color::White).secondsLeft, 6.5, kEps);
    EXPECT_NEAR(t.clock(Color::Black).secondsLeft, 10, kEps);
    t.charge(Color::White, 20);
    EXPECT_EQ(t.clock(Color::White).secondsLeft, 0);
    t.setSettings(TimeSettings::fischer(10, 2));
    t.charge(Color::Black, 3);
    EXPECT_NEAR(t.clock(Color::Black).secondsLeft, 9, kEps);
    EXPECT_FALSE(t.clock(Color::Black).reported);
    t.setTimeLeft(Color::White, 4, 0);
    t.resetClocks();
    EXPECT_EQ(t.clock(Color::White), (ClockState{10, 0, false}));
    EXPECT_EQ(t.clock(Color::Black), (ClockState{10, 0, false}));
}

TEST(TimeControlCharge, ByoyomiEntersOvertimeAndLosesOverrunPeriods) {
    TimeControl t;
    t.setSettings(TimeSettings::byoyomi(10, 5, 3));
    t.charge(Color::White, 4);
    EXPECT_EQ(t.clock(Color::White), (ClockState{6, 0, false}));
    t.charge(Color::White, 8);  // 2 s into the first period: kept
    EXPECT_EQ(t.clock(Color::White), (ClockState{5, 3, false}));
    t.charge(Color::White, 11);  // overran two periods, ended in the third
    EXPECT_EQ(t.clock(Color::White), (ClockState{5, 1, false}));
    t.charge(Color::White, 3);
    EXPECT_EQ(t.clock(Color::White), (ClockState{5, 1, false}));
}

TEST(TimeControlCharge, CanadianCountsStonesAndRenewsThePeriod) {
    TimeControl t;
    t.setSettings(TimeSettings::canadian(10, 30, 3));
    t.charge(Color::White, 12);  // 2 s into overtime: the first stone
    EXPECT_EQ(t.clock(Color::White), (ClockState{28, 2, false}));
    t.charge(Color::White, 8);
    EXPECT_EQ(t.clock(Color::White), (ClockState{20, 1, false}));
    t.charge(Color::White, 5);  // the period's stones are played: a new period
    EXPECT_EQ(t.clock(Color::White), (ClockState{30, 3, false}));
}

}  // namespace
}  // namespace hippolyta
