#include <gtest/gtest.h>

#include <deque>
#include <random>

#include "engine/core/notation.h"
#include "engine/eval/distance.h"
#include "engine/eval/territory.h"
#include "reference_distances.h"
#include "tests/unit/random_position.h"

namespace hippolyta {
namespace {
TEST(DistanceField, HandMadeQueenDistances) {
    // 5x5: a white amazon on a1, arrows on b1, b2 and a3, Black on e5. White's only first
    // move is to a2; from there only the diagonal b3-c4-d5 is open; everything else but e1
    // is one move further.
    Position pos = parsePosition("4B/5/x4/1x3/Wx3 w");
    const DistanceField f = queenDistances(pos, Color::White);
    auto d = [&](const char* sq) { return f.distanceOf(parseSquare(sq, 5)); };
    EXPECT_EQ(d("a1"), 0);
    EXPECT_EQ(d("a2"), 1);
    EXPECT_EQ(d("b3"), 2);
    EXPECT_EQ(d("d5"), 2);
    EXPECT_EQ(d("c1"), 3);  // c4 down the c-file
    EXPECT_EQ(d("a5"), 3);  // d5 along the fifth rank
    EXPECT_EQ(d("e2"), 3);  // c4 diagonally
    EXPECT_EQ(d("e1"), 4);
    EXPECT_EQ(d("b2"), kUnreached);  // an arrow
    EXPECT_EQ(f.depth, 4);
    EXPECT_EQ(popCount(f.level[1]), 1);
    EXPECT_EQ(popCount(f.level[2]), 3);
    EXPECT_EQ(popCount(f.level[3]), 15);
}

TEST(DistanceField, HandMadeKingDistances) {
    Position pos = parsePosition("5/4B/5/5/W4 w");
    const DistanceField f = kingDistances(pos, Color::White);
    EXPECT_EQ(f.distanceOf(parseSquare("e5", 5)), 4);
    EXPECT_EQ(f.distanceOf(parseSquare("b2", 5)), 1);
    EXPECT_EQ(f.distanceOf(parseSquare("c5", 5)), 4);
    EXPECT_EQ(f.depth, 4);
}

TEST(DistanceField, WalledSquaresAreUnreached) {
    // b1/b2/a2 wall off a1's amazon completely.
    Position pos = parsePosition("4B/5/5/xx3/Wx3 w");
    const DistanceField q = queenDistances(pos, Color::White);
    EXPECT_EQ(q.depth, 0);
    EXPECT_EQ(q.reached, Bitboard{0});
}

TEST(DistanceField, MatchesBreadthFirstSearchOnRandomPositions) {
    std::mt19937_64 rng(7);
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        for (int trial = 0; trial < 6; ++trial) {
            const Position pos = randomPosition(n, 4 + trial * n, rng);
            for (const Color side : {Color::White, Color::Black}) {
                for (const bool queen : {true, false}) {
                    const DistanceField f =
                        queen ? queenDistances(pos, side) : kingDistances(pos, side);
                    const std::vector<int> ref = referenceDistances(pos, side, queen);
                    for (int sq = 0; sq < n * n; ++sq)
                        ASSERT_EQ(f.distanceOf(sq), ref[sq])
                            << formatPosition(pos) << " square " << squareName(sq, n)
                            << (queen ? " queen" : " king");
                }
            }
        }
    }
}

TEST(Territory, MatchesReferenceCount) {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 20; ++trial) {
        const Position pos = randomPosition(trial % 2 ? 10 : 8, 10 + trial, rng);
        const std::vector<int> w = referenceDistances(pos, Color::White, true);
        const std::vector<int> b = referenceDistances(pos, Color::Black, true);
        double expected = 0;
        forEachSquare(pos.emptySquares(), [&](int sq) {
            if (w[sq] < b[sq])
                expected += 1;
            else if (b[sq] < w[sq])
                expected -= 1;
            else if (w[sq] != kUnreached)
                expected += 0.2;
        });
        EXPECT_NEAR(queenTerritoryScore(pos, Color::White), expected, 1e-9) << formatPosition(pos);
    }
}

}  // namespace
}  // namespace hippolyta
