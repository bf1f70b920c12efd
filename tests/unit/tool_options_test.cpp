// The tools' shared command line, through the real executables: --param's range errors and
// `--param help`, `hippolyta perft`'s limits, the arena's renamed options, --help's value
// names, the soak's engine run by the shell, hippolyta-board reading a text record, and a start
// without a book for the board size staying quiet at the default log level.
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>

#include "adapters/render/board_files.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/records/text_record.h"
#include "tests/unit/cli_run.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

int exitCode(const CliRun& run) {
    return WIFEXITED(run.status) ? WEXITSTATUS(run.status) : -1;
}

TEST(ToolOptions, ParamOutOfRangeIsABadCommandLine) {
    for (const char* bad : {"first_chunk=-1", "first_chunk=1e30", "first_chunk=2.5"}) {
        const CliRun run = runCliTool(std::string("hippolyta --param ") + bad, "quit\\n");
        EXPECT_EQ(exitCode(run), 2) << bad;
        EXPECT_NE(run.out.find("bad --param '" + std::string(bad) +
                               "': first_chunk must be a "
                               "whole number"),
                  std::string::npos)
            << run.out;
        EXPECT_EQ(run.out.find("= "), std::string::npos) << "no session may start: " << run.out;
    }
    const CliRun selfplay = runCliTool("hippolyta-selfplay --out x.data --param first_chunk=-1");
    EXPECT_EQ(exitCode(selfplay), 2) << selfplay.out;
    EXPECT_NE(selfplay.out.find("first_chunk must be"), std::string::npos) << selfplay.out;
    const CliRun ok = runCliTool("hippolyta --param first_chunk=12", "quit\\n");
    EXPECT_EQ(exitCode(ok), 0) << ok.out;
}

TEST(ToolOptions, ParamHelpListsTheConstants) {
    for (const char* tool : {"hippolyta", "hippolyta-selfplay", "hippolyta-arena --a-param"}) {
        const std::string program = tool;
        const std::string command =
            program.find(' ') == std::string::npos ? program + " --param help" : program + " help";
        const CliRun run = runCliTool(command);
        EXPECT_EQ(exitCode(run), 0) << command << ": " << run.out;
        EXPECT_TRUE(
            std::regex_search(run.out, std::regex("  first_chunk +whole 1\\.\\.1000000  8\n")))
            << command << ": " << run.out;
        EXPECT_NE(run.out.find("  exploration "), std::string::npos) << command;
    }
}

TEST(ToolOptions, PerftNeedsADepthWithinAmzPerftsLimits) {
    for (const char* bad :
         {"perft", "perft 7", "perft x", "perft 1 12", "perft 1 nonsense", "perft 1 6 extra",
          "perft 1 6x3", "perft 1 12x5", "perft 1 x", "perft 1 6x"}) {
        const CliRun run = runCliTool(std::string("hippolyta ") + bad);
        EXPECT_EQ(exitCode(run), 2) << bad << ": " << run.out;
        EXPECT_NE(run.out.find("perft"), std::string::npos) << bad << ": " << run.out;
        EXPECT_EQ(run.out.find("leaves:"), std::string::npos) << bad;
    }
    const CliRun ok = runCliTool("hippolyta perft 1 4");
    EXPECT_EQ(exitCode(ok), 0) << ok.out;
    EXPECT_NE(ok.out.find("depth: 1\nleaves: "), std::string::npos) << ok.out;
    // A rectangle by its W x H name: Mueller's 6x5 start (6 columns, 5 rows).
    const CliRun rect = runCliTool("hippolyta perft 1 6x5");
    EXPECT_EQ(exitCode(rect), 0) << rect.out;
    EXPECT_NE(rect.out.find("position: 1B2B1/B4B/6/W4W/1W2W1 w\ndepth: 1\nleaves: 410\n"),
              std::string::npos)
        << rect.out;
}

TEST(ToolOptions, HelpNamesWhatEachOptionExpects) {
    for (const char* tool :
         {"hippolyta", "hippolyta-match", "hippolyta-arena", "hippolyta-soak", "hippolyta-board",
          "hippolyta-tournament", "hippolyta-selfplay", "hippolyta-botzone-judge",
          "hippolyta-book build", "hippolyta-book show", "hippolyta-train eval",
          "hippolyta-train spsa", "hippolyta-train write"}) {
        const CliRun run = runCliTool(std::string(tool) + " --help");
        EXPECT_EQ(exitCode(run), 0) << tool;
        EXPECT_EQ(run.out.find(" arg"), std::string::npos) << tool << ":\n" << run.out;
    }
    const std::string match = runCliTool("hippolyta-match --help").out;
    EXPECT_NE(match.find("--games N"), std::string::npos) << match;
    EXPECT_NE(match.find("--tc SPEC"), std::string::npos) << match;
}

