// The proof writer's and checker's set of exact positions, and the child keys the writer
// computes without playing the moves.
#include <gtest/gtest.h>

#include <utility>

#include "engine/core/exact_key.h"
#include "engine/core/notation.h"
#include "engine/solve/dfpn.h"

namespace hippolyta {
namespace {

ExactKey keyNumber(unsigned i) {
    // Bits in both halves of the 128-bit boards, so that every word takes part.
    const Bitboard low = Bitboard{i} * 0x10001u;
    return ExactKey{low | (Bitboard{i} << 70), Bitboard{i % 7} << 64, low >> 3,
                    static_cast<uint8_t>(i % 2)};
}

TEST(ExactKeySet, TellsKeysApartByEveryField) {
    ExactKeySet set;
    const ExactKey base{Bitboard{5} << 64 | 3, 1, 2, 0};
    EXPECT_FALSE(set.contains(base));
    EXPECT_TRUE(set.insert(base));
    EXPECT_FALSE(set.insert(base));
    ExactKey other = base;
    other.side = 1;
    EXPECT_FALSE(set.contains(other));
    other = base;
    other.occupied ^= Bitboard{1} << 100;
    EXPECT_FALSE(set.contains(other));
    other = base;
    other.white = 4;
    EXPECT_FALSE(set.contains(other));
    other = base;
    other.black = 8;
    EXPECT_TRUE(set.insert(other));
    EXPECT_EQ(set.size(), 2u);
}

TEST(ExactKeySet, KeepsEveryKeyAcrossGrowthAndSwaps) {
    ExactKeySet set;
    for (unsigned i = 0; i < 5000; ++i)
        ASSERT_TRUE(set.insert(keyNumber(i))) << i;
    ExactKeySet empty;
    std::swap(set, empty);  // the checker's scopes swap sets in and out
    EXPECT_EQ(set.size(), 0u);
    EXPECT_FALSE(set.contains(keyNumber(1)));
    std::swap(set, empty);
    EXPECT_EQ(set.size(), 5000u);
    for (unsigned i = 0; i < 5000; ++i) {
        ASSERT_TRUE(set.contains(keyNumber(i))) << i;
        ASSERT_FALSE(set.insert(keyNumber(i))) << i;
    }
    for (unsigned i = 5000; i < 6000; ++i)
        ASSERT_FALSE(set.contains(keyNumber(i))) << i;
}

TEST(KeyAfter, IsTheHashOfThePlayedMove) {
    Position pos = Position::start(parseShape("6x4"));
    for (int ply = 0; ply < 2; ++ply) {
        MoveList moves;
        pos.generateMoves(moves);
        ASSERT_FALSE(moves.empty());
        for (const Move m : moves) {
            const uint64_t predicted = keyAfter(pos, m);
            pos.makeMove(m);
            ASSERT_EQ(predicted, pos.hash());
            pos.undoMove(m);
        }
        pos.makeMove(moves[moves.size() / 2]);
    }
}

}  // namespace
}  // namespace hippolyta
