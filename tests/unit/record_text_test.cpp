#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

GameRecord quarryFullGame() {
    return readSgf(quarrySample("full-game.sgf"));
}

TEST(TextRecord, RoundTripsAFullGame) {
    GameRecord r = quarryFullGame();
    r.date = "2024-05-01";
    r.timeControl = "60+1";
    r.comment = "black has no legal move";
    const std::string text = writeTextRecord(r);
    EXPECT_NE(text.find("White: ref-greedy-territory\n"), std::string::npos);
    EXPECT_NE(text.find("Board: 10\n"), std::string::npos);
    EXPECT_NE(text.find("Result: W+\n"), std::string::npos);
    EXPECT_NE(text.find("\ng1-g7(b7)\nd10-d2(e1)\n"), std::string::npos);
    EXPECT_EQ(text.find("Start:"), std::string::npos) << "standard start is not written";
    const GameRecord back = readTextRecord(text);
    EXPECT_EQ(back.start, r.start);
    EXPECT_EQ(back.moves, r.moves);
    EXPECT_EQ(back.movers, r.movers);
    EXPECT_EQ(back.whiteName, r.whiteName);
    EXPECT_EQ(back.blackName, r.blackName);
    EXPECT_EQ(back.date, r.date);
    EXPECT_EQ(back.timeControl, r.timeControl);
    EXPECT_EQ(back.result, r.result);
    EXPECT_EQ(back.comment, r.comment);
}

TEST(TextRecord, RoundTripsASetUpStartOnASmallBoard) {
    GameRecord r;
    r.start = parsePosition("W3/1x2/4/2B1 b");
    Position pos = r.start;
    for (int i = 0; i < 3 && pos.hasLegalMove(); ++i) {
        MoveList moves;
        pos.generateMoves(moves);
        r.addMove(moves[moves.size() / 2], pos.sideToMove());
        pos.makeMove(moves[moves.size() / 2]);
    }
    const std::string text = writeTextRecord(r);
    EXPECT_NE(text.find("Start: W3/1x2/4/2B1 b\n"), std::string::npos);
    EXPECT_NE(text.find("Board: 4\n"), std::string::npos);
    const GameRecord back = readTextRecord(text);
    EXPECT_EQ(back.start, r.start);
    EXPECT_EQ(back.moves, r.moves);
    EXPECT_EQ(back.movers, r.movers);
}

TEST(TextRecord, ReadsAResultAfterTheMovesNumbersAndComments) {
    const GameRecord r = readTextRecord(
        "# written as the game went\nWhite: a\nBoard: 10\n\n1. g1-g7(b7)  # opening\n"
        "1... d10-d2/e1\nresult: B+T\n");
    ASSERT_EQ(r.moves.size(), 2u);
    EXPECT_EQ(r.result, "B+T");
    EXPECT_EQ(resultWinner(r.result), Color::Black);
}

TEST(TextRecord, RejectsBadLinesWithTheirNumber) {
    auto message = [](const std::string& text) {
        try {
            readTextRecord(text);
        } catch (const RecordError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message("Board: 10\n\ng1-g7(b7)\nnonsense\n").find("line 4"), std::string::npos);
    EXPECT_NE(message("Board: 10\ng1-g2(g1)\ng1-g7(b7)\n").find("line 3"), std::string::npos)
        << "g1 is blocked by the arrow of the first move";
    EXPECT_NE(message("Board: 3\n").find("4..11"), std::string::npos);
    EXPECT_NE(message("Board: 6\nStart: W3/1x2/4/2B1 b\n").find("6x6"), std::string::npos);
    EXPECT_NE(message("Start: nonsense\n").find("position"), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