TEST(ToolOptions, ArenaTakesTheOtherToolsNamesAndTheOldOnesWithANote) {
    const std::string common = "hippolyta-arena --a greedy --b greedy --games 2 --size 5 ";
    const CliRun now =
        runCliTool(common + "--move-time 0 --random-plies 1 --a-param exploration=0.3");
    EXPECT_EQ(exitCode(now), 0) << now.out;
    EXPECT_NE(now.out.find("result: A "), std::string::npos) << now.out;
    EXPECT_EQ(now.out.find("deprecated"), std::string::npos) << now.out;
    const CliRun old = runCliTool(common + "--time 0 --opening-plies 1 --a-set exploration=0.3");
    EXPECT_EQ(exitCode(old), 0) << old.out;
    EXPECT_NE(old.out.find("--time is deprecated; use --move-time"), std::string::npos);
    EXPECT_NE(old.out.find("--opening-plies is deprecated; use --random-plies"), std::string::npos);
    EXPECT_NE(old.out.find("--a-set is deprecated; use --a-param"), std::string::npos);
    // The same seeded games either way.
    const auto games = [](const std::string& out) { return out.substr(out.find("game 1:")); };
    EXPECT_EQ(games(now.out).substr(0, 20), games(old.out).substr(0, 20));
    const CliRun bad = runCliTool(common + "--a-param first_chunk=0");
    EXPECT_EQ(exitCode(bad), 2) << bad.out;
}

TEST(ToolOptions, SoakRunsItsEngineThroughTheShellAsTheMatchDoes) {
    const TestDir dir;
    const std::string engine = std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta";
    // A command line no exec could run: a cd first and a variable.
    const CliRun run =
        runCliTool("hippolyta-soak --games 1 --size 5 --seed 3 --engine 'cd " +
                   (dir / ".").string() + " && HIPPOLYTA_X=1 " + engine + " --move-time 0.005'");
    EXPECT_EQ(exitCode(run), 0) << run.out;
    EXPECT_NE(run.out.find("games: 1"), std::string::npos) << run.out;
}

TEST(ToolOptions, BoardReadsTheMatchsTextRecords) {
    const TestDir dir;
    GameRecord record;
    record.start = Position::start(6);
    Game game(record.start);
    for (const char* text : {"b1-b4/b5", "e6-e3/c5"}) {
        const Move m = parseMove(text, 6);
        record.addMove(m, game.position().sideToMove());
        game.play(m);
    }
    record.whiteName = "a";
    record.blackName = "b";
    const std::string path = (dir / "game.txt").string();
    writeFileAtomically(path, writeTextRecord(record));
    const BoardPicture picture = loadPicture(path, 1, false);
    EXPECT_EQ(picture.lastMove, parseMove("b1-b4/b5", 6));
    EXPECT_EQ(picture.position.width(), 6);
    const CliRun run = runCliTool("hippolyta-board --move 2 " + path);
    EXPECT_EQ(exitCode(run), 0) << run.out;
    EXPECT_NE(run.out.find("<svg"), std::string::npos) << run.out.substr(0, 300);
    writeFileAtomically(path, "White: a\nBoard: 6\n\nb1-b4(b5)\nz9-z9(z9)\n");
    const CliRun bad = runCliTool("hippolyta-board " + path);
    EXPECT_EQ(exitCode(bad), 1);
    EXPECT_NE(bad.out.find("is not a readable text game record"), std::string::npos) << bad.out;
}

TEST(ToolOptions, NoBookForABoardSizeIsNotAWarning) {
    // No 6x6 book is shipped: the engine says so only at --log-level info.
    const std::string engine = "hippolyta --visits 50 --log-level ";
    const std::string input = "boardsize 6\\ngenmove w\\nquit\\n";
    const CliRun quiet = runCliTool(engine + "warn", input);
    EXPECT_EQ(exitCode(quiet), 0) << quiet.out;
    EXPECT_EQ(quiet.out.find("no book"), std::string::npos) << quiet.out;
    const CliRun told = runCliTool(engine + "info", input);
    EXPECT_NE(told.out.find("no book for 6x6"), std::string::npos) << told.out;
}

}  // namespace
}  // namespace hippolyta
