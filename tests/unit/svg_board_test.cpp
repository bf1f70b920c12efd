#include <gtest/gtest.h>

#include <regex>

#include "adapters/render/board_files.h"
#include "adapters/render/svg_board.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/eval/territory.h"
#include "report_games.h"

namespace hippolyta {
namespace {

// The classes of every square group, by square name.
std::map<std::string, std::string> squareClassesIn(const std::string& svg) {
    std::map<std::string, std::string> out;
    const std::regex group("class=\"sq ?([^\"]*)\" data-sq=\"([a-k][0-9]+)\"");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), group);
         it != std::sregex_iterator(); ++it)
        out[(*it)[2]] = (*it)[1];
    return out;
}

// White (b1) is walled in and to move, so Black won. Black's final territory is every vacant
// square 8-connected to e5: 12 squares. a5 and b5 are vacant but cut off by arrows.
constexpr const char* kFinished = "2x1B/xxx2/5/xxx2/xWx2 w";

TEST(SvgBoard, FinalTerritoryIsTheWinnersConnectedVacantRegions) {
    const Position pos = parsePosition(kFinished);
    ASSERT_TRUE(pos.isGameOver());
    const TerritoryMap map = finalTerritory(pos, Color::Black);
    EXPECT_EQ(shadedCount(map, SquareShade::Black), 12);
    EXPECT_EQ(shadedCount(map, SquareShade::White), 0);
    EXPECT_EQ(map[parseSquare("a5", 5)], SquareShade::None);
    EXPECT_EQ(map[parseSquare("b5", 5)], SquareShade::None);
    EXPECT_EQ(map[parseSquare("a3", 5)], SquareShade::Black);  // reached around the corner
    EXPECT_EQ(map[parseSquare("e1", 5)], SquareShade::Black);
    EXPECT_EQ(map[parseSquare("c5", 5)], SquareShade::None);  // an arrow
    EXPECT_EQ(territoryOf(pos), map);  // the game is over: the final territory
}

TEST(SvgBoard, FinishedPositionPictureHasPiecesArrowsAndShades) {
    BoardPicture picture;
    picture.position = parsePosition(kFinished);
    picture.territory = territoryOf(picture.position);
    const std::string svg = renderBoardSvg(picture);
    EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
    EXPECT_EQ(occurrences(svg, "class=\"pw\""), 1);
    EXPECT_EQ(occurrences(svg, "class=\"pb\""), 1);
    EXPECT_EQ(occurrences(svg, "class=\"px\""), 9);
    EXPECT_EQ(occurrences(svg, "class=\"shade\""), 12);
    const auto classes = squareClassesIn(svg);
    ASSERT_EQ(classes.size(), 25u);
    EXPECT_EQ(classes.at("e5"), "b");
    EXPECT_EQ(classes.at("b1"), "w");
    EXPECT_EQ(classes.at("d4"), "tb");
    EXPECT_EQ(classes.at("a5"), "");
    EXPECT_EQ(occurrences(svg, "class=\"lastmove\""), 0) << "no last move to draw";
    EXPECT_EQ(svg.find("<image"), std::string::npos);
    EXPECT_EQ(svg.find("@import"), std::string::npos);
}

TEST(SvgBoard, QueenTerritoryMapMatchesTheEvaluationsCount) {
    const Position pos = Position::start(8);
    const TerritoryCount count = countQueenTerritory(pos, Color::White);
    const TerritoryMap map = queenTerritoryMap(pos);
    EXPECT_EQ(shadedCount(map, SquareShade::White), count.own);
    EXPECT_EQ(shadedCount(map, SquareShade::Black), count.opponent);
    EXPECT_EQ(shadedCount(map, SquareShade::Tied), count.tied);
    EXPECT_EQ(territoryOf(pos), map);  // not over: the queen-distance territory
}

