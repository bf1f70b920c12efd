// The match's terminal status line (only when asked for), the progress pieces the match and
// the tournament runners share, and the warning for a time control too short to measure
// strength.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "adapters/match/match_runner.h"
#include "adapters/match/progress.h"
#include "adapters/match/time_control.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

TEST(ShortClockWarning, OnlyBelowATenthOfASecondAMove) {
    const std::string w = shortClockWarning(parseTimeControl("move:0.05"), 6);
    EXPECT_NE(w.find("tc move:0.05 leaves about 0.05 s a move on 6x6"), std::string::npos) << w;
    EXPECT_EQ(shortClockWarning(parseTimeControl("move:0.1"), 10), "");
    EXPECT_EQ(shortClockWarning(parseTimeControl("none"), 10), "");
    // Sudden death over the 26 moves the engine expects on the 10x10 start.
    EXPECT_NEAR(secondsPerMove(parseTimeControl("2"), 10), 2.0 / 26, 1e-9);
    EXPECT_NE(shortClockWarning(parseTimeControl("2"), 10), "");
    EXPECT_EQ(shortClockWarning(parseTimeControl("3"), 10), "");
    EXPECT_NEAR(secondsPerMove(parseTimeControl("1+0.05"), 10), 1.0 / 26 + 0.05, 1e-9);
    EXPECT_NEAR(secondsPerMove(parseTimeControl("0+2x0.05"), 10), 0.05, 1e-9);
}

TEST(MatchProgress, TheStatusLineIsDrawnOnlyWhenAsked) {
    const TestDir dir_;
    const std::string fakes = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/";
    for (const bool progress : {false, true}) {
        MatchConfig c;
        c.engine1 = {fakes + "scripted-engine.sh " + fakes + "game-6x6.txt --name A", "", ""};
        c.engine2 = {fakes + "scripted-engine.sh " + fakes + "game-6x6.txt --name B", "", ""};
        c.games = 2;
        c.size = 6;
        c.randomPlies = 0;
        c.outDir = (dir_ / (progress ? "on" : "off")).string();
        c.referee.timeControl = parseTimeControl("move:0.05");
        c.progress = progress;
        std::ostringstream out, err;
        ASSERT_EQ(runMatch(c, out, err), 0) << err.str();
        EXPECT_NE(err.str().find("warning: tc move:0.05 leaves about 0.05 s a move"),
                  std::string::npos)
            << err.str();
        EXPECT_EQ(out.str().find('\r'), std::string::npos);
        if (!progress) {
            EXPECT_EQ(err.str().find('\r'), std::string::npos) << err.str();
            continue;
        }
        EXPECT_NE(err.str().find("\r0/2 games | A 0 - 0 B\033[K"), std::string::npos) << err.str();
        EXPECT_NE(err.str().find("\r2/2 games | 0s left | Elo "), std::string::npos) << err.str();
        EXPECT_TRUE(err.str().ends_with("\r\033[K")) << "cleared at the end";
    }
}

TEST(RunProgress, TheTimeLeftIsThisRunsPaceOverTheGamesNotYetDone) {
    // 10 of 40 done, 4 of them by this run in 20 s: 30 left at 5 s each.
    EXPECT_EQ(runStatusLine(10, 40, 4, 20, "A 6 - 4 B", 70.0),
              "10/40 games | 2m30s left | Elo +70.0 | A 6 - 4 B");
    // Resumed games alone give no pace yet.
    EXPECT_EQ(runStatusLine(6, 40, 0, 3, "leader A 4 pts"), "6/40 games | leader A 4 pts");
    EXPECT_EQ(runStatusLine(40, 40, 40, 100, ""), "40/40 games | 0s left");
}

TEST(RunProgress, ShardsShareTheGamesAndNameTheirTables) {
    EXPECT_EQ(shardShare(10, 0, 1), 10);
    EXPECT_EQ(shardShare(10, 0, 3), 4);  // games 1, 4, 7, 10
    EXPECT_EQ(shardShare(10, 1, 3), 3);  // 2, 5, 8
    EXPECT_EQ(shardShare(10, 2, 3), 3);  // 3, 6, 9
    EXPECT_EQ(shardShare(2, 3, 4), 0);
    EXPECT_EQ(resultsTableName(0, 1), "results.tsv");
    EXPECT_EQ(resultsTableName(2, 3), "results-2-of-3.tsv");
    EXPECT_EQ(resumingLine(12), "Resuming: 12 finished games kept");
    EXPECT_EQ(resumingLine(12, 8), "Resuming: 12 finished games kept, 8 to play");
}

}  // namespace
}  // namespace hippolyta
