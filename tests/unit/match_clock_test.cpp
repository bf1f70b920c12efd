#include <gtest/gtest.h>

#include <type_traits>

#include "adapters/match/time_control.h"
#include "engine/search/time_control.h"

namespace hippolyta {
namespace {

// Both headers in one file: the match runner's time control once had the engine's class name,
// two definitions of one name in one program (found by the unity build), which this file
// would no longer compile with.
static_assert(!std::is_same_v<MatchTimeControl, TimeControl>);

TEST(TimeControlText, ParsesAndFormatsEveryKind) {
    EXPECT_EQ(parseTimeControl("none").kind, ClockKind::None);
    const MatchTimeControl move = parseTimeControl("move:0.25");
    EXPECT_EQ(move.kind, ClockKind::PerMove);
    EXPECT_EQ(move.periodSeconds, 0.25);
    const MatchTimeControl sd = parseTimeControl("300");
    EXPECT_EQ(sd.kind, ClockKind::SuddenDeath);
    EXPECT_EQ(sd.mainSeconds, 300);
    const MatchTimeControl f = parseTimeControl("60+0.5");
    EXPECT_EQ(f.kind, ClockKind::Fischer);
    EXPECT_EQ(f.incrementSeconds, 0.5);
    const MatchTimeControl b = parseTimeControl("30+3x5");
    EXPECT_EQ(b.kind, ClockKind::ByoYomi);
    EXPECT_EQ(b.mainSeconds, 30);
    EXPECT_EQ(b.periods, 3);
    EXPECT_EQ(b.periodSeconds, 5);
    for (const char* text : {"none", "move:0.25", "300", "60+0.5", "30+3x5", "0+1x10"})
        EXPECT_EQ(formatTimeControl(parseTimeControl(text)), text);
    for (const char* bad :
         {"fast", "move:", "move:0", "60+", "60+x5", "60+0x5", "-5", "0", "1e999"})
        EXPECT_THROW(parseTimeControl(bad), std::invalid_argument) << bad;
}

TEST(GameClock, NoTimeControlNeverFlags) {
    GameClock c(MatchTimeControl{}, 0.5);
    EXPECT_EQ(c.deadline(Color::White), std::nullopt);
    EXPECT_TRUE(c.charge(Color::White, 1e6));
    EXPECT_EQ(c.timeLeftCommand(Color::White, false), "");
    EXPECT_EQ(timeSettingsCommand(MatchTimeControl{}, false), "");
}

TEST(GameClock, PerMoveIsFreshEachMove) {
    GameClock c(parseTimeControl("move:2"), 0.5);
    EXPECT_EQ(c.deadline(Color::White), 2.5);
    EXPECT_TRUE(c.charge(Color::White, 2.4));  // within grace
    EXPECT_EQ(c.deadline(Color::White), 2.5);  // nothing carried over
    EXPECT_FALSE(c.charge(Color::White, 2.6));
    EXPECT_EQ(c.used(Color::White), 2.4);  // the losing move is not charged
    EXPECT_EQ(c.timeLeftCommand(Color::Black, false), "time_left black 2 1");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("move:2"), false), "time_settings 0 2 1");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("move:2"), true),
              "kgs-time_settings canadian 0 2 1");
}

TEST(GameClock, SuddenDeathRunsDown) {
    GameClock c(parseTimeControl("10"), 0.25);
    EXPECT_TRUE(c.charge(Color::White, 4));
    EXPECT_EQ(c.timeLeft(Color::White), 6);
    EXPECT_EQ(c.timeLeft(Color::Black), 10);
    EXPECT_EQ(c.deadline(Color::White), 6.25);
    EXPECT_TRUE(c.charge(Color::White, 6.2));  // overran by 0.2, within grace: left at 0
    EXPECT_EQ(c.timeLeft(Color::White), 0);
    EXPECT_EQ(c.deadline(Color::White), 0.25);
    EXPECT_FALSE(c.charge(Color::White, 0.3));
    EXPECT_EQ(c.timeLeftCommand(Color::Black, false), "time_left black 10 0");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("10"), false), "time_settings 10 0 0");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("10"), true), "kgs-time_settings absolute 10");
}

TEST(GameClock, FischerAddsTheIncrementAfterEachMove) {
    GameClock c(parseTimeControl("10+2"), 0);
    EXPECT_TRUE(c.charge(Color::Black, 3));
    EXPECT_EQ(c.timeLeft(Color::Black), 9);  // 10 - 3 + 2
    EXPECT_TRUE(c.charge(Color::Black, 9));
    EXPECT_EQ(c.timeLeft(Color::Black), 2);  // 0 + 2
    EXPECT_FALSE(c.charge(Color::Black, 2.01));
    EXPECT_EQ(c.timeLeftCommand(Color::Black, false), "time_left black 2 0");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("10+2"), false), "time_settings 10 0 0");
}

TEST(GameClock, ByoYomiSpendsMainTimeThenPeriods) {
    GameClock c(parseTimeControl("10+3x5"), 0.5);
    EXPECT_EQ(c.deadline(Color::White), 10 + 15 + 0.5);
    EXPECT_TRUE(c.charge(Color::White, 8));  // main time only
    EXPECT_EQ(c.timeLeft(Color::White), 2);
    EXPECT_EQ(c.periodsLeft(Color::White), 3);
    EXPECT_EQ(c.timeLeftCommand(Color::White, true), "time_left white 2 0");
    EXPECT_TRUE(c.charge(Color::White, 6));  // 2 s main + 4 s inside the first period
    EXPECT_EQ(c.timeLeft(Color::White), 0);
    EXPECT_EQ(c.periodsLeft(Color::White), 3);
    EXPECT_EQ(c.timeLeftCommand(Color::White, true), "time_left white 5 3");
    EXPECT_EQ(c.timeLeftCommand(Color::White, false), "time_left white 5 1");
    EXPECT_TRUE(c.charge(Color::White, 5));  // exactly one period: none lost
    EXPECT_EQ(c.periodsLeft(Color::White), 3);
    EXPECT_TRUE(c.charge(Color::White, 7));  // overran one period
    EXPECT_EQ(c.periodsLeft(Color::White), 2);
    EXPECT_EQ(c.deadline(Color::White), 10.5);
    EXPECT_TRUE(c.charge(Color::White, 10.4));  // both periods plus grace: the last one stays
    EXPECT_EQ(c.periodsLeft(Color::White), 1);
    EXPECT_FALSE(c.charge(Color::White, 5.6));
    EXPECT_EQ(c.used(Color::White), 8 + 6 + 5 + 7 + 10.4);
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("10+3x5"), false), "time_settings 10 5 1");
    EXPECT_EQ(timeSettingsCommand(parseTimeControl("10+3x5"), true),
              "kgs-time_settings byoyomi 10 5 3");
}

}  // namespace
}  // namespace hippolyta
