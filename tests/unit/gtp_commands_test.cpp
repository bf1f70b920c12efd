// Board, move and extension commands: results and every error, with the state kept on errors.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <sstream>

#include "engine/core/notation.h"
#include "gtp_fixture.h"

namespace hippolyta {
namespace {

const std::string kStart10 = "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w";
// White (a4) is walled in on 4x4: it has no legal move, Black wins.
const std::string kWhiteStuck = "Wx2/xx2/4/3B w";
// 5x5, White walled in at a5; e5 is cut off from Black, so Black reaches 16 of 17 empties.
const std::string kWhiteStuckWithIsland = "Wx1x1/xx1xx/5/5/4B w";
const std::regex kCanonicalMove("[a-k]([1-9]|1[01])-[a-k]([1-9]|1[01])/[a-k]([1-9]|1[01])");

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

TEST_F(GtpSessionTest, StartsOnTheDefault10x10Board) {
    EXPECT_EQ(position(), kStart10);
}

TEST_F(GtpSessionTest, BoardsizeResetsTheGame) {
    ok("play w d1-d7/g7");
    EXPECT_EQ(ok("boardsize 6"), "");
    EXPECT_EQ(position(), formatPosition(Position::start(6)));
    EXPECT_EQ(fail("undo"), "cannot undo");
    for (int n = 4; n <= 11; ++n) {
        ok("boardsize " + std::to_string(n));
        EXPECT_EQ(position(), formatPosition(Position::start(n)));
    }
}

TEST_F(GtpSessionTest, BoardsizeErrorsKeepTheGame) {
    ok("play w d1-d7/g7");
    const std::string before = position();
    EXPECT_EQ(fail("boardsize 3"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 12"), "unacceptable size");
    EXPECT_EQ(fail("boardsize -10"), "unacceptable size");
    EXPECT_EQ(fail("boardsize 99999999999999999999"),
              "syntax error: '99999999999999999999' is "
              "not an integer (usage: boardsize SIZE)");
    EXPECT_TRUE(fail("boardsize ten").starts_with("syntax error"));
    EXPECT_TRUE(fail("boardsize").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("boardsize 8 8 8").starts_with("wrong number of arguments"));
    EXPECT_EQ(position(), before);
    EXPECT_EQ(ok("undo"), "");
}

TEST_F(GtpSessionTest, ClearBoardKeepsTheSize) {
    ok("boardsize 7");
    ok("genmove w");
    EXPECT_EQ(ok("clear_board"), "");
    EXPECT_EQ(position(), formatPosition(Position::start(7)));
    EXPECT_TRUE(fail("clear_board 7").starts_with("wrong number of arguments"));
}

TEST_F(GtpSessionTest, KomiIsCheckedThenIgnored) {
    EXPECT_EQ(ok("komi 6.5"), "");
    EXPECT_EQ(ok("komi -3"), "");
    EXPECT_TRUE(fail("komi lots").starts_with("syntax error"));
    EXPECT_TRUE(fail("komi").starts_with("wrong number of arguments"));
    EXPECT_EQ(position(), kStart10);
}

TEST_F(GtpSessionTest, PlayAcceptsEveryMoveForm) {
    ok("play w d1-d7/g7");
    const std::string expected = position();
    for (const char* form : {"d1-d7/g7", "d1-d7-g7", "d1-d7xg7", "d1-d7(g7)", "d1d7g7", "d1d7,d7g7",
                             "D1-D7-G7", "D1-D7XG7", "D1D7,D7G7"}) {
        ok("clear_board");
        EXPECT_EQ(ok(std::string("play white ") + form), "") << form;
        EXPECT_EQ(position(), expected) << form;
    }
}

TEST_F(GtpSessionTest, PlayAsQuarrySendsIt) {
    EXPECT_EQ(ok("play WHITE D1-D7-G7"), "");
    EXPECT_EQ(ok("play black D10-D8-D9"), "");
    Position expected = Position::start(10);
    expected.makeMove(parseMove("d1-d7/g7", 10));
    expected.makeMove(parseMove("d10-d8/d9", 10));
    EXPECT_EQ(position(), formatPosition(expected));
}

TEST_F(GtpSessionTest, PlayEitherColourAtAnyTime) {
    // Black first: the side to move follows the command.
    EXPECT_EQ(ok("play b d10-d8/d9"), "");
    EXPECT_TRUE(position().ends_with(" w"));
    // Black again, twice in a row.
    EXPECT_EQ(ok("play b g10-g8/g9"), "");
    EXPECT_TRUE(position().ends_with(" w"));
    ok("undo");
    ok("undo");
    EXPECT_EQ(position(), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b")
        << "undo goes back to the position the first command saw, Black to move";
}

TEST_F(GtpSessionTest, IllegalMovesKeepTheState) {
    ok("play w d1-d7/g7");
    const std::string before = position();
    EXPECT_EQ(fail("play b d1-d2/d3"), "illegal move: no amazon on d1");
    EXPECT_EQ(fail("play b d7-d8/d9"), "illegal move: not your amazon on d7");
    EXPECT_EQ(fail("play b d10-d1/d2"), "illegal move: the amazon's path is blocked at d7");
    EXPECT_EQ(fail("play b d10-d10/d9"), "illegal move: the amazon does not move");
    EXPECT_EQ(fail("play b a7-b9/b10"), "illegal move: the amazon is not on a queen line");
    EXPECT_EQ(fail("play b a7-b8/d10"), "illegal move: the arrow's path is blocked at d10");
    EXPECT_EQ(fail("play b g10-g8/g7"), "illegal move: the arrow's path is blocked at g7");
    EXPECT_EQ(fail("play b c5-c6/c7"), "illegal move: no amazon on c5");
    // White is not to move: the command makes White move, fails, and Black stays to move.
    EXPECT_EQ(fail("play w d7-d10/d9"), "illegal move: the amazon's path is blocked at d10");
    EXPECT_EQ(position(), before);
    EXPECT_TRUE(position().ends_with(" b"));
}

TEST_F(GtpSessionTest, UnparsableMovesAndColours) {
    const std::string before = position();
    EXPECT_TRUE(fail("play w d1-d7").starts_with("syntax error: bad move 'd1-d7'"));
    EXPECT_TRUE(fail("play w z1-z2/z3").starts_with("syntax error"));
    EXPECT_TRUE(fail("play w k1-k2/k3").starts_with("syntax error")) << "off the 10x10 board";
    EXPECT_TRUE(fail("play w pass").starts_with("syntax error"));
    EXPECT_TRUE(fail("play red d1-d7/g7").starts_with("syntax error: 'red' is not a color"));
    EXPECT_TRUE(fail("play w").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("play w d1-d7/g7 extra").starts_with("wrong number of arguments"));
    EXPECT_EQ(position(), before);
}

TEST_F(GtpSessionTest, GenmovePlaysALegalMoveInCanonicalForm) {
    const std::set<std::string> legal = [&] {
        const auto w = words(ok("amz-legal_moves"));
        return std::set<std::string>(w.begin(), w.end());
    }();
    const std::string move = ok("genmove w");
    EXPECT_TRUE(std::regex_match(move, kCanonicalMove)) << move;
    EXPECT_TRUE(legal.count(move)) << move;
    EXPECT_TRUE(position().ends_with(" b"));
    ok("undo");
    EXPECT_EQ(position(), kStart10);
    ok("play w " + move);  // the answer replays as the same move
}

TEST_F(GtpSessionTest, GenmoveForTheOtherSide) {
    const std::string move = ok("genmove black");
    EXPECT_TRUE(std::regex_match(move, kCanonicalMove)) << move;
    EXPECT_TRUE(position().ends_with(" w"));
    ok("undo");
    EXPECT_EQ(position(), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b");
}

TEST_F(GtpSessionTest, GenmoveResignsOnlyWithoutALegalMove) {
    ok("amz-position " + kWhiteStuck);
    EXPECT_EQ(ok("genmove w"), "resign");
    EXPECT_EQ(ok("reg_genmove w"), "resign");
    const std::string move = ok("genmove b");
    EXPECT_NE(move, "resign");
    EXPECT_TRUE(std::regex_match(move, kCanonicalMove)) << move;
}

TEST_F(GtpSessionTest, GenmoveErrors) {
    EXPECT_TRUE(fail("genmove").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("genmove w b").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("genmove green").starts_with("syntax error"));
    EXPECT_TRUE(fail("reg_genmove").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("reg_genmove x").starts_with("syntax error"));
    EXPECT_EQ(position(), kStart10);
}

TEST_F(GtpSessionTest, RegGenmoveDoesNotPlay) {
    ok("play w d1-d7/g7");
    const std::string before = position();
    const std::string move = ok("reg_genmove b");
    EXPECT_TRUE(std::regex_match(move, kCanonicalMove)) << move;
    EXPECT_EQ(position(), before);
    EXPECT_EQ(ok("play b " + move), "") << "the suggestion is legal for Black";
    // For the colour not to move, without changing the side to move either.
    const std::string after = position();
    ok("reg_genmove b");
    EXPECT_EQ(position(), after);
}

TEST_F(GtpSessionTest, UndoToTheStart) {
    EXPECT_EQ(fail("undo"), "cannot undo");
    ok("play w d1-d7/g7");
    ok("play b d10-c9/h4");
    EXPECT_EQ(ok("undo"), "");
    EXPECT_EQ(ok("undo"), "");
    EXPECT_EQ(position(), kStart10);
    EXPECT_EQ(fail("undo"), "cannot undo");
    EXPECT_TRUE(fail("undo 2").starts_with("wrong number of arguments"));
}

TEST_F(GtpSessionTest, ShowboardDiagram) {
    ok("boardsize 4");
    ok("play w a2-b2/b3");
    const std::string board = ok("showboard");
    EXPECT_EQ(board,
              "\n"
              "   a b c d\n"
              " 4 . B B .  4\n"
              " 3 B x . B  3\n"
              " 2 . W . W  2\n"
              " 1 . W W .  1\n"
              "   a b c d\n"
              "Black to move; move 1; plies played: 1\n"
              "Last move: white a2-b2/b3");
    EXPECT_TRUE(fail("showboard x").starts_with("wrong number of arguments"));
}

TEST_F(GtpSessionTest, ShowboardAtGameOverAndOnBigBoards) {
    ok("amz-position " + kWhiteStuck);
    EXPECT_TRUE(ok("showboard").ends_with("Game over: white has no legal move, black wins"));
    ok("boardsize 11");
    const std::string board = ok("showboard");
    EXPECT_NE(board.find("   a b c d e f g h i j k\n11 "), std::string::npos) << board;
    EXPECT_NE(board.find("\n 1 "), std::string::npos) << board;
}

TEST_F(GtpSessionTest, FinalScore) {
    EXPECT_EQ(fail("final_score"), "cannot score");
    ok("amz-position " + kWhiteStuck);
    EXPECT_EQ(ok("final_score"), "B+11");
    ok("amz-position " + kWhiteStuckWithIsland);
    EXPECT_EQ(ok("final_score"), "B+16") << "the walled-off e5 does not count";
    ok("amz-position Bx2/xx2/4/3W b");
    EXPECT_EQ(ok("final_score"), "W+11");
    // Walled apart with an exact count: White's defective region (1 move) loses to Black's 3.
    ok("amz-position xxxB1/xxxx1/xWxx1/1x1xx/xxxxx w");
    EXPECT_EQ(ok("final_score"), "B+3");
    ok("amz-position xxxB/xxxx/xWxx/1x1x w");
    EXPECT_EQ(ok("final_score"), "W+2");
    EXPECT_TRUE(fail("final_score now").starts_with("wrong number of arguments"));
}

TEST_F(GtpSessionTest, PerftThroughTheProtocol) {
    EXPECT_EQ(ok("amz-perft 0"), "1");
    EXPECT_EQ(ok("amz-perft 1"), "2176");
    EXPECT_EQ(ok("amz-perft 2"), "4307152");
    ok("boardsize 4");
    EXPECT_EQ(ok("amz-perft 3"), "139500");
    ok("boardsize 10");
    ok("play w d1-d7/g7");
    EXPECT_EQ(ok("amz-perft 1"), "1214");
}

TEST_F(GtpSessionTest, PerftErrors) {
    EXPECT_EQ(fail("amz-perft -1"), "perft depth must be 0..6");
    EXPECT_EQ(fail("amz-perft 7"), "perft depth must be 0..6");
    EXPECT_TRUE(fail("amz-perft two").starts_with("syntax error"));
    EXPECT_TRUE(fail("amz-perft").starts_with("wrong number of arguments"));
    EXPECT_TRUE(fail("amz-perft 1 2").starts_with("wrong number of arguments"));
}

TEST_F(GtpSessionTest, PositionStringSetsTheBoardAndClearsHistory) {
    ok("play w d1-d7/g7");
    const std::string seven = "2B1B2/B5B/7/7/7/W5W/2W1W2 b";
    EXPECT_EQ(ok("amz-position " + seven), "");
    EXPECT_EQ(position(), seven);
    EXPECT_EQ(fail("undo"), "cannot undo");
    EXPECT_EQ(ok("amz-legal_moves count"), std::to_string(parsePosition(seven).countMoves()));
    ok("clear_board");
    EXPECT_EQ(position(), formatPosition(Position::start(7))) << "the size follows the string";
    // Several spaces between the board and the side are fine (the line is split into words).
    EXPECT_EQ(ok("amz-position 3W/4/4/B3    w"), "");
    EXPECT_EQ(position(), "3W/4/4/B3 w");
}

TEST_F(GtpSessionTest, BadPositionStringsKeepTheState) {
    ok("play w d1-d7/g7");
    const std::string before = position();
    for (const char* bad :
         {"3W/4/4/B3", "3W/4/4/B3 x", "3W/4/4/B4 w", "3W/4/B3 w", "4/4/4/B3 w", "3W/4/4/B3 w extra",
          "3W/4/4/Bq2 w", "3/3/3 w", "12/12/12/12/12/12/12/12/12/12/12/12 w", "/// w"})
        EXPECT_TRUE(fail(std::string("amz-position ") + bad).starts_with("bad position string"))
            << bad;
    EXPECT_EQ(position(), before);
    EXPECT_EQ(ok("undo"), "") << "history kept too";
}

TEST_F(GtpSessionTest, LegalMovesListAndCount) {
    ok("boardsize 4");
    const std::vector<std::string> moves = words(ok("amz-legal_moves"));
    EXPECT_EQ(moves.size(), 88u);
    EXPECT_EQ(ok("amz-legal_moves count"), "88");
    std::set<std::string> unique(moves.begin(), moves.end());
    EXPECT_EQ(unique.size(), moves.size());
    for (const std::string& m : moves) {
        EXPECT_TRUE(std::regex_match(m, kCanonicalMove)) << m;
        EXPECT_TRUE(Position::start(4).isLegal(parseMove(m, 4))) << m;
    }
    EXPECT_TRUE(fail("amz-legal_moves all").starts_with("syntax error: expected 'count'"));
    EXPECT_TRUE(fail("amz-legal_moves count 2").starts_with("wrong number of arguments"));
    ok("amz-position " + kWhiteStuck);
    EXPECT_EQ(ok("amz-legal_moves"), "");
    EXPECT_EQ(ok("amz-legal_moves count"), "0");
}

}  // namespace
}  // namespace hippolyta
