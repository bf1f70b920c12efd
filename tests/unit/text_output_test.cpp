#include <gtest/gtest.h>

#include "adapters/text/text_output.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

TEST(TextOutput, AiMoveLineUsesParentheses) {
    EXPECT_EQ(aiMoveLine(parseMove("d1-d7/g7", 10), 10), "* d1-d7(g7)");
    EXPECT_EQ(aiMoveLine(parseMove("j10-a1/b2", 10), 10), "* j10-a1(b2)");
}

TEST(TextOutput, WinLines) {
    EXPECT_EQ(winLine(Color::White), "* White wins.");
    EXPECT_EQ(winLine(Color::Black), "* Black wins.");
}

TEST(TextOutput, StartPositionDumpMatchesTheAssignment) {
    EXPECT_EQ(formatDump(Position::start()),
              "===\n"
              "   - - - B - - B - - -\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   B - - - - - - - - B\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   W - - - - - - - - W\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   - - - W - - W - - -\n"
              "===\n");
}

// The right-hand board of the assignment's Figure 1: d1-d7(g7), then d10-c9(h4).
TEST(TextOutput, DumpAfterTheFigureOneMoves) {
    Game game;
    ASSERT_TRUE(game.play(parseMove("d1-d7(g7)", 10)));
    ASSERT_TRUE(game.play(parseMove("d10-c9(h4)", 10)));
    EXPECT_EQ(formatDump(game.position()),
              "===\n"
              "   - - - - - - B - - -\n"
              "   - - B - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   B - - W - - S - - B\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   W - - - - - - S - W\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - - - - -\n"
              "   - - - - - - W - - -\n"
              "===\n");
}

TEST(TextOutput, DumpOfASmallBoardHasOneRowPerRank) {
    const Position pos = parsePosition("Wx2/4/4/2xB w");
    EXPECT_EQ(formatDump(pos),
              "===\n"
              "   W S - -\n"
              "   - - - -\n"
              "   - - - -\n"
              "   - - S B\n"
              "===\n");
}

}  // namespace
}  // namespace hippolyta
