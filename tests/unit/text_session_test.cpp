// The text-mode front driven through runTextFront with string streams.
#include <gtest/gtest.h>

#include <sstream>
#include <vector>

#include "adapters/text/text_front.h"
#include "adapters/text/text_output.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

struct TextRun {
    std::string out;
    std::string err;
    int code = -1;
};

TextRun runText(const std::string& input, uint64_t seed = 1) {
    std::istringstream in(input);
    std::ostringstream out, err;
    EngineConfig config;
    config.seed = seed;
    TextOptions options;
    options.sideGameSeconds = 5;
    options.moveVisits = 200;
    TextRun run;
    run.code = runTextFront(in, out, err, config, options);
    run.out = out.str();
    run.err = err.str();
    return run;
}

// Output lines as the harness sees them: everything up to the last '>' removed.
std::vector<std::string> harnessLines(const std::string& out) {
    std::vector<std::string> lines;
    std::istringstream s(out);
    for (std::string line; std::getline(s, line);) {
        const size_t gt = line.rfind('>');
        lines.push_back(gt == std::string::npos ? line : line.substr(gt + 1));
    }
    return lines;
}

std::vector<std::string> starLines(const std::string& out) {
    std::vector<std::string> stars;
    for (const std::string& line : harnessLines(out))
        if (line.find('*') != std::string::npos) stars.push_back(line);
    return stars;
}

bool isMoveLine(const std::string& line) {
    return line.rfind("* ", 0) == 0 && line.find("wins") == std::string::npos;
}

// A 4x4 board, White to move: a4-b4(d2) walls in the black amazon on d1.
constexpr const char* kWhiteWinsInOne = "position W3/4/2x1/2xB w\n";
// White on d1 is already walled in; any black move ends the game.
constexpr const char* kBlackWinsAnyMove = "position B3/4/2xx/2xW b\n";

TEST(TextSession, QuitAndEndOfInputExitWithZero) {
    EXPECT_EQ(runText("quit\n").code, 0);
    EXPECT_EQ(runText("").code, 0);
    EXPECT_EQ(runText("dump").code, 0);  // last line without a newline
}

TEST(TextSession, DumpPrintsTheStartPosition) {
    const TextRun run = runText("dump\n");
    EXPECT_NE(run.out.find(formatDump(Position::start())), std::string::npos);
    EXPECT_TRUE(run.err.empty());
}

TEST(TextSession, WhiteIsManualAndBlackAnswersAtOnce) {
    const TextRun run = runText("d1-d7(g7)\n");
    const auto stars = starLines(run.out);
    ASSERT_EQ(stars.size(), 1u) << run.out;
    ASSERT_TRUE(isMoveLine(stars[0])) << stars[0];
    Game game;
    ASSERT_TRUE(game.play(parseMove("d1-d7(g7)", 10)));
    EXPECT_TRUE(game.play(parseMove(stars[0].substr(2), 10))) << "illegal AI move " << stars[0];
    // The AI move line is exactly "* " and the move in parentheses form.
    EXPECT_EQ(stars[0], aiMoveLine(game.moves().back(), 10));
}

TEST(TextSession, BadCommandsAndIllegalMovesGoToStderrAndPlayContinues) {
    const TextRun run = runText(
        "hello there\n"
        "d1-d8(g7)\n"   // not a queen move
        "k1-k2(k3)\n"   // off the board
        "d10-c9(h4)\n"  // a black move while White is to move
        "d1-d7(g7)\n");
    EXPECT_EQ(run.err,
              "Error: Bad command: hello there\n"
              "Invalid move. Please try again.\n"
              "Invalid move. Please try again.\n"
              "Invalid move. Please try again.\n");
    EXPECT_EQ(starLines(run.out).size(), 1u) << "the legal move must still be answered";
}

TEST(TextSession, OnlyMoveAndWinLinesContainAStarAndOnlyDumpsStartWithEquals) {
    const TextRun run =
        runText("help\ndump\nbad\nd1-d7(g7)\nundo\nlimit 0.5\nseed 3\ndump\nquit\n");
    int dumpMarkers = 0;
    for (const std::string& line : harnessLines(run.out)) {
        if (line.find('*') != std::string::npos) {
            EXPECT_TRUE(isMoveLine(line)) << line;
        }
        if (line.rfind("===", 0) == 0) {
            EXPECT_EQ(line, "===");
            ++dumpMarkers;
        }
    }
    EXPECT_EQ(dumpMarkers, 4);
}

TEST(TextSession, PromptsEndTheirLineWhenInputIsNotATerminal) {
    const TextRun run = runText("dump\n");
    EXPECT_EQ(run.out.rfind("white> \n===\n", 0), 0u) << run.out;
}