TEST(SvgBoard, RecordAtAMoveShowsThatPositionAndMarksItsLastMove) {
    const GameRecord record = playedGame(6, 11);
    ASSERT_GT(record.moves.size(), 7u);
    const BoardPicture picture = pictureOfRecord(record, 7, false);
    ASSERT_TRUE(picture.lastMove);
    EXPECT_EQ(*picture.lastMove, record.moves[6]);
    const std::string svg = renderBoardSvg(picture);
    EXPECT_EQ(occurrences(svg, "class=\"pw\""), 4);
    EXPECT_EQ(occurrences(svg, "class=\"pb\""), 4);
    EXPECT_EQ(occurrences(svg, "class=\"px\""), 7);  // one arrow a ply
    const auto classes = squareClassesIn(svg);
    const Move m = record.moves[6];
    EXPECT_EQ(classes.at(squareName(m.from, 6)), "from");
    EXPECT_NE(classes.at(squareName(m.to, 6)).find("to"), std::string::npos);
    EXPECT_EQ(classes.at(squareName(m.arrow, 6)), "x shot");
    EXPECT_EQ(occurrences(svg, "class=\"ring\""), 1);
    EXPECT_EQ(occurrences(svg, "class=\"lastmove\""), 1);

    const BoardPicture start = pictureOfRecord(record, 0, false);
    EXPECT_FALSE(start.lastMove);
    EXPECT_EQ(start.position, record.start);
    EXPECT_THROW(pictureOfRecord(record, static_cast<int>(record.moves.size()) + 1, false),
                 std::invalid_argument);
}

TEST(SvgBoard, EndOfAFinishedRecordShadesTheWinnersFinalTerritory) {
    const GameRecord record = playedGame(6, 5);
    const BoardPicture end = pictureOfRecord(record, std::nullopt, true);
    const Color winner = *resultWinner(record.result);
    const SquareShade own = winner == Color::White ? SquareShade::White : SquareShade::Black;
    EXPECT_EQ(end.territory, finalTerritory(end.position, winner));
    EXPECT_EQ(occurrences(renderBoardSvg(end), "class=\"shade\""), shadedCount(end.territory, own));
}

TEST(SvgBoard, InteractivePictureHoldsEveryLayerOnEverySquare) {
    BoardPicture picture;
    picture.position = Position::emptyBoard(7);
    SvgOptions options;
    options.interactive = true;
    options.idPrefix = "board-7";
    const std::string svg = renderBoardSvg(picture, options);
    for (const char* layer : {"class=\"pw\"", "class=\"pb\"", "class=\"px\"", "class=\"shade\"",
                              "class=\"mark\"", "class=\"hl\"", "class=\"ring\""})
        EXPECT_EQ(occurrences(svg, layer), 49) << layer;
    EXPECT_NE(svg.find("id=\"board-7-sq-g7\""), std::string::npos);
    EXPECT_NE(svg.find("id=\"board-7-lastmove\""), std::string::npos);
    // Every style rule is scoped to the picture, so two pictures on a page do not mix.
    EXPECT_EQ(occurrences(svg, ",.") + occurrences(svg, "}."), 0);
}

TEST(SvgBoard, SizesAndCoordinates) {
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        BoardPicture picture;
        picture.position = Position::start(n);
        const std::string svg = renderBoardSvg(picture);
        EXPECT_EQ(squareClassesIn(svg).size(), static_cast<std::size_t>(n * n));
        EXPECT_EQ(occurrences(svg, "class=\"coord\""), 2 * n);
    }
    BoardPicture picture;
    SvgOptions options;
    options.coordinates = false;
    options.pixels = 200;
    const std::string svg = renderBoardSvg(picture, options);
    EXPECT_EQ(occurrences(svg, "class=\"coord\""), 0);
    EXPECT_NE(svg.find("width=\"200\""), std::string::npos);
    options.pixels = 3;
    EXPECT_THROW(renderBoardSvg(picture, options), std::invalid_argument);
}

TEST(SvgBoard, LoadPictureSaysWhatIsWrongWithItsInput) {
    try {
        loadPicture("no such thing", std::nullopt, false);
        FAIL() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("neither a file nor a position string"),
                  std::string::npos);
    }
    EXPECT_THROW(loadPicture(kFinished, 3, false), std::invalid_argument);
    EXPECT_EQ(loadPicture(kFinished, std::nullopt, true).territory.size(), 25u);
    const ReportScratchDir dir("load");
    const std::string bad = (dir.path() / "bad.sgf").string();
    writeFileAtomically(bad, "(;FF[4]GM[18]SZ[6];W[zzzzzz])");
    EXPECT_THROW(loadPicture(bad, std::nullopt, false), std::invalid_argument);
}

}  // namespace
}  // namespace hippolyta
