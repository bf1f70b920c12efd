// Rectangular boards through GTP: the boardsize forms, showboard, play, genmove and the parts
// that refuse a rectangle (the book).
#include <gtest/gtest.h>

#include <iterator>
#include <set>
#include <sstream>

#include "engine/core/notation.h"
#include "gtp_fixture.h"

namespace hippolyta {
namespace {

const std::string kStart6x5 = "1B2B1/B4B/6/W4W/1W2W1 w";

TEST_F(GtpSessionTest, BoardsizeTakesWidthAndHeightInTwoForms) {
    EXPECT_EQ(ok("boardsize 6 5"), "");
    EXPECT_EQ(position(), kStart6x5);
    ok("boardsize 4");
    EXPECT_EQ(ok("boardsize 6x5"), "");
    EXPECT_EQ(position(), kStart6x5);
    ok("boardsize 5X6");
    EXPECT_EQ(position(), formatPosition(Position::start(BoardShape(5, 6))));
    ok("boardsize 7 7");
    EXPECT_EQ(position(), formatPosition(Position::start(7)));
    ok("boardsize 6x5");
    ok("genmove w");
    EXPECT_EQ(ok("clear_board"), "");
    EXPECT_EQ(position(), kStart6x5) << "clear_board keeps the rectangle";
}

TEST_F(GtpSessionTest, BoardsizeRefusesBadRectangles) {
    ok("boardsize 6x5");
    ok("play w b1-b4/b3");
    const std::string before = position();
    EXPECT_EQ(fail("boardsize 6 3"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 12x5"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 3x3"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 6 -5"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 6x"),
              "syntax error: '6x' is not a board size (N, WxH or W H) (usage: boardsize SIZE)");
    EXPECT_TRUE(fail("boardsize 6 five").starts_with("syntax error"));
    EXPECT_TRUE(fail("boardsize 6 5 4").starts_with("wrong number of arguments"));
    EXPECT_EQ(position(), before);
}

TEST_F(GtpSessionTest, ShowboardDrawsTheRectangle) {
    ok("boardsize 6x5");
    ok("play w b1-b4/b3");
    EXPECT_EQ(ok("showboard"),
              "\n"
              "   a b c d e f\n"
              " 5 . B . . B .  5\n"
              " 4 B W . . . B  4\n"
              " 3 . x . . . .  3\n"
              " 2 W . . . . W  2\n"
              " 1 . . . . W .  1\n"
              "   a b c d e f\n"
              "Black to move; move 1; plies played: 1\n"
              "Last move: white b1-b4/b3");
}

TEST_F(GtpSessionTest, PlayRefusesSquaresOffTheRectangle) {
    ok("boardsize 6x5");
    EXPECT_TRUE(fail("play w b1-b6/b5")
                    .starts_with("syntax error: bad move 'b1-b6/b5': square "
                                 "'b6' is off the 6x5 board"));
    EXPECT_TRUE(fail("play w e1-g1/f1").starts_with("syntax error"));
    EXPECT_EQ(position(), kStart6x5);
}

// The MCTS (with its endgame solver) plays rectangles to the end: every answer is legal on the
// board it was asked on, and the game finishes with a winner.
TEST_F(GtpSessionTest, GenmovePlaysRectanglesToTheEnd) {
    for (const char* size : {"6x5", "4 7"}) {
        ok(std::string("boardsize ") + size);
        ok("amz-level 5");  // 30 visits a move: the MCTS, quickly
        for (int ply = 0; ply < 40; ++ply) {
            const std::string side = ply % 2 ? "b" : "w";
            std::istringstream legal(ok("amz-legal_moves"));
            const std::set<std::string> moves{std::istream_iterator<std::string>(legal), {}};
            const std::string move = ok("genmove " + side);
            if (move == "resign") {
                EXPECT_TRUE(moves.empty()) << size;
                break;
            }
            EXPECT_TRUE(moves.count(move)) << size << " " << move;
        }
        EXPECT_NE(ok("final_score"), "") << size << ": the game ends within 40 plies";
    }
}

TEST_F(GtpSessionTest, BookRefusesRectangles) {
    ok("boardsize 6x5");
    EXPECT_EQ(ok("amz-book info"), "no book for 6x5 (books are for square boards)");
}

}  // namespace
}  // namespace hippolyta
