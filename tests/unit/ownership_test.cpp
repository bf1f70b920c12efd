// Final ownership (engine/eval/ownership.h): hand-made positions, the rules page's defective
// territory, and played-out random games whose owners never change after the settling point.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/notation.h"
#include "engine/eval/ownership.h"
#include "engine/regions/regions.h"

namespace hippolyta {
namespace {

int ownerAt(const std::vector<int8_t>& map, const Position& pos, const char* square) {
    return map.at(static_cast<size_t>(parseSquare(square, pos.width())));
}

TEST(Ownership, DefectiveTerritoryCountsWholeForItsSide) {
    // The rules page's example: White on b2 with only a1 and c1 free (one move in two
    // squares). Black on d4 is shut in.
    const Position pos = parsePosition("xxxB/xxxx/xWxx/1x1x w");
    const std::vector<int8_t> map = ownershipMap(pos);
    ASSERT_EQ(map.size(), 16u);
    EXPECT_EQ(ownerAt(map, pos, "a1"), 1);
    EXPECT_EQ(ownerAt(map, pos, "b2"), 1);
    EXPECT_EQ(ownerAt(map, pos, "c1"), 1);
    EXPECT_EQ(ownerAt(map, pos, "d4"), -1);
    int arrows = 0;
    for (int sq = 0; sq < 16; ++sq)
        if (pos.at(sq) == Piece::Arrow) arrows += map[sq] == 0;
    EXPECT_EQ(arrows, 12);

    // White plays its one move (b2-a1, arrow back to b2): c1 is left dead in the last
    // position, but it was White's territory, and the game's ownership says so.
    const Move m{static_cast<uint8_t>(parseSquare("b2", 4)),
                 static_cast<uint8_t>(parseSquare("a1", 4)),
                 static_cast<uint8_t>(parseSquare("b2", 4))};
    Position last = pos;
    last.makeMove(m);
    ASSERT_TRUE(last.isGameOver());
    EXPECT_EQ(ownerAt(ownershipMap(last), last, "c1"), 0);
    EXPECT_EQ(ownerAt(ownershipMap(last), last, "b2"), 0);
    EXPECT_EQ(settledPosition(pos, {m}), pos);
    EXPECT_EQ(gameOwnership(pos, {m}), map);
}

TEST(Ownership, DeadIslandsAndArrowsBelongToNobody) {
    // 5x5: White on a5 is walled in by arrows; e5 is an island no amazon reaches; Black on e1
    // reaches the other 16 empty squares.
    const Position pos = parsePosition("Wx1x1/xx1xx/5/5/4B w");
    const std::vector<int8_t> map = ownershipMap(pos);
    EXPECT_EQ(ownerAt(map, pos, "a5"), 1);
    EXPECT_EQ(ownerAt(map, pos, "e5"), 0);
    EXPECT_EQ(ownerAt(map, pos, "b5"), 0);
    EXPECT_EQ(ownerAt(map, pos, "c5"), -1);
    int black = 0, white = 0;
    for (int8_t o : map) {
        black += o == -1;
        white += o == 1;
    }
    EXPECT_EQ(black, 16 + 1);
    EXPECT_EQ(white, 1);
}

TEST(Ownership, ContestedSquaresBelongToNobody) {
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        const Position pos = Position::start(n);
        const std::vector<int8_t> map = ownershipMap(pos);
        ASSERT_EQ(map.size(), static_cast<size_t>(n * n));
        for (int sq = 0; sq < n * n; ++sq) {
            const int expected = pos.at(sq) == Piece::WhiteAmazon   ? 1
                                 : pos.at(sq) == Piece::BlackAmazon ? -1
                                                                    : 0;
            ASSERT_EQ(map[sq], expected) << "n=" << n << " sq=" << sq;
        }
    }
}

TEST(Ownership, SplitBoardGivesEachSideItsHalf) {
    // 6x6 cut by a wall of arrows on rank 3: the top is Black's, the bottom White's.
    const Position pos = parsePosition("2B3/6/6/xxxxxx/6/1W4 w");
    const std::vector<int8_t> map = ownershipMap(pos);
    for (int sq = 0; sq < 36; ++sq) {
        const int row = sq / 6;
        ASSERT_EQ(map[sq], row < 2 ? 1 : row == 2 ? 0 : -1) << sq;
    }
    EXPECT_TRUE(isSeparated(pos));
    // One gap in the wall joins the halves: everything empty is contested again.
    const Position open = parsePosition("2B3/6/6/xxx1xx/6/1W4 w");
    int owned = 0;
    for (int8_t o : ownershipMap(open))
        owned += o != 0;
    EXPECT_EQ(owned, 2);
    EXPECT_EQ(ownerAt(ownershipMap(open), open, "a1"), 0);
    EXPECT_EQ(ownerAt(ownershipMap(open), open, "b1"), 1);
    EXPECT_EQ(ownerAt(ownershipMap(open), open, "c6"), -1);
}

// Random games played to the end: the settling point is the first separated position, and no
// later position gives a square to the side that did not own it there.
TEST(Ownership, OwnersNeverChangeAfterTheSettlingPoint) {
    std::mt19937_64 rng(2026);
    for (int n : {4, 5, 6, 8, 10}) {
        for (int game = 0; game < 6; ++game) {
            Position pos = Position::start(n);
            const Position start = pos;
            std::vector<Move> moves;
            std::vector<Position> seen;
            MoveList legal;
            while (!pos.isGameOver()) {
                seen.push_back(pos);
                pos.generateMoves(legal);
                moves.push_back(legal[rng() % legal.size()]);
                pos.makeMove(moves.back());
            }
            seen.push_back(pos);
            const Position settled = settledPosition(start, moves);
            size_t at = 0;
            while (seen[at] != settled)
                ++at;
            for (size_t i = 0; i < at; ++i)
                ASSERT_FALSE(isSeparated(seen[i]));
            ASSERT_TRUE(isSeparated(settled) || at + 1 == seen.size());
            const std::vector<int8_t> owners = gameOwnership(start, moves);
            ASSERT_EQ(owners, ownershipMap(settled));
            for (size_t i = at; i < seen.size(); ++i) {
                const std::vector<int8_t> later = ownershipMap(seen[i]);
                for (int sq = 0; sq < n * n; ++sq)
                    ASSERT_TRUE(later[sq] == 0 || later[sq] == owners[sq])
                        << "n=" << n << " game " << game << " ply " << i << " sq " << sq;
            }
            // The winner owns something; in the last position the loser owns only amazons.
            const Color loser = pos.sideToMove();
            const std::vector<int8_t> last = ownershipMap(pos);
            for (int sq = 0; sq < n * n; ++sq)
                if (last[sq] == (loser == Color::White ? 1 : -1)) {
                    ASSERT_TRUE(testBit(pos.amazons(loser), sq));
                }
        }
    }
}

}  // namespace
}  // namespace hippolyta
