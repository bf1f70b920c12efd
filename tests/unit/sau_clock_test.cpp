// The SAU front's game clock (adapters/sau/sau_clock.h): the margin, and that budgets never let a
// side spend more than its game time, whatever each move takes. Pure arithmetic, no timing.
#include <gtest/gtest.h>

#include <random>

#include "adapters/sau/sau_clock.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

TEST(SauClock, TheMarginIsAShareWithAFloorAndACap) {
    const TimeManagerOptions o;
    EXPECT_DOUBLE_EQ(SauClock(900, o).marginSeconds(), 45);
    EXPECT_DOUBLE_EQ(SauClock(20, o).marginSeconds(), 1);
    EXPECT_DOUBLE_EQ(SauClock(1, o).marginSeconds(), 0.5);
    EXPECT_DOUBLE_EQ(SauClock(900, o).leftSeconds(), 855);
}

TEST(SauClock, WithoutAGameTimeTheEngineLimitsApply) {
    TimeManagerOptions o;
    o.fallbackVisits = 300;
    const SauClock clock(0, o);
    EXPECT_FALSE(clock.limited());
    const SearchLimits limits = clock.limitsFor(Position::start(10));
    EXPECT_EQ(limits.visits, 300u);
    EXPECT_EQ(limits.seconds, 0);
    EXPECT_FALSE(limits.onReport);
}

// A whole game's moves (random legal ones, a fixed seed), each charged its full maximum: the
// side never spends more than the game time less the margin, and never more than what is left
// on one move.
TEST(SauClock, MaximaChargedInFullStayInsideTheGameTime) {
    for (const double game : {20.0, 120.0, 900.0}) {
        SauClock clock(game, TimeManagerOptions{});
        Position pos = Position::start(10);
        std::mt19937_64 rng(7);
        while (pos.hasLegalMove()) {
            const TimeBudget b = clock.budgetFor(pos);
            ASSERT_TRUE(b.hasClock);
            ASSERT_GT(b.optimum, 0);
            ASSERT_LE(b.optimum, b.maximum);
            // The floor (0.01 s) may pass what is left once it is gone, but no further.
            ASSERT_LE(b.maximum, std::max(clock.leftSeconds(), 0.01)) << formatPosition(pos);
            clock.charge(b.maximum);
            MoveList moves;
            pos.generateMoves(moves);
            pos.makeMove(moves[rng() % moves.size()]);
        }
        EXPECT_LE(clock.usedSeconds(), game - clock.marginSeconds() + 0.01 * 50) << game;
        EXPECT_GT(clock.usedSeconds(), (game - clock.marginSeconds()) / 2) << game;
    }
}

TEST(SauClock, ChargesAddUpAndResetClearsThem) {
    SauClock clock(100, TimeManagerOptions{});
    clock.charge(3.5);
    clock.charge(-1);  // a clock that went backwards charges nothing
    clock.charge(1.5);
    EXPECT_DOUBLE_EQ(clock.usedSeconds(), 5);
    EXPECT_DOUBLE_EQ(clock.leftSeconds(), 100 - 5 - 5);
    clock.reset();
    EXPECT_DOUBLE_EQ(clock.usedSeconds(), 0);
}

}  // namespace
}  // namespace hippolyta
