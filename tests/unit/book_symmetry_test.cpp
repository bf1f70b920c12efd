#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "engine/core/position.h"
#include "opening-book/symmetry.h"
#include "tests/unit/random_position.h"

namespace hippolyta {
namespace {
std::vector<uint32_t> sortedPacked(const MoveList& moves) {
    std::vector<uint32_t> out;
    for (Move m : moves)
        out.push_back(m.packed());
    std::sort(out.begin(), out.end());
    return out;
}

TEST(BookSymmetry, EachMapIsABijectionAndTheEightDiffer) {
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        std::set<std::vector<int>> maps;
        for (int s = 0; s < kSymmetryCount; ++s) {
            std::vector<int> image;
            std::set<int> seen;
            for (int sq = 0; sq < n * n; ++sq) {
                const int t = transformSquare(sq, n, s);
                ASSERT_GE(t, 0);
                ASSERT_LT(t, n * n);
                seen.insert(t);
                image.push_back(t);
            }
            EXPECT_EQ(seen.size(), static_cast<size_t>(n * n)) << "n=" << n << " s=" << s;
            maps.insert(image);
        }
        EXPECT_EQ(maps.size(), 8u) << "n=" << n;
        for (int sq = 0; sq < n * n; ++sq)
            EXPECT_EQ(transformSquare(sq, n, 0), sq);
    }
}

TEST(BookSymmetry, InverseUndoesSquaresMovesAndPositions) {
    for (int n : {4, 5, 10, 11}) {
        for (int s = 0; s < kSymmetryCount; ++s) {
            const int inv = inverseSymmetry(s);
            for (int sq = 0; sq < n * n; ++sq)
                ASSERT_EQ(transformSquare(transformSquare(sq, n, s), n, inv), sq)
                    << "n=" << n << " s=" << s;
            const Move m{3, static_cast<uint8_t>(n + 1), static_cast<uint8_t>(n * n - 1)};
            EXPECT_EQ(transformMove(transformMove(m, n, s), n, inv), m);
            const Position pos = randomPosition(n, 5, 11 + s);
            EXPECT_EQ(transformPosition(transformPosition(pos, s), inv), pos);
        }
    }
    EXPECT_EQ(inverseSymmetry(1), 3);
    EXPECT_EQ(inverseSymmetry(3), 1);
}

TEST(BookSymmetry, ImageKeepsColoursSideAndPieceCounts) {
    const Position pos = randomPosition(10, 7, 5);  // black to move
    ASSERT_EQ(pos.sideToMove(), Color::Black);
    for (int s = 0; s < kSymmetryCount; ++s) {
        const Position img = transformPosition(pos, s);
        EXPECT_EQ(img.sideToMove(), Color::Black);
        EXPECT_EQ(img.hash(), img.computeHash());
        for (int sq = 0; sq < 100; ++sq)
            ASSERT_EQ(img.at(transformSquare(sq, 10, s)), pos.at(sq));
    }
}

TEST(BookSymmetry, LegalMoveSetsCorrespond) {
    for (int n : {6, 10}) {
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            const Position pos = randomPosition(n, static_cast<int>(3 * seed), seed);
            MoveList moves, imageMoves;
            pos.generateMoves(moves);
            for (int s = 0; s < kSymmetryCount; ++s) {
                transformPosition(pos, s).generateMoves(imageMoves);
                MoveList mapped;
                for (Move m : moves)
                    mapped.push_back(transformMove(m, n, s));
                EXPECT_EQ(sortedPacked(imageMoves), sortedPacked(mapped))
                    << "n=" << n << " seed=" << seed << " s=" << s;
            }
        }
    }
}

TEST(BookSymmetry, PerftIsEqualOnEveryImage) {
    const Position pos = randomPosition(6, 4, 42);
    Position copy = pos;
    const uint64_t expected = perft(copy, 2);
    EXPECT_GT(expected, 0u);
    for (int s = 1; s < kSymmetryCount; ++s) {
        Position img = transformPosition(pos, s);
        EXPECT_EQ(perft(img, 2), expected) << "s=" << s;
    }
    Position start = Position::start(6);
    for (int s = 0; s < kSymmetryCount; ++s) {
        Position img = transformPosition(start, s);
        EXPECT_EQ(perft(img, 2), 238532u) << "s=" << s;
    }
}

TEST(BookSymmetry, NormalFormIsTheLeastHashOfTheImages) {
    for (uint64_t seed = 1; seed <= 5; ++seed) {
        const Position pos = randomPosition(8, static_cast<int>(seed), seed);
        uint64_t least = ~0ULL;
        int first = -1;
        for (int s = 0; s < kSymmetryCount; ++s) {
            const uint64_t h = transformPosition(pos, s).computeHash();
            if (first < 0 || h < least) least = h, first = s;
        }
        const NormalForm nf = normalForm(pos);
        EXPECT_EQ(nf.key, least);
        EXPECT_EQ(nf.symmetry, first);
        EXPECT_EQ(transformPosition(pos, nf.symmetry).hash(), nf.key);
    }
}

TEST(BookSymmetry, MirrorAndRotationShareTheKey) {
    const Position pos = randomPosition(10, 3, 9);
    const NormalForm nf = normalForm(pos);
    for (int s = 0; s < kSymmetryCount; ++s) {
        const Position img = transformPosition(pos, s);
        const NormalForm nfi = normalForm(img);
        EXPECT_EQ(nfi.key, nf.key) << "s=" << s;
        // Both normalise to the very same position.
        EXPECT_EQ(transformPosition(img, nfi.symmetry), transformPosition(pos, nf.symmetry));
    }
    // A different position (other side to move) gets another key.
    Position other = pos;
    other.setSideToMove(opposite(pos.sideToMove()));
    EXPECT_NE(normalForm(other).key, nf.key);
}

TEST(BookSymmetry, StartPositionNormalisesDeterministically) {
    const Position start = Position::start(10);
    const NormalForm a = normalForm(start), b = normalForm(start);
    EXPECT_EQ(a.key, b.key);
    EXPECT_EQ(a.symmetry, b.symmetry);
    // The start is its own left-right mirror: the two images have one hash; the first wins.
    EXPECT_EQ(transformPosition(start, 4), start);
    const NormalForm mirrored = normalForm(transformPosition(start, 4));
    EXPECT_EQ(mirrored.key, a.key);
    EXPECT_EQ(mirrored.symmetry, a.symmetry);
    for (int s = 0; s < a.symmetry; ++s)
        EXPECT_GT(transformPosition(start, s).hash(), a.key) << "s=" << s;
}

}  // namespace
}  // namespace hippolyta
