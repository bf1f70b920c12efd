// A broken invariant stops a build with assertions (debug and the sanitizer builds): each death
// test breaks one on purpose and expects HIPPOLYTA_ASSERT's message. A release build compiles the
// checks out, so there they are skipped.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "engine/search/node_pool.h"

namespace hippolyta {
namespace {

#if !defined(NDEBUG) || defined(HIPPOLYTA_ASSERTIONS)
constexpr bool kAssertionsOn = true;
#else
constexpr bool kAssertionsOn = false;
#endif

class AssertionsTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!kAssertionsOn) GTEST_SKIP() << "a release build has no assertions";
        GTEST_FLAG_SET(death_test_style, "threadsafe");
    }
};

TEST_F(AssertionsTest, AnIllegalMoveStopsMakeMove) {
    Position pos = Position::start(10);
    const Move illegal = parseMove("d1-d10/d9", 10);  // d10 holds Black's amazon
    ASSERT_FALSE(pos.isLegal(illegal));
    EXPECT_DEATH(pos.makeMove(illegal), "assertion failed: isLegal\\(m\\)");
}

TEST_F(AssertionsTest, UndoingAMoveNotMadeStops) {
    Position pos = Position::start(10);
    const Move m = parseMove("d1-d7/g7", 10);
    ASSERT_TRUE(pos.isLegal(m));
    EXPECT_DEATH(pos.undoMove(m), "assertion failed");
}

TEST_F(AssertionsTest, TheLowestSquareOfNothingStops) {
    EXPECT_DEATH(lowestSquare(Bitboard{0}), "assertion failed: b != 0");
}

TEST_F(AssertionsTest, SlotZeroOfTheTreeIsNeverHandedOut) {
    NodePool pool(16);
    ASSERT_NE(pool.allocate(4), 0u);
    EXPECT_DEATH(pool.at(0), "assertion failed");
    EXPECT_DEATH(pool.at(5), "assertion failed");  // past what was allocated
}

}  // namespace
}  // namespace hippolyta
