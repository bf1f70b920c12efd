#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

// Fields a round trip must keep.
void expectSameRecord(const GameRecord& a, const GameRecord& b) {
    EXPECT_EQ(a.start, b.start);
    EXPECT_EQ(a.moves, b.moves);
    EXPECT_EQ(a.movers, b.movers);
    EXPECT_EQ(a.timeLeft, b.timeLeft);
    EXPECT_EQ(a.whiteName, b.whiteName);
    EXPECT_EQ(a.blackName, b.blackName);
    EXPECT_EQ(a.result, b.result);
    EXPECT_EQ(a.mainTime, b.mainTime);
    EXPECT_EQ(a.overtime, b.overtime);
    EXPECT_EQ(a.date, b.date);
    EXPECT_EQ(a.comment, b.comment);
}

TEST(SgfPoint, RowsCountFromTheTop) {
    EXPECT_EQ(sgfPoint(parseSquare("g1", 10), 10), "gj");
    EXPECT_EQ(sgfPoint(parseSquare("d7", 10), 10), "dd");
    EXPECT_EQ(parseSgfPoint("aa", 10), parseSquare("a10", 10));
    EXPECT_EQ(parseSgfPoint("ak", 11), parseSquare("a1", 11));
    EXPECT_THROW(parseSgfPoint("ka", 10), RecordError);
    EXPECT_THROW(parseSgfPoint("a", 10), RecordError);
}

TEST(SgfRead, QuarryFullGameIs87PliesWonByWhite) {
    const GameRecord r = readSgf(quarrySample("full-game.sgf"));
    EXPECT_EQ(r.start, Position::start(10));
    ASSERT_EQ(r.moves.size(), 87u);
    EXPECT_EQ(formatMove(r.moves[0], 10), "g1-g7/b7");  // gjgdbd
    EXPECT_EQ(r.movers[0], Color::White);
    EXPECT_EQ(r.movers[1], Color::Black);
    EXPECT_EQ(r.result, "W+");
    EXPECT_EQ(resultWinner(r.result), Color::White);
    EXPECT_EQ(r.whiteName, "ref-greedy-territory");
    // The moves replay legally to the end: Black has no legal move left.
    const Game g = replayRecord(r);
    EXPECT_EQ(g.moves().size(), 87u);
    EXPECT_TRUE(g.isOver());
    EXPECT_EQ(g.winner(), Color::White);
}

TEST(SgfRead, QuarryPartialGameIsVoid) {
    const GameRecord r = readSgf(quarrySample("partial-game.sgf"));
    EXPECT_EQ(r.moves.size(), 10u);
    EXPECT_EQ(r.result, "Void");
    EXPECT_EQ(resultWinner(r.result), std::nullopt);
    const GameRecord full = readSgf(quarrySample("full-game.sgf"));
    EXPECT_TRUE(std::equal(r.moves.begin(), r.moves.end(), full.moves.begin()));
}

TEST(SgfRead, QuarryTimedGameKeepsTheClock) {
    const GameRecord r = readSgf(quarrySample("timed-game.sgf"));
    ASSERT_EQ(r.moves.size(), 87u);
    EXPECT_EQ(r.mainTime, 900.0);
    EXPECT_EQ(r.overtime, "none");
    EXPECT_EQ(r.timeLeft[0], 899.957);  // W's clock after ply 1
    EXPECT_EQ(r.timeLeft[1], 899.971);  // B's clock after ply 2
    EXPECT_EQ(r.timeLeft[86], 899.833);
}

TEST(SgfRead, HandwrittenAndQuarryResavedSetupAgree) {
    const GameRecord hand = readSgf(quarrySample("handwritten-setup.sgf"));
    const GameRecord quarry = readSgf(quarrySample("quarry-resaved-setup.sgf"));
    EXPECT_EQ(hand.start, quarry.start);
    EXPECT_EQ(hand.moves, quarry.moves);
    EXPECT_EQ(formatPosition(hand.start), "10/10/2W4B2/10/4x5/2B2x4/10/7W2/10/10 w");
    ASSERT_EQ(hand.moves.size(), 2u);
    EXPECT_EQ(replayRecord(hand).position(), replayRecord(quarry).position());
}

