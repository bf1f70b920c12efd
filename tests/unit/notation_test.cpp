#include <gtest/gtest.h>

#include "engine/core/notation.h"

namespace hippolyta {
namespace {

constexpr const char* kStart10 = "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w";

TEST(PositionString, StartPrintsAsDocumented) {
    EXPECT_EQ(formatPosition(Position::start(10)), kStart10);
    EXPECT_EQ(parsePosition(kStart10), Position::start(10));
}

TEST(PositionString, StartPlacementForEverySize) {
    // k = (n-1)/3: White (0,k) (k,0) (n-1-k,0) (n-1,k), Black mirrored.
    EXPECT_EQ(formatPosition(Position::start(4)), "1BB1/B2B/W2W/1WW1 w");
    EXPECT_EQ(formatPosition(Position::start(8)), "2B2B2/8/B6B/8/8/W6W/8/2W2W2 w");
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        const Position p = Position::start(n);
        EXPECT_EQ(popCount(p.amazons(Color::White)), 4) << n;
        EXPECT_EQ(popCount(p.amazons(Color::Black)), 4) << n;
        EXPECT_EQ(parsePosition(formatPosition(p)), p) << n;
    }
}

TEST(PositionString, RoundTripsArbitraryPositions) {
    for (const char* s : {"W3/4/4/3B b", "WxxB/x2x/4/xxxx w",
                          "11/11/11/11/11/5W5/11/11/11/11/B10 b", "xWBx/BxxW/4/4 w"}) {
        EXPECT_EQ(formatPosition(parsePosition(s)), s);
    }
}

TEST(PositionString, RejectsMalformed) {
    // (Five ranks of four squares are a 4x5 rectangle now: rect_notation_test.cpp.)
    for (const char* s :
         {"", "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3", "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 x",
          "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W4 w", "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W2 w",
          "W3/4/4/4 w", "B3/4/4/4 b", "W2/3/3/2B w", "W3/4/4/3B  w", "W3/4/4/3b w",
          "W3/4/4/3B w extra", "W3/04/4/3B w", "W3/4/4/3B/5 w", "3/3/3 w", "W3/4/4/3? w",
          "12/12/12/12/12/12/12/12/12/12/12/12 w"}) {
        EXPECT_THROW(parsePosition(s), NotationError) << s;
    }
}

TEST(MoveText, AllCommonFormsParseToTheSameMove) {
    const Move expected{static_cast<uint8_t>(parseSquare("d1", 10)),
                        static_cast<uint8_t>(parseSquare("d7", 10)),
                        static_cast<uint8_t>(parseSquare("g7", 10))};
    for (const char* text : {"d1-d7/g7", "d1-d7-g7", "d1-d7xg7", "d1-d7(g7)", "d1d7g7", "d1d7,d7g7",
                             "D1-D7-G7", "D1-d7XG7", "d1 d7 g7"}) {
        EXPECT_EQ(parseMove(text, 10), expected) << text;
    }
}

TEST(MoveText, CanonicalFormsPrint) {
    const Move m = parseMove("j10-a1(j1)", 10);
    EXPECT_EQ(formatMove(m, 10), "j10-a1/j1");
    EXPECT_EQ(formatMove(m, 10, MoveStyle::Parenthesis), "j10-a1(j1)");
    EXPECT_EQ(formatMove(m, 10, MoveStyle::Dash), "j10-a1-j1");
    EXPECT_EQ(parseMove(formatMove(m, 10), 10), m);
    const Move big = parseMove("k11-a1(k1)", 11);
    EXPECT_EQ(formatMove(big, 11), "k11-a1/k1");
}

TEST(MoveText, RejectsMalformed) {
    for (const char* text : {"", "d1", "d1-d7", "d1-d7/", "d1-d7(g7", "d1-d7/g7)", "d1-d7/g7x",
                             "d1-d7/k7", "d0-d7/g7", "d1-d11/g7", "d1d7,d8g7", "1d-d7/g7",
                             "d1--d7/g7", "d01-d7/g7", "dd-d7/g7", "d1-d7/g7/h8"}) {
        EXPECT_THROW(parseMove(text, 10), NotationError) << text;
    }
    EXPECT_NO_THROW(parseMove("k11-a1/b2", 11));
    EXPECT_THROW(parseMove("k11-a1/b2", 10), NotationError);
}

TEST(Colors, ParseEveryCommonSpelling) {
    EXPECT_EQ(parseColor("w"), Color::White);
    EXPECT_EQ(parseColor("WHITE"), Color::White);
    EXPECT_EQ(parseColor("Black"), Color::Black);
    EXPECT_EQ(parseColor("B"), Color::Black);
    EXPECT_THROW(parseColor("red"), NotationError);
    EXPECT_THROW(parseColor(""), NotationError);
}

}  // namespace
}  // namespace hippolyta
