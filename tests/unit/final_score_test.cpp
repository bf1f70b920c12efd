#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/eval/final_score.h"

namespace hippolyta {
namespace {

TEST(FinalScore, GameOverScoresTheWinnersRegion) {
    // 4x4: White on a4 walled in by arrows and to move; Black reaches all 11 empty squares.
    const Position pos = parsePosition("Wx2/xx2/4/3B w");
    const auto score = finalScore(pos);
    ASSERT_TRUE(score);
    EXPECT_TRUE(score->gameOver);
    EXPECT_EQ(score->winner, Color::Black);
    EXPECT_EQ(score->territory, 11);
    EXPECT_EQ(territoryOf(pos, Color::White), 0);
}

TEST(FinalScore, AVacantIslandCountsForNobody) {
    // 5x5: e5 is walled off by arrows; Black reaches 16 of the 17 empty squares.
    const Position pos = parsePosition("Wx1x1/xx1xx/5/5/4B w");
    EXPECT_EQ(popCount(pos.emptySquares()), 17);
    const auto score = finalScore(pos);
    ASSERT_TRUE(score);
    EXPECT_EQ(score->winner, Color::Black);
    EXPECT_EQ(score->territory, 16);
}

TEST(FinalScore, EveryRegionTouchingAWinnersAmazonCounts) {
    // 5x5, Black to move and stuck at e1. White's two amazons sit in two regions: a5 with b5
    // and a4 (2 squares), c3 with the bottom-left block (a2 b2 c2 a1 b1 c1: 6 squares).
    const Position pos = parsePosition("W1xxx/1xxxx/xxWxx/3xx/3xB b");
    const auto score = finalScore(pos);
    ASSERT_TRUE(score);
    EXPECT_TRUE(score->gameOver);
    EXPECT_EQ(score->winner, Color::White);
    EXPECT_EQ(score->territory, 2 + 6);
}

TEST(FinalScore, WalledApartDefectiveRegionWins) {
    // 4x4: White on b2 with only a1 and c1 free (a defective region: two squares, one move);
    // Black on d4 has no move but it is White's turn. White wins; its territory is 2.
    const Position pos = parsePosition("xxxB/xxxx/xWxx/1x1x w");
    ASSERT_FALSE(pos.isGameOver());
    const auto score = finalScore(pos);
    ASSERT_TRUE(score);
    EXPECT_FALSE(score->gameOver);
    EXPECT_EQ(score->winner, Color::White);
    EXPECT_EQ(score->territory, 2);
}

TEST(FinalScore, WalledApartDefectiveRegionLoses) {
    // 5x5: White (b3) to move has one move in its two-square defective region; Black (d5)
    // has three moves in e5 e4 e3. Black wins with a territory of 3.
    const Position pos = parsePosition("xxxB1/xxxx1/xWxx1/1x1xx/xxxxx w");
    RegionCounter counter;
    const SeparatedAnalysis a = analyseSeparated(pos, counter);
    ASSERT_TRUE(a.separated);
    EXPECT_EQ(a.own.lower, 1);
    EXPECT_EQ(a.opponent.lower, 3);
    const auto score = finalScore(pos, counter);
    ASSERT_TRUE(score);
    EXPECT_FALSE(score->gameOver);
    EXPECT_EQ(score->winner, Color::Black);
    EXPECT_EQ(score->territory, 3);
}

TEST(FinalScore, NoScoreWhileTheSidesStillMeet) {
    EXPECT_FALSE(finalScore(Position::start(8)));
    EXPECT_FALSE(finalScore(Position::start(10)));
}

TEST(FinalScore, NoScoreWhenTheCountIsNotExact) {
    // 8x8 walled apart, Black's region full of pockets: a budget of one node leaves its count
    // between 11 and 18 against White's 17, so the result is open. The default budget decides.
    const Position pos = parsePosition("W2x3x/x7/1xxx4/xxxxxxxx/x3x2x/1x1x2x1/xxxx2x1/4xx1B w");
    RegionCounter tiny(1);
    const SeparatedAnalysis a = analyseSeparated(pos, tiny);
    ASSERT_TRUE(a.separated);
    ASSERT_EQ(a.outcome, Outcome::Unknown) << a.own.lower << ".." << a.own.upper << " vs "
                                           << a.opponent.lower << ".." << a.opponent.upper;
    EXPECT_FALSE(finalScore(pos, tiny));
    EXPECT_TRUE(finalScore(pos));
}

}  // namespace
}  // namespace hippolyta