TEST(SgfRoundTrip, QuarrySamplesSurviveWriteAndRead) {
    for (const char* name : {"full-game.sgf", "partial-game.sgf", "timed-game.sgf",
                             "handwritten-setup.sgf", "quarry-resaved-setup.sgf"}) {
        SCOPED_TRACE(name);
        const GameRecord r = readSgf(quarrySample(name));
        const std::string written = writeSgf(r);
        expectSameRecord(readSgf(written), r);
        // What we write always names the set-up and the side to move.
        EXPECT_NE(written.find("GM[18]"), std::string::npos);
        EXPECT_NE(written.find("SZ[10]"), std::string::npos);
        EXPECT_NE(written.find("AW["), std::string::npos);
        EXPECT_NE(written.find("AB["), std::string::npos);
        EXPECT_NE(written.find("PL[W]"), std::string::npos);
    }
}

TEST(SgfRoundTrip, KeepsEscapesBlackToMoveAndOtherSizes) {
    GameRecord r;
    r.start = Position::start(6);
    r.start.setSideToMove(Color::Black);
    r.start.place(parseSquare("c3", 6), Piece::Arrow);
    r.whiteName = "odd]name\\x";
    r.blackName = "b";
    r.comment = "two\nlines";
    r.result = "W+F";
    r.mainTime = 60.5;
    r.overtime = "3x5 byo-yomi";
    Position pos = r.start;
    MoveList moves;
    pos.generateMoves(moves);
    r.addMove(moves[3], Color::Black, 59.25);
    pos.makeMove(moves[3]);
    moves.clear();
    pos.generateMoves(moves);
    r.addMove(moves.back(), Color::White);
    const std::string text = writeSgf(r);
    EXPECT_NE(text.find("PL[B]"), std::string::npos);
    EXPECT_NE(text.find("AA[cd]"), std::string::npos);
    EXPECT_NE(text.find("PW[odd\\]name\\\\x]"), std::string::npos);
    expectSameRecord(readSgf(text), r);
}

TEST(SgfRead, ToleratesWhitespaceUnknownPropertiesAndOldIdentifiers) {
    const GameRecord r = readSgf(
        "junk before (\n ; GaMe [18] FF[3] SZ [10] XY[anything \\] here]\n"
        "PW[soft\\\nbreak] ;\n W [ gjgdbd ] N[note] ; B[dadiej]\n)");
    EXPECT_EQ(r.whiteName, "softbreak");
    ASSERT_EQ(r.moves.size(), 2u);
    EXPECT_EQ(formatMove(r.moves[1], 10), "d10-d2/e1");
}

TEST(SgfRead, TakesTheMainLineOfTheFirstGame) {
    const GameRecord r = readSgf(
        "(;GM[18]SZ[10];W[gjgdbd](;B[dadiej];W[djeidh])(;B[gaechc]))"
        "(;GM[18]SZ[6];W[broken");
    ASSERT_EQ(r.moves.size(), 3u);
    EXPECT_EQ(formatMove(r.moves[2], 10), "d1-e2/d3");
}

TEST(SgfRead, NoPlTakesTheFirstMoverAndEmptyGameIsWhiteToMove) {
    const GameRecord r = readSgf("(;GM[18]SZ[10]AW[cc][hh]AB[cf][hc]AA[ee];B[hchgeg])");
    EXPECT_EQ(r.start.sideToMove(), Color::Black);
    EXPECT_EQ(r.movers[0], Color::Black);
    const GameRecord empty = readSgf("(;GM[18]FF[4]SZ[8])");
    EXPECT_EQ(empty.start, Position::start(8));
    EXPECT_TRUE(empty.moves.empty());
}

TEST(SgfRead, ReadsPointRectangles) {
    const GameRecord r = readSgf("(;GM[18]SZ[5]AW[aa]AB[ee]AA[bb:cc]PL[B])");
    EXPECT_EQ(formatPosition(r.start), "W4/1xx2/1xx2/5/4B b");
}

TEST(SgfRead, RejectsBadInputClearly) {
    auto message = [](const std::string& text) {
        try {
            readSgf(text);
        } catch (const RecordError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message("(;GM[18]SZ[10];W[gjgd").find("end of file"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10];W[gjgdbd]").find("end of file"), std::string::npos);
    EXPECT_NE(message("").find("no game tree"), std::string::npos);
    EXPECT_NE(message("(;GM[1]SZ[19])").find("GM[18]"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[19])").find("4..11"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10];W[])").find("pass"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10];W[gjgd])").find("three points"), std::string::npos);
    // g1 cannot reach g10's column start square a1: illegal.
    EXPECT_NE(message("(;GM[18]SZ[10];W[gjaaab])").find("ply 1"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10];W[gjgdbd];AW[aa])").find("after the first move"),
              std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10]AW[aa])").find("each side"), std::string::npos);
    EXPECT_NE(message("(;GM[18]SZ[10] B ;W[gjgdbd])").find("no value"), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