TEST(TextSession, ReceiverOfTheWinningMovePrintsTheWinLine) {
    const TextRun run = runText(std::string("manual black\n") + kWhiteWinsInOne + "a4-b4(d2)\n");
    EXPECT_EQ(starLines(run.out), std::vector<std::string>{"* White wins."});
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(TextSession, AiPrintsItsWinningMoveThenTheWinLineOnce) {
    const TextRun run = runText(std::string(kBlackWinsAnyMove) + "dump\nd1-d2(d3)\ndump\n");
    const auto stars = starLines(run.out);
    ASSERT_EQ(stars.size(), 2u) << run.out;
    EXPECT_TRUE(isMoveLine(stars[0]));
    EXPECT_EQ(stars[1], "* Black wins.");
    EXPECT_EQ(run.err, "Invalid move. Please try again.\n") << "no moves after the end";
}

TEST(TextSession, AutomaticGamePlaysToTheEnd) {
    const TextRun run = runText("limit 0.02\nlimit visits 30\nauto white\n");
    const auto stars = starLines(run.out);
    ASSERT_GE(stars.size(), 20u);
    const std::string last = stars.back();
    EXPECT_TRUE(last == "* White wins." || last == "* Black wins.") << last;
    Game game;
    for (size_t i = 0; i + 1 < stars.size(); ++i)
        ASSERT_TRUE(game.play(parseMove(stars[i].substr(2), 10))) << stars[i];
    ASSERT_TRUE(game.winner().has_value());
    EXPECT_EQ(winLine(*game.winner()), last);
}

TEST(TextSession, SameSeedSameGame) {
    // A time limit far above what 100 visits take, so that the visit cap alone decides.
    const std::string input = "seed 42\nlimit 5\nlimit visits 100\nauto white\n";
    const TextRun a = runText(input), b = runText(input);
    EXPECT_EQ(starLines(a.out), starLines(b.out));
}

TEST(TextSession, UndoReturnsToTheManualPlayersTurn) {
    const TextRun run = runText("d1-d7(g7)\nundo\ndump\n");
    EXPECT_NE(run.out.find(formatDump(Position::start())), std::string::npos) << run.out;
}

TEST(TextSession, NewClearsTheBoardAndKeepsThePlayers) {
    const TextRun run = runText("d1-d7(g7)\nnew\ndump\nd1-d7(g7)\n");
    EXPECT_NE(run.out.find(formatDump(Position::start())), std::string::npos);
    EXPECT_EQ(starLines(run.out).size(), 2u) << "Black is still the AI after new";
}

// A rectangle set up by a position string: moves are read and written on it, squares off it are
// refused, `new` restarts on it, and a whole automatic game finishes there.
TEST(TextSession, RectangleFromAPositionString) {
    const BoardShape shape(6, 5);
    const std::string start = formatPosition(Position::start(shape));
    const TextRun run = runText("position " + start +
                                "\ndump\nb1-b6(b5)\nb1-b4(b3)\nnew\ndump\nlimit visits 30\n"
                                "auto white\n");
    EXPECT_EQ(run.err, "Invalid move. Please try again.\n") << "b6 is off the 6x5 board";
    const std::string dump = formatDump(Position::start(shape));
    EXPECT_NE(dump.find("   - B - - B -\n"), std::string::npos) << dump;
    const size_t first = run.out.find(dump);
    ASSERT_NE(first, std::string::npos) << run.out;
    EXPECT_NE(run.out.find(dump, first + 1), std::string::npos) << "new keeps the 6x5 board";
    const auto stars = starLines(run.out);
    ASSERT_GE(stars.size(), 3u) << run.out;
    Game game(Position::start(shape));
    ASSERT_TRUE(game.play(parseMove("b1-b4(b3)", shape)));
    ASSERT_TRUE(game.play(parseMove(stars[0].substr(2), shape))) << stars[0];
    Game automatic(Position::start(shape));
    for (size_t i = 1; i + 1 < stars.size(); ++i)
        ASSERT_TRUE(automatic.play(parseMove(stars[i].substr(2), shape))) << stars[i];
    ASSERT_TRUE(automatic.winner().has_value());
    EXPECT_EQ(winLine(*automatic.winner()), stars.back());
}

TEST(TextSession, ManualBlackWaitsForItsMove) {
    const TextRun run = runText("manual black\nd1-d7(g7)\nd10-c9(h4)\ndump\n");
    EXPECT_TRUE(starLines(run.out).empty());
    EXPECT_TRUE(run.err.empty()) << run.err;
    Game game;
    game.play(parseMove("d1-d7(g7)", 10));
    game.play(parseMove("d10-c9(h4)", 10));
    EXPECT_NE(run.out.find(formatDump(game.position())), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
