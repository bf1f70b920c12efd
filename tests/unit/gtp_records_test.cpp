// loadsgf, printsgf and the engine-side game log (--game-log) through a GTP session.
#include <filesystem>
#include <fstream>

#include "engine/core/records/sgf.h"
#include "gtp_fixture.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const std::string kQuarryGame =
    std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/quarry/selfplay-10x10.sgf";

using GtpRecords = GtpSessionTest;

TEST_F(GtpRecords, LoadsAQuarryGameWhole) {
    ok("loadsgf " + kQuarryGame);
    EXPECT_EQ(ok("amz-legal_moves count"), "0");  // White is out of moves: Black won
    EXPECT_EQ(ok("final_score"), "B+13");
}

TEST_F(GtpRecords, AFinishedGameIsWrittenWithTheTerritoryAndLoadsBack) {
    ok("loadsgf " + kQuarryGame);  // Quarry wrote RE[B+]
    const std::string sgf = ok("printsgf");
    EXPECT_NE(sgf.find("RE[B+13]"), std::string::npos) << sgf;
    TestDir scratch;
    const fs::path file = scratch / "game.sgf";
    ok("printsgf " + file.string());
    ok("clear_board");
    ok("loadsgf " + file.string());
    EXPECT_EQ(ok("final_score"), "B+13");
    EXPECT_EQ(readSgf(ok("printsgf")).result, "B+13");
}

TEST_F(GtpRecords, LoadsThePositionBeforeAMoveNumber) {
    ok("loadsgf " + kQuarryGame + " 1");
    EXPECT_EQ(position(), "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w");
    ok("loadsgf " + kQuarryGame + " 3");
    ok("undo");
    ok("undo");
    EXPECT_EQ(fail("undo"), "cannot undo");
}

TEST_F(GtpRecords, BadFilesKeepTheGame) {
    ok("play white d1-d7/g7");
    const std::string before = position();
    EXPECT_TRUE(fail("loadsgf /nonexistent/file.sgf").starts_with("cannot load file"));
    TestDir scratch;
    const fs::path bad = scratch / "truncated.sgf";
    std::ofstream(bad) << "(;GM[18]FF[4]SZ[10];W[djdd";
    EXPECT_TRUE(fail("loadsgf " + bad.string()).starts_with("cannot load file"));
    std::ofstream(bad, std::ios::trunc) << "(;GM[18]FF[4]SZ[10];W[aaabac])";  // illegal move
    EXPECT_TRUE(fail("loadsgf " + bad.string()).starts_with("cannot load file"));
    EXPECT_TRUE(fail("loadsgf " + kQuarryGame + " 0").find("at least 1") != std::string::npos);
    EXPECT_EQ(position(), before);
}

TEST_F(GtpRecords, PrintedSgfLoadsBackToTheSameGame) {
    ok("boardsize 8");
    ok("play white c1-c5/f5");
    ok("play black c8-c6/e4");
    const std::string sgf = ok("printsgf");
    EXPECT_NE(sgf.find("GM[18]"), std::string::npos);
    EXPECT_EQ(sgf.find("\n\n"), std::string::npos);
    TestDir scratch;
    const fs::path file = scratch / "game.sgf";
    ok("printsgf " + file.string());
    const std::string expected = position();
    ok("clear_board");
    ok("loadsgf " + file.string());
    EXPECT_EQ(position(), expected);
    for (const auto& entry : fs::directory_iterator(file.parent_path()))  // no temporary left
        EXPECT_EQ(entry.path().filename(), "game.sgf");
    const fs::path nowhere = file.parent_path() / "no-such-folder" / "game.sgf";
    EXPECT_TRUE(
        fail("printsgf " + nowhere.string()).starts_with("cannot write " + nowhere.string()));
}

TEST(GtpGameLog, EveryMoveIsOnDiskAsItIsPlayed) {
    TestDir scratch;
    const fs::path dir = scratch.path();
    GtpOptions options;
    options.gameLogDir = dir.string();
    GtpSession session(EngineConfig{}, options);
    session.execute("boardsize 6");
    session.execute("clear_board");
    session.execute("play white b1-b4/e4");
    session.execute("play black b6-b5/c5");
    std::string contents;
    for (const auto& entry : fs::directory_iterator(dir)) {
        std::ifstream in(entry.path());
        contents.assign(std::istreambuf_iterator<char>(in), {});
    }
    EXPECT_NE(contents.find("b1-b4(e4)"), std::string::npos) << contents;
    EXPECT_NE(contents.find("b6-b5(c5)"), std::string::npos) << contents;
}

}  // namespace
}  // namespace hippolyta
