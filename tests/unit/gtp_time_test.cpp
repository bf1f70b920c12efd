// The time settings value type and the time commands.
#include <gtest/gtest.h>

#include "engine/search/time_control.h"
#include "gtp_fixture.h"

namespace hippolyta {
namespace {

TEST(TimeSettings, GtpMapping) {
    EXPECT_EQ(TimeSettings::fromGtp(0, 1, 0), TimeSettings::none()) << "0 1 0 means no limit";
    EXPECT_EQ(TimeSettings::fromGtp(300, 0, 0), TimeSettings::absolute(300));
    const TimeSettings canadian = TimeSettings::fromGtp(600, 30, 5);
    EXPECT_EQ(canadian.kind, TimeKind::Canadian);
    EXPECT_EQ(canadian.mainSeconds, 600);
    EXPECT_EQ(canadian.periodSeconds, 30);
    EXPECT_EQ(canadian.stones, 5);
    EXPECT_THROW(TimeSettings::fromGtp(-1, 0, 0), TimeSettingsError);
    EXPECT_THROW(TimeSettings::fromGtp(1, -1, 0), TimeSettingsError);
    EXPECT_THROW(TimeSettings::fromGtp(1, 1, -1), TimeSettingsError);
}

TEST(TimeSettings, EachKindChecksItsFields) {
    EXPECT_NO_THROW(TimeSettings::byoyomi(0, 30, 3));
    EXPECT_THROW(TimeSettings::byoyomi(60, 0, 3), TimeSettingsError);
    EXPECT_THROW(TimeSettings::byoyomi(60, 30, 0), TimeSettingsError);
    EXPECT_THROW(TimeSettings::canadian(60, 0, 5), TimeSettingsError);
    EXPECT_THROW(TimeSettings::canadian(60, 30, 0), TimeSettingsError);
    EXPECT_NO_THROW(TimeSettings::fischer(300, 0));
    EXPECT_THROW(TimeSettings::fischer(300, -2), TimeSettingsError);
    EXPECT_THROW(TimeSettings::absolute(TimeSettings::kMaxSeconds * 2), TimeSettingsError);
    EXPECT_THROW(TimeSettings::absolute(std::numeric_limits<double>::infinity()),
                 TimeSettingsError);
    TimeSettings mixed = TimeSettings::absolute(60);
    mixed.stones = 3;
    EXPECT_THROW(mixed.validate(), TimeSettingsError) << "stones belong to canadian only";
    TimeSettings noneWithMain;
    noneWithMain.mainSeconds = 5;
    EXPECT_THROW(noneWithMain.validate(), TimeSettingsError);
}

TEST(TimeControl, SettingsResetTheClocksAndErrorsChangeNothing) {
    TimeControl time;
    time.setTimeLeft(Color::Black, 12, 2);
    EXPECT_TRUE(time.clock(Color::Black).reported);
    time.setSettings(TimeSettings::canadian(600, 30, 5));
    EXPECT_EQ(time.clock(Color::Black), (ClockState{600, 0, false}));
    EXPECT_EQ(time.clock(Color::White), (ClockState{600, 0, false}));
    TimeSettings bad = TimeSettings::canadian(600, 30, 5);
    bad.stones = 0;
    EXPECT_THROW(time.setSettings(bad), TimeSettingsError);
    EXPECT_EQ(time.settings(), TimeSettings::canadian(600, 30, 5));
    time.setTimeLeft(Color::White, 25.5, 4);
    EXPECT_EQ(time.clock(Color::White), (ClockState{25.5, 4, true}));
    EXPECT_THROW(time.setTimeLeft(Color::White, -1, 0), TimeSettingsError);
    EXPECT_THROW(time.setTimeLeft(Color::White, 1, -1), TimeSettingsError);
    EXPECT_EQ(time.clock(Color::White), (ClockState{25.5, 4, true}));
}

TEST_F(GtpSessionTest, TimeSettingsCommand) {
    EXPECT_EQ(ok("amz-time_settings"),
              "none\nwhite time_left 0 stones 0 (not reported)\n"
              "black time_left 0 stones 0 (not reported)");
    EXPECT_EQ(ok("time_settings 600 30 5"), "");
    EXPECT_EQ(ok("amz-time_settings"),
              "canadian main 600 period 30 stones 5\n"
              "white time_left 600 stones 0 (not reported)\n"
              "black time_left 600 stones 0 (not reported)");
    EXPECT_EQ(ok("time_settings 300 0 0"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("absolute main 300\n"));
    EXPECT_EQ(ok("time_settings 0 1 0"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("none\n"));
}

TEST_F(GtpSessionTest, TimeSettingsErrorsKeepTheSettings) {
    ok("time_settings 600 30 5");
    EXPECT_TRUE(fail("time_settings -1 30 5").starts_with("invalid time: main time"));
    EXPECT_TRUE(fail("time_settings 600 -30 5").starts_with("invalid time"));
    EXPECT_TRUE(fail("time_settings 600 30 -5").starts_with("'-5' is out of range"));
    EXPECT_TRUE(fail("time_settings 600 30 5.5").starts_with("syntax error"));
    EXPECT_TRUE(fail("time_settings ten 30 5").starts_with("syntax error"));
    EXPECT_TRUE(fail("time_settings 600 30").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("time_settings 1e300 0 0").starts_with("invalid time"));
    EXPECT_TRUE(ok("amz-time_settings").starts_with("canadian main 600 period 30 stones 5\n"));
}

TEST_F(GtpSessionTest, TimeLeft) {
    ok("time_settings 600 30 5");
    EXPECT_EQ(ok("time_left white 25 3"), "");
    EXPECT_EQ(ok("time_left B 590.5 0"), "");
    EXPECT_EQ(ok("amz-time_settings"),
              "canadian main 600 period 30 stones 5\n"
              "white time_left 25 stones 3\n"
              "black time_left 590.5 stones 0");
    EXPECT_TRUE(fail("time_left w -1 0").starts_with("invalid time: time left"));
    EXPECT_TRUE(fail("time_left w 10 -1").starts_with("'-1' is out of range"));
    EXPECT_TRUE(fail("time_left purple 10 0").starts_with("syntax error"));
    EXPECT_TRUE(fail("time_left w 10").starts_with("wrong number of arguments"));
    EXPECT_TRUE(ok("amz-time_settings")
                    .ends_with("white time_left 25 stones 3\n"
                               "black time_left 590.5 stones 0"));
}

TEST_F(GtpSessionTest, KgsTimeSettings) {
    EXPECT_EQ(ok("kgs-time_settings byoyomi 300 30 5"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("byoyomi main 300 period 30 periods 5\n"));
    EXPECT_EQ(ok("kgs-time_settings canadian 600 300 25"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("canadian main 600 period 300 stones 25\n"));
    EXPECT_EQ(ok("kgs-time_settings absolute 900"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("absolute main 900\n"));
    EXPECT_EQ(ok("kgs-time_settings none"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("none\n"));
}

TEST_F(GtpSessionTest, KgsTimeSettingsErrors) {
    ok("kgs-time_settings absolute 900");
    EXPECT_TRUE(fail("kgs-time_settings").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("kgs-time_settings none 5").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("kgs-time_settings absolute").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("kgs-time_settings byoyomi 300 30").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("kgs-time_settings byoyomi 300 30 0").starts_with("invalid time"));
    EXPECT_TRUE(fail("kgs-time_settings canadian 300 0 5").starts_with("invalid time"));
    EXPECT_TRUE(fail("kgs-time_settings absolute -5").starts_with("invalid time"));
    EXPECT_TRUE(fail("kgs-time_settings hourglass 5").starts_with("syntax error: unknown time"));
    EXPECT_TRUE(fail("kgs-time_settings fischer 300 5").starts_with("syntax error: unknown time"))
        << "Fischer is our extension only";
    EXPECT_TRUE(ok("amz-time_settings").starts_with("absolute main 900\n"));
}

TEST_F(GtpSessionTest, FischerExtension) {
    EXPECT_EQ(ok("amz-time_settings fischer 300 5"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("fischer main 300 increment 5\n"));
    EXPECT_TRUE(fail("amz-time_settings fischer 300").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("amz-time_settings fischer 300 -5").starts_with("invalid time"));
    EXPECT_EQ(ok("amz-time_settings byoyomi 60 10 3"), "");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("byoyomi main 60 period 10 periods 3\n"));
}

TEST_F(GtpSessionTest, TimeSettingsSurviveANewGame) {
    ok("time_settings 600 30 5");
    ok("boardsize 8");
    ok("clear_board");
    EXPECT_TRUE(ok("amz-time_settings").starts_with("canadian"));
}

// The seconds on colour's time_left line of amz-time_settings.
double timeLeftShown(const std::string& described, const std::string& colour) {
    const std::string key = colour + " time_left ";
    const size_t at = described.find(key);
    return at == std::string::npos ? -1 : std::stod(described.substr(at + key.size()));
}

// A controller that never sends time_left: the engine runs its own clock after genmove (a
// single legal move here, so the move takes the 0.01 s floor plus overhead).
TEST_F(GtpSessionTest, GenmoveUnderAClockRunsOurOwnClock) {
    ok("amz-time_settings fischer 300 5");
    ok("amz-position W1xB/xxxx/xxxx/xxxx w");
    EXPECT_EQ(ok("genmove w"), "a4-b4/a4");
    const double left = timeLeftShown(ok("amz-time_settings"), "white");
    // The increment added and the move's time taken off: 300 + 5 - t, for a move of 0 < t < 5 s
    // (a lone legal move takes the 0.01 s floor; slow machines and sanitizers take longer).
    EXPECT_GT(left, 300) << "the clock was run: the increment was added";
    EXPECT_LE(left, 305) << "less the move's time";
    EXPECT_EQ(timeLeftShown(ok("amz-time_settings"), "black"), 300);
    // reg_genmove plays nothing and charges nothing.
    ok("amz-position W1xB/xxxx/xxxx/xxxx w");
    ok("time_left w 100 0");
    ok("reg_genmove w");
    EXPECT_EQ(timeLeftShown(ok("amz-time_settings"), "white"), 100);
}

TEST_F(GtpSessionTest, TimeDebugShowsTheBudget) {
    ok("time_settings 300 0 0");
    ok("time_left black 100 0");
    const std::string shown = ok("amz-time_debug b");
    EXPECT_NE(shown.find("budget black optimum 3.492 maximum 10.477 moves_left 26"),
              std::string::npos)
        << shown;
    EXPECT_TRUE(ok("amz-time_debug").find("budget white") != std::string::npos);
    EXPECT_TRUE(fail("amz-time_debug w b").starts_with("wrong number of arguments"));
}

}  // namespace
}  // namespace hippolyta
