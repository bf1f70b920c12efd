// engine/core/symmetry.h beyond the book's use (book_symmetry_test.cpp covers the eight maps,
// their inverses and perft on images): the group closes, the colour swap keeps the rules, and
// per-square maps such as the ownership turn with the board.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/core/symmetry.h"
#include "engine/eval/ownership.h"
#include "tests/unit/random_position.h"

namespace hippolyta {
namespace {

std::vector<uint32_t> sortedMoves(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    std::vector<uint32_t> out;
    for (Move m : moves)
        out.push_back(m.packed());
    std::sort(out.begin(), out.end());
    return out;
}

// Where a game of seeded random moves got walled apart, for the first seed from `seed` on
// where both sides own empty squares there: a position with owned regions.
Position settledRandomGame(int n, uint64_t seed) {
    for (;; ++seed) {
        std::mt19937_64 rng(seed);
        Position pos = Position::start(n);
        std::vector<Move> moves;
        MoveList legal;
        while (!pos.isGameOver()) {
            pos.generateMoves(legal);
            moves.push_back(legal[rng() % legal.size()]);
            pos.makeMove(moves.back());
        }
        const Position settled = settledPosition(Position::start(n), moves);
        const std::vector<int8_t> owners = ownershipMap(settled);
        if (std::count(owners.begin(), owners.end(), 1) > 4 &&
            std::count(owners.begin(), owners.end(), -1) > 4)
            return settled;
    }
}

TEST(Symmetry, TheEightFormAGroup) {
    // Doing s then t is one of the eight: augmentation may compose them freely.
    for (int n : {4, 7, 10}) {
        for (int s = 0; s < kSymmetryCount; ++s) {
            for (int t = 0; t < kSymmetryCount; ++t) {
                int found = -1;
                for (int u = 0; u < kSymmetryCount && found < 0; ++u) {
                    bool same = true;
                    for (int sq = 0; sq < n * n && same; ++sq)
                        same = transformSquare(transformSquare(sq, n, s), n, t) ==
                               transformSquare(sq, n, u);
                    if (same) found = u;
                }
                EXPECT_GE(found, 0) << "n=" << n << " s=" << s << " t=" << t;
            }
        }
    }
}

TEST(Symmetry, ColourSwapKeepsTheMovesAndPerft) {
    for (int n : {5, 6, 8, 10}) {
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            const Position pos = randomPosition(n, static_cast<int>(2 * seed + 1), seed * 7);
            const Position swapped = swapColours(pos);
            EXPECT_EQ(swapped.sideToMove(), opposite(pos.sideToMove()));
            EXPECT_EQ(swapped.amazons(Color::White), pos.amazons(Color::Black));
            EXPECT_EQ(swapped.amazons(Color::Black), pos.amazons(Color::White));
            EXPECT_EQ(swapped.arrows(), pos.arrows());
            EXPECT_EQ(swapped.hash(), swapped.computeHash());
            EXPECT_EQ(swapColours(swapped), pos);
            // The same moves, now played by the other colour.
            EXPECT_EQ(sortedMoves(swapped), sortedMoves(pos)) << "n=" << n << " seed=" << seed;
            if (n <= 6) {
                Position a = pos, b = swapped;
                EXPECT_EQ(perft(b, 2), perft(a, 2));
            }
            for (int s = 0; s < kSymmetryCount; ++s)
                EXPECT_EQ(swapColours(transformPosition(pos, s)), transformPosition(swapped, s));
        }
    }
}

TEST(Symmetry, EveryStartPositionsImagesHaveItsMoveCount) {
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        const Position start = Position::start(n);
        const uint64_t moves = start.countMoves();
        for (int s = 0; s < kSymmetryCount; ++s) {
            EXPECT_EQ(transformPosition(start, s).countMoves(), moves) << "n=" << n << " s=" << s;
            EXPECT_EQ(swapColours(transformPosition(start, s)).countMoves(), moves);
        }
    }
}

TEST(Symmetry, SquareMapsTurnWithTheBoard) {
    for (int n : {6, 9, 10}) {
        const Position pos = settledRandomGame(n, 100 + static_cast<uint64_t>(n));
        std::vector<int> squares(static_cast<size_t>(n * n));
        for (int sq = 0; sq < n * n; ++sq)
            squares[sq] = sq;
        for (int s = 0; s < kSymmetryCount; ++s) {
            const std::vector<int> image = transformSquareMap(squares, n, s);
            for (int sq = 0; sq < n * n; ++sq)
                ASSERT_EQ(image[transformSquare(sq, n, s)], sq);
            EXPECT_EQ(transformSquareMap(image, n, inverseSymmetry(s)), squares);
            // Ownership is a property of the board, so it commutes with every symmetry...
            EXPECT_EQ(ownershipMap(transformPosition(pos, s)),
                      transformSquareMap(ownershipMap(pos), n, s))
                << "n=" << n << " s=" << s;
        }
        // ...and changes sign with the colours.
        std::vector<int8_t> negated = ownershipMap(pos);
        for (int8_t& o : negated)
            o = static_cast<int8_t>(-o);
        EXPECT_EQ(ownershipMap(swapColours(pos)), negated);
    }
}

}  // namespace
}  // namespace hippolyta
