#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/regions/regions.h"

namespace hippolyta {
namespace {

// Reference: the longest sequence of moves the side to move can make if the other side never
// moves (plain exhaustive search; small regions only).
int longestLine(Position& pos, std::unordered_map<uint64_t, int>& memo) {
    if (const auto it = memo.find(pos.hash()); it != memo.end()) return it->second;
    MoveList moves;
    pos.generateMoves(moves);
    int best = 0;
    for (const Move m : moves) {
        pos.makeMove(m);
        pos.setSideToMove(opposite(pos.sideToMove()));  // the same side moves again
        best = std::max(best, 1 + longestLine(pos, memo));
        pos.setSideToMove(opposite(pos.sideToMove()));
        pos.undoMove(m);
    }
    memo[pos.hash()] = best;
    return best;
}

MoveBounds countFor(const Position& pos, Color side, RegionCounter& counter) {
    return counter.count(pos.width(), pos.amazons(side), pos.emptySquares());
}

TEST(Regions, DefectiveRegionHasOneMove) {
    // White on b2 with only a1 and c1 free: it moves to a1 or c1 and shoots back to b2, then
    // is stuck; two empty squares, one move.
    const Position pos = parsePosition("xxxB/xxxx/xWxx/1x1x w");
    ASSERT_TRUE(isSeparated(pos));
    RegionCounter counter;
    const MoveBounds white = countFor(pos, Color::White, counter);
    EXPECT_TRUE(white.exact());
    EXPECT_EQ(white.lower, 1);
    EXPECT_EQ(countFor(pos, Color::Black, counter).upper, 0);
}

TEST(Regions, CorridorIsFilledCompletely) {
    // a1 with b1..f1 free: step and shoot back five times.
    const Position pos = parsePosition("xxxxxB/xxxxxx/xxxxxx/xxxxxx/xxxxxx/W5 w");
    RegionCounter counter;
    const MoveBounds white = countFor(pos, Color::White, counter);
    EXPECT_TRUE(white.exact());
    EXPECT_EQ(white.lower, 5);
}

TEST(Regions, FindsComponentsAndContest) {
    const Position start = Position::start(10);
    EXPECT_FALSE(isSeparated(start));
    const std::vector<Region> regions = findRegions(start);
    ASSERT_EQ(regions.size(), 1u);
    EXPECT_TRUE(regions[0].contested);
    EXPECT_EQ(popCount(regions[0].empty), 92);

    const Position walled = parsePosition("xxxB/xxxx/xWxx/1x1x w");
    int owned = 0;
    for (const Region& r : findRegions(walled)) {
        EXPECT_FALSE(r.contested);
        owned += r.owner.has_value();
    }
    EXPECT_EQ(owned, 2);
}

TEST(Regions, SeparatedOutcomeFollowsMoveCounts) {
    // White (to move) has 1 move, Black 2 (c4 then d4... a corridor of two): White loses.
    const Position pos = parsePosition("xB2/xxxx/xWxx/1x1x w");
    RegionCounter counter;
    const SeparatedAnalysis a = analyseSeparated(pos, counter);
    ASSERT_TRUE(a.separated);
    EXPECT_EQ(a.own.lower, 1);
    EXPECT_EQ(a.opponent.lower, 2);
    EXPECT_EQ(a.outcome, Outcome::Loss);
    // With Black to move, Black has more moves: Black wins.
    Position black = pos;
    black.setSideToMove(Color::Black);
    EXPECT_EQ(analyseSeparated(black, counter).outcome, Outcome::Win);
    // Equal counts: the side to move runs out first and loses.
    const Position equal = parsePosition("xB1x/xxxx/xWxx/1x1x w");
    EXPECT_EQ(analyseSeparated(equal, counter).outcome, Outcome::Loss);
}

TEST(Regions, MatchesExhaustiveSearchOnRandomRegions) {
    std::mt19937_64 rng(5);
    RegionCounter counter;
    int defective = 0;
    for (int trial = 0; trial < 150; ++trial) {
        // 5x5: one white amazon, the black ones walled off in the top row, 4..8 free squares.
        Position pos = Position::emptyBoard(5);
        for (int sq = 0; sq < 25; ++sq)
            pos.place(sq, Piece::Arrow);
        pos.place(24, Piece::BlackAmazon);
        // Random free squares among the lower four rows, so diagonal-only links (and
        // defective regions) are common.
        const int sq = static_cast<int>(rng() % 20);
        pos.place(sq, Piece::WhiteAmazon);
        for (int k = 0, freed = 0; k < 20 && freed < 8; ++k)
            if (k != sq && rng() % 10 < 4) {
                pos.place(k, Piece::Empty);
                ++freed;
            }
        Position copy = pos;
        std::unordered_map<uint64_t, int> memo;
        const int expected = longestLine(copy, memo);
        const MoveBounds b = countFor(pos, Color::White, counter);
        ASSERT_TRUE(b.exact()) << formatPosition(pos);
        ASSERT_EQ(b.lower, expected) << formatPosition(pos);
        defective += expected < popCount(pos.emptySquares());
        // The best first move keeps the optimum.
        std::optional<Move> first;
        counter.bestLine(5, pos.amazons(Color::White), pos.emptySquares(), first);
        if (expected > 0) {
            ASSERT_TRUE(first && pos.isLegal(*first));
            Position after = pos;
            after.makeMove(*first);
            EXPECT_EQ(countFor(after, Color::White, counter).lower, expected - 1);
        }
    }
    EXPECT_GT(defective, 5) << "the sample should include defective regions";
}

TEST(Regions, BudgetGivesBoundsOnBigRegions) {
    // A 5x5 corner of an 8x8 board for one amazon: with a tiny budget the result is a range.
    Position pos = Position::emptyBoard(8);
    for (int sq = 0; sq < 64; ++sq)
        if (sq % 8 >= 5 || sq / 8 >= 5) pos.place(sq, Piece::Arrow);
    pos.place(63, Piece::BlackAmazon);
    pos.place(0, Piece::WhiteAmazon);
    RegionCounter tiny(50);
    const MoveBounds b = countFor(pos, Color::White, tiny);
    EXPECT_LE(b.lower, b.upper);
    EXPECT_EQ(b.upper, 24);
    EXPECT_GT(b.lower, 15);  // the greedy line fills most of it
}

}  // namespace
}  // namespace hippolyta
