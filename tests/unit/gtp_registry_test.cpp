// The command registry and the typed argument accessors.
#include <gtest/gtest.h>

#include "protocol/gtp_registry.h"
#include "protocol/gtp_state.h"

namespace hippolyta {
namespace {

GtpArgs args(std::vector<std::string> words) {
    return GtpArgs("cmd ARG", std::move(words));
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const GtpError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(CommandRegistry, FindsByNameAndListsSorted) {
    CommandRegistry registry;
    registry.add("zeta X", [](GtpState&, const GtpArgs&) { return std::string("z"); });
    registry.add("alpha", [](GtpState&, const GtpArgs&) { return std::string("a"); });
    ASSERT_TRUE(registry.find("zeta"));
    EXPECT_EQ(registry.find("zeta")->usage, "zeta X");
    EXPECT_FALSE(registry.find("zet"));
    EXPECT_FALSE(registry.contains("ZETA")) << "GTP command names are case sensitive";
    EXPECT_EQ(registry.names(), (std::vector<std::string>{"alpha", "zeta"}));
    GtpState state(EngineConfig{}, GtpOptions{});
    EXPECT_EQ(registry.find("alpha")->handler(state, args({})), "a");
}

TEST(CommandRegistry, RejectsDuplicates) {
    CommandRegistry registry;
    registry.add("a", [](GtpState&, const GtpArgs&) { return std::string(); });
    EXPECT_THROW(registry.add("a B", [](GtpState&, const GtpArgs&) { return std::string(); }),
                 std::logic_error);
}

TEST(GtpArgs, CountCheckNamesTheUsage) {
    EXPECT_NO_THROW(args({"x"}).expectCount(1));
    EXPECT_EQ(errorOf([] { args({}).expectCount(1); }),
              "wrong number of arguments (usage: cmd ARG)");
    EXPECT_NO_THROW(args({"x"}).expectCount(0, 1));
    EXPECT_THROW(args({"x", "y"}).expectCount(0, 1), GtpError);
}

TEST(GtpArgs, Integers) {
    EXPECT_EQ(args({"12"}).integer(0), 12);
    EXPECT_EQ(args({"-3"}).integer(0), -3);
    for (const char* bad : {"1.5", "x", "", "12a", "99999999999999999999999"})
        EXPECT_TRUE(errorOf([&] { args({bad}).integer(0); }).starts_with("syntax error")) << bad;
}

TEST(GtpArgs, Numbers) {
    EXPECT_DOUBLE_EQ(args({"6.5"}).number(0), 6.5);
    EXPECT_DOUBLE_EQ(args({"-1"}).number(0), -1);
    for (const char* bad : {"inf", "nan", "x", "1,5", "1.5.2"})
        EXPECT_TRUE(errorOf([&] { args({bad}).number(0); }).starts_with("syntax error")) << bad;
}

TEST(GtpArgs, Colors) {
    for (const char* white : {"w", "W", "white", "WHITE", "White"})
        EXPECT_EQ(args({white}).color(0), Color::White) << white;
    for (const char* black : {"b", "B", "black", "BLACK"})
        EXPECT_EQ(args({black}).color(0), Color::Black) << black;
    EXPECT_EQ(errorOf([] { args({"red"}).color(0); }),
              "syntax error: 'red' is not a color (w, white, b, black) (usage: cmd ARG)");
}

TEST(GtpArgs, Moves) {
    const Move m = args({"D1-D7/G7"}).move(0, 10);
    EXPECT_EQ(m, (Move{3, 63, 66}));
    EXPECT_TRUE(errorOf([] { args({"d1-d7"}).move(0, 10); }).starts_with("syntax error: bad move"));
    EXPECT_TRUE(errorOf([] { args({"k1-k2/k3"}).move(0, 10); }).starts_with("syntax error"));
}

TEST(GtpArgs, Joined) {
    EXPECT_EQ(args({"a", "b", "c"}).joined(), "a b c");
    EXPECT_EQ(args({"a", "b", "c"}).joined(1), "b c");
    EXPECT_EQ(args({}).joined(), "");
}

}  // namespace
}  // namespace hippolyta
