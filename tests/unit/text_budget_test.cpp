#include <gtest/gtest.h>

#include "adapters/text/text_budget.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

TEST(TextBudget, DefaultScheduleSpreadsTheSideBudgetOverTheMostMovesLeft) {
    TextOptions options;
    options.sideGameSeconds = 46;
    options.moveVisits = 1000;
    const TextMoveBudget budget(options, 0);
    // 92 empty squares: White has at most 46 moves to make.
    const SearchLimits first = budget.limitsFor(Position::start(), 0);
    EXPECT_DOUBLE_EQ(first.seconds, 1.0);
    EXPECT_EQ(first.visits, 1000u);
    EXPECT_DOUBLE_EQ(budget.limitsFor(Position::start(), 23).seconds, 0.5);
}

// Spending every cap in full never exceeds the side's budget, however long the game lasts.
TEST(TextBudget, DefaultScheduleNeverExceedsTheSideBudget) {
    TextOptions options;
    options.sideGameSeconds = 30;
    const TextMoveBudget budget(options, 0);
    Position pos = Position::start();
    double spent = 0;
    MoveList moves;
    while (true) {
        pos.generateMoves(moves);
        if (moves.empty()) break;
        if (pos.sideToMove() == Color::White) spent += budget.limitsFor(pos, spent).seconds;
        pos.makeMove(moves.front());  // the longest games fill the board square by square
    }
    EXPECT_LE(spent, 30 + 1e-9);
    EXPECT_GT(spent, 10);
}

TEST(TextBudget, NoMoveGetsMoreThanTheMaximum) {
    TextOptions options;
    options.sideGameSeconds = 30;
    options.maxMoveSeconds = 2;
    const TextMoveBudget budget(options, 0);
    // Four empty squares: at most two moves left, but not 15 s each.
    const Position endgame = parsePosition("WBxx/xxxx/xx2/2xB w");
    EXPECT_DOUBLE_EQ(budget.limitsFor(endgame, 0).seconds, 2);
    EXPECT_DOUBLE_EQ(budget.limitsFor(endgame, 27).seconds, 1.5);
}

TEST(TextBudget, OverspentSideStillGetsAPositiveLimit) {
    const TextMoveBudget budget(TextOptions{}, 0);
    EXPECT_GT(budget.limitsFor(Position::start(), 1e6).seconds, 0);
}

TEST(TextBudget, ConfigVisitsReplaceTheDefaultVisits) {
    TextOptions options;
    options.moveVisits = 1000;
    EXPECT_EQ(TextMoveBudget(options, 77).limitsFor(Position::start(), 0).visits, 77u);
}

TEST(TextBudget, LimitCommandsAndReset) {
    TextOptions options;
    options.moveVisits = 1000;
    TextMoveBudget budget(options, 0);
    budget.setSeconds(0.2);
    SearchLimits limits = budget.limitsFor(Position::start(), 1e6);
    EXPECT_DOUBLE_EQ(limits.seconds, 0.2);
    EXPECT_EQ(limits.visits, 0u);
    budget.setVisits(50);
    limits = budget.limitsFor(Position::start(), 0);
    EXPECT_DOUBLE_EQ(limits.seconds, 0.2);
    EXPECT_EQ(limits.visits, 50u);
    budget.reset();
    limits = budget.limitsFor(Position::start(), 0);
    EXPECT_EQ(limits.visits, 1000u);
    EXPECT_DOUBLE_EQ(limits.seconds, options.sideGameSeconds / 46);
}

}  // namespace
}  // namespace hippolyta
