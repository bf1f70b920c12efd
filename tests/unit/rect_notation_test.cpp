// Rectangular boards in the rules core's text forms and records: square names, move text,
// position strings, SGF SZ[W:H], the plain-text record, start layouts, hashes and symmetries.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/core/start_layouts.h"
#include "engine/core/symmetry.h"

namespace hippolyta {
namespace {

const BoardShape k6x5(6, 5);
const BoardShape k5x6(5, 6);

std::set<std::string> amazonSquares(const Position& pos, Color c) {
    std::set<std::string> out;
    forEachSquare(pos.amazons(c), [&](int sq) { out.insert(squareName(sq, pos.shape())); });
    return out;
}

TEST(RectLayout, SixByFiveIsMuellersPage) {
    const Position pos = Position::start(k6x5);
    EXPECT_EQ(pos.width(), 6);
    EXPECT_EQ(pos.height(), 5);
    EXPECT_EQ(pos.sideToMove(), Color::White);
    EXPECT_EQ(amazonSquares(pos, Color::White), (std::set<std::string>{"b1", "e1", "a2", "f2"}));
    EXPECT_EQ(amazonSquares(pos, Color::Black), (std::set<std::string>{"a4", "f4", "b5", "e5"}));
    EXPECT_EQ(formatPosition(pos), "1B2B1/B4B/6/W4W/1W2W1 w");
}

TEST(RectLayout, SolverBoardsUseTheSecondRowAndColumn) {
    EXPECT_EQ(formatPosition(Position::start(k5x6)), "1B1B1/B3B/5/5/W3W/1W1W1 w");
    EXPECT_EQ(formatPosition(Position::start(BoardShape(4, 5))), "1BB1/B2B/4/W2W/1WW1 w");
    EXPECT_EQ(formatPosition(Position::start(BoardShape(5, 4))), "1B1B1/B3B/W3W/1W1W1 w");
    EXPECT_EQ(formatPosition(Position::start(BoardShape(6, 4))), "1B2B1/B4B/W4W/1W2W1 w");
    EXPECT_EQ(formatPosition(Position::start(BoardShape(4, 7))), "1BB1/B2B/4/4/4/W2W/1WW1 w");
}

// Every published layout stands on the (1,2)-points in the corner; that rule and the formula agree
// while both sides are 4..6 (4x7 is where they part), and square boards keep today's start.
TEST(RectLayout, TableIsTheCornerRuleAndSquaresKeepTheirStart) {
    const auto sameWhite = [](const StartLayout& a, const StartLayout& b) {
        for (size_t i = 0; i < 4; ++i)
            if (a.white[i].col != b.white[i].col || a.white[i].row != b.white[i].row) return false;
        return true;
    };
    int entries = 0;
    for (const StartLayout* l = publishedLayoutsBegin(); l != publishedLayoutsEnd();
         ++l, ++entries) {
        EXPECT_TRUE(sameWhite(*l, cornerLayout(l->shape))) << shapeName(l->shape);
        EXPECT_EQ(sameWhite(*l, formulaLayout(l->shape)), l->shape.height <= 6)
            << shapeName(l->shape);
    }
    EXPECT_EQ(entries, 9);
    EXPECT_EQ(formatPosition(Position::start(10)), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w");
    EXPECT_EQ(formatPosition(Position::start(4)), "1BB1/B2B/W2W/1WW1 w");
    EXPECT_EQ(formatPosition(Position::start(5)), "1B1B1/B3B/5/W3W/1W1W1 w");
    // Rectangles outside the table keep the formula: 7x4 is not 4x7 turned.
    EXPECT_EQ(formatPosition(Position::start(BoardShape(7, 4))), "2B1B2/B5B/W5W/2W1W2 w");
}

TEST(RectNotation, SquaresUseColumnsOfTheWidthAndRowsOfTheHeight) {
    EXPECT_EQ(parseSquare("f5", k6x5), 4 * 6 + 5);
    EXPECT_EQ(squareName(4 * 6 + 5, k6x5), "f5");
    EXPECT_EQ(parseSquare("e6", k5x6), 5 * 5 + 4);
    EXPECT_EQ(squareName(5 * 5 + 4, k5x6), "e6");
    for (int sq = 0; sq < 30; ++sq) {
        EXPECT_EQ(parseSquare(squareName(sq, k6x5), k6x5), sq);
        EXPECT_EQ(parseSquare(squareName(sq, k5x6), k5x6), sq);
    }
}

TEST(RectNotation, SquaresOffTheRectangleAreRefused) {
    EXPECT_THROW(parseSquare("a6", k6x5), NotationError);  // above the top row
    EXPECT_THROW(parseSquare("g1", k6x5), NotationError);  // right of the last column
    EXPECT_THROW(parseSquare("f1", k5x6), NotationError);
    EXPECT_THROW(parseSquare("a7", k5x6), NotationError);
    try {
        parseSquare("a6", k6x5);
    } catch (const NotationError& e) {
        EXPECT_STREQ(e.what(), "square 'a6' is off the 6x5 board");
    }
    EXPECT_THROW(parseMove("b1-b6/b5", k6x5), NotationError);
    EXPECT_THROW(parseMove("b1-b4/g4", k6x5), NotationError);
    EXPECT_EQ(parseMove("b1-b4/b3", k6x5), (Move{1, 19, 13}));
    EXPECT_EQ(formatMove(Move{1, 19, 13}, k6x5), "b1-b4/b3");
}

TEST(RectNotation, ShapesParseAndPrint) {
    EXPECT_EQ(shapeName(k6x5), "6x5");
    EXPECT_EQ(parseShape("6x5"), k6x5);
    EXPECT_EQ(parseShape("5X6"), k5x6);
    EXPECT_EQ(parseShape("8"), BoardShape(8));
    EXPECT_FALSE(parseShape("3x5").isSupported());
    EXPECT_FALSE(parseShape("5x12").isSupported());
    EXPECT_THROW(parseShape("6x"), NotationError);
    EXPECT_THROW(parseShape("x5"), NotationError);
    EXPECT_THROW(parseShape("6x5x4"), NotationError);
    EXPECT_THROW(parseShape("six"), NotationError);
}

TEST(RectPositionString, RoundTripsAndTakesTheWidthFromTheRanks) {
    for (const BoardShape s : {k6x5, k5x6, BoardShape(4, 11), BoardShape(11, 4)}) {
        Position pos = Position::start(s);
        MoveList moves;
        pos.generateMoves(moves);
        pos.makeMove(moves[moves.size() / 2]);
        const Position back = parsePosition(formatPosition(pos));
        EXPECT_EQ(back, pos) << formatPosition(pos);
        EXPECT_EQ(back.shape(), s);
    }
}

TEST(RectPositionString, RejectsRaggedOrNarrowRanks) {
    EXPECT_THROW(parsePosition("1B2B1/B4B/5/W4W/1W2W1 w"), NotationError);  // a short rank
    EXPECT_THROW(parsePosition("1B1/B1B/3/W1W/1W1 w"), NotationError);      // 3 wide
    EXPECT_THROW(parsePosition("12/B4B/6/W4W/1W2W1 w"), NotationError);     // 12 wide
    try {
        parsePosition("1B1/B1B/3/W1W/1W1 w");
    } catch (const NotationError& e) {
        EXPECT_STREQ(e.what(),
                     "bad position string: rank 5 has 3 squares; the board width must be 4..11");
    }
}

// The hash tells shapes apart even where the pieces have the same square indices.
TEST(RectHash, ShapesWithTheSamePiecesHashApart) {
    const Position wide = parsePosition("W5/6/6/6/5B w");      // 6x5
    const Position square = parsePosition("W5/6/6/6/6/5B w");  // 6x6
    const Position tall = parsePosition("W4/5/5/5/5/4B w");    // 5x6
    EXPECT_NE(wide.hash(), square.hash());
    EXPECT_NE(wide.hash(), tall.hash());
    EXPECT_NE(Position::start(k6x5).hash(), Position::start(k5x6).hash());
    EXPECT_EQ(wide.hash(), wide.computeHash());
}

TEST(RectSymmetry, OnlyTheShapeKeepingSymmetriesApply) {
    const Position pos = Position::start(k6x5);
    for (int s = 0; s < kSymmetryCount; ++s) {
        const bool keeps = s == 0 || s == 2 || s == 4 || s == 5;
        EXPECT_EQ(symmetryKeepsShape(k6x5, s), keeps) << s;
        EXPECT_TRUE(symmetryKeepsShape(BoardShape(6), s));
        if (!keeps) {
            EXPECT_THROW(transformPosition(pos, s), std::invalid_argument) << s;
            continue;
        }
        // The mirror keeps the start; the half turn and the top-bottom mirror swap the sides'
        // squares. Each maps the board onto itself.
        const Position image = transformPosition(pos, s);
        const bool swaps = s == 2 || s == 5;
        EXPECT_EQ(image.amazons(Color::White), pos.amazons(swaps ? Color::Black : Color::White));
        EXPECT_EQ(image.amazons(Color::Black), pos.amazons(swaps ? Color::White : Color::Black));
        std::set<int> squares;
        for (int sq = 0; sq < 30; ++sq)
            squares.insert(transformSquare(sq, k6x5, s));
        EXPECT_EQ(squares.size(), 30u);
        EXPECT_EQ(*squares.rbegin(), 29);
    }
    // The left-right mirror of b1 is e1, the top-bottom mirror f5's is f1, the half turn a1's f5.
    EXPECT_EQ(transformSquare(parseSquare("b1", k6x5), k6x5, 4), parseSquare("e1", k6x5));
    EXPECT_EQ(transformSquare(parseSquare("f5", k6x5), k6x5, 5), parseSquare("f1", k6x5));
    EXPECT_EQ(transformSquare(parseSquare("a1", k6x5), k6x5, 2), parseSquare("f5", k6x5));
}

GameRecord playedRecord(BoardShape shape, int plies) {
    GameRecord r;
    r.start = Position::start(shape);
    Position pos = r.start;
    MoveList moves;
    for (int i = 0; i < plies; ++i) {
        pos.generateMoves(moves);
        const Move m = moves[(moves.size() * 7) / 11];
        r.addMove(m, pos.sideToMove());
        pos.makeMove(m);
    }
    return r;
}

TEST(RectSgf, RoundTripWritesSzWidthColonHeight) {
    const GameRecord r = playedRecord(k6x5, 6);
    const std::string sgf = writeSgf(r);
    EXPECT_NE(sgf.find("SZ[6:5]"), std::string::npos) << sgf;
    // b1 on 6x5 is column b, fifth row from the top.
    EXPECT_NE(sgf.find("AW[ad][fd][be][ee]"), std::string::npos) << sgf;
    const GameRecord back = readSgf(sgf);
    EXPECT_EQ(back.start, r.start);
    EXPECT_EQ(back.moves, r.moves);
    EXPECT_EQ(back.movers, r.movers);
    // Square boards keep SZ[N].
    EXPECT_NE(writeSgf(playedRecord(BoardShape(6), 2)).find("SZ[6]"), std::string::npos);
}

TEST(RectSgf, ReadsAMoveInRectangleCoordinates) {
    // B1-B4xB3 on 6x5: b1 = "be", b4 = "bb", b3 = "bc".
    const GameRecord r = readSgf("(;GM[18]SZ[6:5];W[bebbbc])");
    EXPECT_EQ(r.start, Position::start(k6x5));
    ASSERT_EQ(r.moves.size(), 1u);
    EXPECT_EQ(formatMove(r.moves[0], k6x5), "b1-b4/b3");
    EXPECT_EQ(readSgf("(;GM[18]SZ[5:6])").start, Position::start(k5x6));
    EXPECT_EQ(readSgf("(;GM[18]SZ[ 6 : 6 ])").start, Position::start(6));
}

TEST(RectSgf, RefusesBadSizesAndOffBoardPoints) {
    for (const char* bad : {"(;GM[18]SZ[6:3])", "(;GM[18]SZ[12:5])", "(;GM[18]SZ[6:])",
                            "(;GM[18]SZ[:5])", "(;GM[18]SZ[6:5:4])", "(;GM[18]SZ[x:5])"})
        EXPECT_THROW(readSgf(bad), RecordError) << bad;
    // Row 'f' (the sixth from the top) does not exist on 6x5; column 'g' does not either.
    EXPECT_THROW(readSgf("(;GM[18]SZ[6:5];W[bfbbbc])"), RecordError);
    EXPECT_THROW(readSgf("(;GM[18]SZ[6:5];W[gebbbc])"), RecordError);
    EXPECT_THROW(readSgf("(;GM[18]SZ[6:5]AW[af]AB[aa])"), RecordError);
    EXPECT_THROW(parseSgfPoint("af", k6x5), RecordError);
    EXPECT_EQ(parseSgfPoint("fa", k6x5), parseSquare("f5", k6x5));
}

TEST(RectTextRecord, RoundTripKeepsTheShape) {
    const GameRecord r = playedRecord(k5x6, 5);
    const std::string text = writeTextRecord(r);
    EXPECT_NE(text.find("Board: 5x6\n"), std::string::npos) << text;
    EXPECT_EQ(text.find("Start:"), std::string::npos) << "the standard 5x6 start is implied";
    const GameRecord back = readTextRecord(text);
    EXPECT_EQ(back.start, r.start);
    EXPECT_EQ(back.moves, r.moves);
    EXPECT_THROW(readTextRecord("Board: 5x3\n\n"), RecordError);
    EXPECT_THROW(readTextRecord("Board: 5x6\nStart: 1B2B1/B4B/6/W4W/1W2W1 w\n\n"), RecordError);
}

}  // namespace
}  // namespace hippolyta
