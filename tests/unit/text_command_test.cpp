#include <gtest/gtest.h>

#include "adapters/text/text_command.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

using K = TextCommandKind;

TextCommand parse(std::string_view line) {
    return parseTextCommand(line, 10);
}

TEST(TextCommand, BlankAndCommentLinesAreEmpty) {
    EXPECT_EQ(parse("").kind, K::Empty);
    EXPECT_EQ(parse("   \t ").kind, K::Empty);
    EXPECT_EQ(parse("# a comment").kind, K::Empty);
    EXPECT_EQ(parse("   # indented comment").kind, K::Empty);
    EXPECT_EQ(parse("\r").kind, K::Empty);
}

TEST(TextCommand, BareCommandsAnyCaseAndIndent) {
    EXPECT_EQ(parse("new").kind, K::New);
    EXPECT_EQ(parse("  NEW").kind, K::New);
    EXPECT_EQ(parse("Dump # show it").kind, K::Dump);
    EXPECT_EQ(parse("quit\r").kind, K::Quit);
    EXPECT_EQ(parse("undo").kind, K::Undo);
    EXPECT_EQ(parse("HELP").kind, K::Help);
}

TEST(TextCommand, BareCommandsRejectArguments) {
    const TextCommand cmd = parse("dump   now");
    EXPECT_EQ(cmd.kind, K::Bad);
    EXPECT_EQ(cmd.text, "dump now");
}

TEST(TextCommand, MovesInBothForms) {
    const Move expected = parseMove("d1-d7/g7", 10);
    for (const char* line :
         {"d1-d7(g7)", "d1 d7 g7", "  D1-D7(G7)", "d1   d7\tg7", "d1-d7(g7) #x"}) {
        const TextCommand cmd = parse(line);
        ASSERT_EQ(cmd.kind, K::Move) << line;
        ASSERT_TRUE(cmd.move.has_value()) << line;
        EXPECT_EQ(*cmd.move, expected) << line;
    }
    const TextCommand ten = parse("j10-a1(j10)");
    ASSERT_TRUE(ten.move.has_value());
    EXPECT_EQ(formatMove(*ten.move, 10, MoveStyle::Parenthesis), "j10-a1(j10)");
}

TEST(TextCommand, MoveOffTheBoardIsAnIllegalMoveNotABadCommand) {
    for (const char* line : {"k1-k5(k6)", "a11 a12 a13", "a1-a2(z9)"}) {
        const TextCommand cmd = parse(line);
        EXPECT_EQ(cmd.kind, K::Move) << line;
        EXPECT_FALSE(cmd.move.has_value()) << line;
    }
}

TEST(TextCommand, GarbageIsBadWithItsText) {
    for (const char* line : {"foo", "d1-d7", "d1-d7(g7", "d1 d7 g7 h8", "1-2(3)", "seedling"}) {
        const TextCommand cmd = parse(line);
        EXPECT_EQ(cmd.kind, K::Bad) << line;
    }
    EXPECT_EQ(parse("  hello   world  # c").text, "hello world");
}

TEST(TextCommand, Seed) {
    const TextCommand cmd = parse("seed 18446744073709551615");
    ASSERT_EQ(cmd.kind, K::Seed);
    EXPECT_EQ(cmd.seed, 18446744073709551615ull);
    EXPECT_EQ(parse("seed").kind, K::Bad);
    EXPECT_EQ(parse("seed -3").kind, K::Bad);
    EXPECT_EQ(parse("seed 12x").kind, K::Bad);
    EXPECT_EQ(parse("seed 1 2").kind, K::Bad);
}

TEST(TextCommand, AutoAndManualTakeAColourInAnyCase) {
    TextCommand cmd = parse("auto WHITE");
    ASSERT_EQ(cmd.kind, K::Auto);
    EXPECT_EQ(cmd.color, Color::White);
    cmd = parse("Manual black");
    ASSERT_EQ(cmd.kind, K::Manual);
    EXPECT_EQ(cmd.color, Color::Black);
    EXPECT_EQ(parse("auto").kind, K::Bad);
    EXPECT_EQ(parse("auto red").kind, K::Bad);
    EXPECT_EQ(parse("manual white black").kind, K::Bad);
}

TEST(TextCommand, Limit) {
    TextCommand cmd = parse("limit 0.25");
    ASSERT_EQ(cmd.kind, K::Limit);
    EXPECT_DOUBLE_EQ(cmd.seconds, 0.25);
    EXPECT_EQ(cmd.visits, 0u);
    cmd = parse("LIMIT Visits 500");
    ASSERT_EQ(cmd.kind, K::Limit);
    EXPECT_EQ(cmd.visits, 500u);
    EXPECT_TRUE(parse("limit default").defaultLimits);
    for (const char* bad : {"limit", "limit 0", "limit -1", "limit abc", "limit visits 0",
                            "limit visits", "limit 1 2"})
        EXPECT_EQ(parse(bad).kind, K::Bad) << bad;
}

TEST(TextCommand, PositionIsValidated) {
    const TextCommand cmd = parse("position 3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b");
    ASSERT_EQ(cmd.kind, K::Position);
    EXPECT_EQ(cmd.position, "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b");
    EXPECT_EQ(parse("position 3B2B3/10 w").kind, K::Bad);
    EXPECT_EQ(parse("position").kind, K::Bad);
}

TEST(TextCommand, HelpHasNoStarAndNoDumpMarker) {
    const std::string help = textHelp();
    EXPECT_EQ(help.find('*'), std::string::npos);
    EXPECT_EQ(help.find("\n==="), std::string::npos);
    EXPECT_NE(help.rfind("===", 0), 0u);
}

}  // namespace
}  // namespace hippolyta
