#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/common/openings.h"
#include "adapters/match/results_table.h"
#include "engine/core/notation.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

GameRow sampleRow(int game) {
    GameRow r;
    r.game = game;
    r.white = "A";
    r.black = "B\twith tab";
    r.winner = game % 2 ? Color::White : Color::Black;
    r.reason = game % 3 ? EndReason::NoMoves : EndReason::Hang;
    r.plies = 40 + game;
    r.territory = r.reason == EndReason::NoMoves ? game * 2 : 0;
    r.whiteSeconds = 1.25;
    r.blackSeconds = 2;
    r.opening = "d1-d7/g7";
    r.finished = "2024-05-01T10:00:00";
    r.detail = "line\nbreak";
    return r;
}

TEST(ResultsTable, RowsSurviveWriteAndResume) {
    TestDir scratch;
    const fs::path path = scratch / "resume.tsv";
    {
        ResultsTable t(path.string(), "key 1");
        t.append(sampleRow(1));
        t.append(sampleRow(3));
    }
    ResultsTable again(path.string(), "key 1");
    ASSERT_EQ(again.rows().size(), 2u);
    EXPECT_TRUE(again.has(1));
    EXPECT_FALSE(again.has(2));
    EXPECT_TRUE(again.has(3));
    GameRow expected = sampleRow(3);
    expected.black = "B with tab";  // tabs and line breaks become spaces
    expected.detail = "line break";
    EXPECT_EQ(again.rows()[1], expected);
    EXPECT_FALSE(again.repairedTornLine());
}

TEST(ResultsTable, ATornLastLineIsCutAndTheRestKept) {
    TestDir scratch;
    const fs::path path = scratch / "torn.tsv";
    {
        ResultsTable t(path.string(), "key");
        t.append(sampleRow(1));
    }
    const std::string whole = fileBytes(path);
    std::ofstream(path, std::ios::app) << "2\tA\tB\tW+\tno mo";  // a kill in mid-write
    {
        ResultsTable t(path.string(), "key");
        EXPECT_TRUE(t.repairedTornLine());
        EXPECT_EQ(t.rows().size(), 1u);
        EXPECT_EQ(fileBytes(path), whole);
        t.append(sampleRow(2));
    }
    EXPECT_EQ(ResultsTable(path.string(), "key").rows().size(), 2u);
}

TEST(ResultsTable, ResultsCarryTheTerritoryAndOldTablesStillRead) {
    const std::string head = "# hippolyta-match results 1\n# match: k\n";
    const std::string rest = "\t40\t1\t2\t-\tt\td\n";
    const ParsedTable t = parseResultsTable(
        head + "1\tA\tB\tW+23\tno moves" + rest + "2\tB\tA\tB+T\ttime" + rest +
            "3\tA\tB\tW+F\tcrash" + rest + "4\tB\tA\tB+\tno moves" + rest,  // an old row
        "t");
    ASSERT_EQ(t.rows.size(), 4u);
    EXPECT_EQ(t.rows[0].territory, 23);
    EXPECT_EQ(t.rows[0].result(), "W+23");
    EXPECT_EQ(t.rows[1].winner, Color::Black);
    EXPECT_EQ(t.rows[1].result(), "B+T");
    EXPECT_EQ(t.rows[2].result(), "W+F");
    EXPECT_EQ(t.rows[3].winner, Color::Black);
    EXPECT_EQ(t.rows[3].territory, 0) << "old tables had no territory";
    EXPECT_EQ(formatRow(t.rows[0]).substr(0, 11), "1\tA\tB\tW+23\t");
    for (const char* bad :
         {"W+x\tno moves", "W+T\tno moves", "W+12\ttime", "X+\tno moves", "W+-3\tno moves"})
        EXPECT_THROW(parseResultsTable(head + "5\tA\tB\t" + bad + rest, "t"), std::invalid_argument)
            << bad;
}

TEST(ResultsTable, AnotherMatchOrAMalformedTableIsRefused) {
    TestDir scratch;
    const fs::path path = scratch / "other.tsv";
    { ResultsTable(path.string(), "engine1=A").append(sampleRow(1)); }
    try {
        ResultsTable t(path.string(), "engine1=C");
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("another match"), std::string::npos);
    }
    std::ofstream(path, std::ios::app) << "2\tA\tB\tW+\tbad reason\t1\t0\t0\t-\tx\ty\n";
    try {
        ResultsTable t(path.string(), "engine1=A");
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("line 5"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("unknown reason"), std::string::npos);
    }
    EXPECT_THROW(parseResultsTable("not a table\n", "x"), std::invalid_argument);
    EXPECT_THROW(parseResultsTable("# hippolyta-match results 1\n1\t2\n", "x"),
                 std::invalid_argument);
}

TEST(Openings, ReadsMoveListsAndPositions) {
    const std::vector<Opening> o = parseOpenings(
        "# comment\n\nd1-d7/g7 d10-d8/d9\nD1-D7-G7, D10-D8-D10\n"
        "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b  # a position\n",
        10);
    ASSERT_EQ(o.size(), 3u);
    EXPECT_EQ(o[0].moves.size(), 2u);
    EXPECT_EQ(o[0].text, "d1-d7/g7 d10-d8/d9");
    EXPECT_EQ(o[1].text, "d1-d7/g7 d10-d8/d10");
    EXPECT_TRUE(o[2].fromPosition);
    EXPECT_EQ(o[2].start.sideToMove(), Color::Black);
    EXPECT_EQ(o[2].text, "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 b");
}

TEST(Openings, BadLinesNameTheirNumber) {
    auto message = [](const std::string& text, int n) {
        try {
            parseOpenings(text, n);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(message("d1-d7/g7\nd1-d7/g7 d1-d7/g7\n", 10).find("line 2"), std::string::npos);
    EXPECT_NE(message("\nzz\n", 10).find("line 2"), std::string::npos);
    EXPECT_NE(message("3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w\n", 8).find("the match is 8x8"),
              std::string::npos);
    EXPECT_NE(message("# nothing\n", 10).find("no opening"), std::string::npos);
}

TEST(Openings, RandomOpeningsAreReproducibleAndLegal) {
    for (uint64_t i = 0; i < 20; ++i) {
        const Opening a = randomOpening(10, 4, 7, i), b = randomOpening(10, 4, 7, i);
        EXPECT_EQ(a.moves, b.moves);
        ASSERT_EQ(a.moves.size(), 4u);
        Position p = a.start;
        for (Move m : a.moves) {
            ASSERT_TRUE(p.isLegal(m));
            p.makeMove(m);
        }
        // The text form reads back to the same opening.
        EXPECT_EQ(parseOpenings(a.text, 10).front().moves, a.moves);
    }
    EXPECT_NE(randomOpening(10, 4, 7, 0).moves, randomOpening(10, 4, 7, 1).moves);
    EXPECT_NE(randomOpening(10, 4, 7, 0).moves, randomOpening(10, 4, 8, 0).moves);
    EXPECT_TRUE(randomOpening(10, 0, 7, 0).moves.empty());
}

}  // namespace
}  // namespace hippolyta
