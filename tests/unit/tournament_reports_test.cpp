// The tournament's reports: rewritten at most every few seconds while it runs (each game record
// read once), and at the end exactly what a full rebuild writes; a Swiss too short for its
// default rounds plays fewer; Elo never prints as -0.0; the progress line's content.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "adapters/match/report.h"
#include "adapters/match/results_table.h"
#include "adapters/tournament/standings.h"
#include "adapters/tournament/tournament_runner.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

class TournamentReportsTest : public ::testing::Test {
  protected:
    TournamentConfig config(std::initializer_list<const char*> names) const {
        const std::string fakes = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines";
        std::ofstream json(dir_ / "entrants.json");
        json << "{\"engines\": [";
        bool first = true;
        for (const char* name : names) {
            json << (first ? "" : ",") << "{\"name\": \"" << name
                 << "\", \"command\": \"./scripted-engine.sh game-6x6.txt --name " << name
                 << "\", \"dir\": \"" << fakes << "\"}";
            first = false;
        }
        json << "]}";
        json.close();
        TournamentConfig c;
        c.entrantsFile = (dir_ / "entrants.json").string();
        c.core.size = 6;
        c.randomPlies = 0;
        c.core.outDir = (dir_ / "out").string();
        c.core.referee.commandTimeout = 5;
        c.core.referee.untimedMoveTimeout = 5;
        return c;
    }

    TestDir dir_;
};

TEST_F(TournamentReportsTest, TheFinalReportsAreAFullRebuilds) {
    for (const double interval : {0.0, 1e9}) {  // after every game through the cache; only last
        TournamentConfig c = config({"A", "B", "C", "D"});
        c.core.outDir = (dir_ / ("out-" + std::to_string(interval > 0))).string();
        c.reportIntervalSeconds = interval;
        std::ostringstream out, err;
        ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
        const fs::path dir = c.core.outDir;
        EXPECT_NE(out.str().find("Report: " + (dir / "report.html").string() + "\n"),
                  std::string::npos)
            << out.str();
        const std::string files[] = {"standings.json", "standings.txt", "report.html"};
        std::map<std::string, std::string> written;
        for (const std::string& f : files)
            written[f] = fileBytes(dir / f);
        const auto engines = nlohmann::json::parse(written["standings.json"])["engines"];
        ASSERT_EQ(engines.size(), 4u);
        EXPECT_EQ(engines[3]["command"], "./scripted-engine.sh game-6x6.txt --name D");
        EXPECT_EQ(engines[3]["gtp_name"], "D");
        EXPECT_NE(written["report.html"].find("<table id=\"engines\">"), std::string::npos);
        for (const std::string& f : files)
            fs::remove(dir / f);
        writeTournamentReports(dir.string());  // from scratch: every table and record read
        for (const std::string& f : files)
            EXPECT_EQ(fileBytes(dir / f), written[f]) << f << " at interval " << interval;
    }
}

// The cache reads a record again when its file changed.
TEST_F(TournamentReportsTest, TheRecordCacheNoticesARewrittenRecord) {
    TournamentConfig c = config({"A", "B"});
    std::ostringstream out, err;
    ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
    ReportCache cache;
    const ReportData before = loadReportData(c.core.outDir, cache);
    ASSERT_TRUE(before.games[0].record.has_value());
    EXPECT_EQ(cache.records.size(), before.games.size());
    const fs::path sgf = fs::path(c.core.outDir) / "games" / "game-000001.sgf";
    std::ofstream(sgf, std::ios::trunc) << "(;FF[4]GM[18]SZ[6";
    const ReportData after = loadReportData(c.core.outDir, cache);
    EXPECT_FALSE(after.games[0].record.has_value()) << "served the old record from the cache";
    EXPECT_FALSE(after.games[0].recordError.empty());
}

TEST_F(TournamentReportsTest, ASwissOfThreeCapsItsDefaultRounds) {
    TournamentConfig c = config({"A", "B", "C"});
    c.format = TournamentFormat::Swiss;
    std::ostringstream out, err;
    ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
    EXPECT_NE(err.str().find("a Swiss of 3 entrants has at most 3 rounds without a repeated "
                             "encounter: playing 3 instead of 5"),
              std::string::npos)
        << err.str();
    EXPECT_NE(out.str().find("3 round(s)"), std::string::npos) << out.str();
    EXPECT_EQ(parseResultsTable(fileBytes(dir_ / "out" / "results.tsv"), "t").rows.size(), 6u);
    // Rounds asked for by hand are still checked.
    c.rounds = 4;
    c.core.outDir = (dir_ / "asked").string();
    EXPECT_THROW(runTournament(c, out, err), std::invalid_argument);
}

TEST(EloText, NeverMinusZero) {
    EXPECT_EQ(formatElo(-0.0), "0.0");
    EXPECT_EQ(formatElo(-0.04), "0.0");
    EXPECT_EQ(formatElo(-1e-13), "0.0");
    EXPECT_EQ(formatElo(-0.06), "-0.1");
    EXPECT_EQ(formatElo(12.34), "+12.3");
    EXPECT_EQ(formatElo(1.0 / 0.0), "+inf");
    // A fit centred on the mean leaves -1e-14 where a symmetric field should be 0.
    TournamentInfo info;
    info.names = {"A", "B", "C"};
    Standings s;
    for (int i = 0; i < 3; ++i) {
        Standing st;
        st.index = i;
        st.rank = i + 1;
        st.name = info.names[i];
        st.elo = i == 1 ? -1e-14 : i == 2 ? -0.04 : 0.04;
        st.eloError = -1e-14;
        s.ranking.push_back(st);
    }
    EXPECT_EQ(standingsText(info, s).find("-0.0"), std::string::npos) << standingsText(info, s);
    EXPECT_EQ(standingsJson(info, s).find("-0.0"), std::string::npos) << standingsJson(info, s);
}

TEST(ProgressStatus, SaysGamesTimeEloAndScore) {
    ProgressStatus p;
    p.done = 12;
    p.total = 100;
    p.score = "fast 7 - 5 slow";
    p.elo = 58.49;
    p.secondsLeft = 192;
    EXPECT_EQ(progressStatusLine(p), "12/100 games | 3m12s left | Elo +58.5 | fast 7 - 5 slow");
    p.elo.reset();
    p.secondsLeft.reset();
    p.score = std::string(100, 'x');
    const std::string cut = progressStatusLine(p);
    EXPECT_EQ(cut.size(), 79u);
    EXPECT_TRUE(cut.starts_with("12/100 games | xxx")) << cut;
    EXPECT_EQ(formatDuration(45.4), "45s");
    EXPECT_EQ(formatDuration(7500), "2h05m");
    EXPECT_FALSE(estimateSecondsLeft(10, 0, 5).has_value()) << "no pace before a game ended";
    EXPECT_DOUBLE_EQ(*estimateSecondsLeft(10, 4, 6), 15);
}

// The display is drawn only where the runner is told stderr is a terminal.
TEST_F(TournamentReportsTest, TheProgressLineIsDrawnOnlyWhenAsked) {
    for (const bool progress : {false, true}) {
        TournamentConfig c = config({"A", "B"});
        c.core.outDir = (dir_ / (progress ? "on" : "off")).string();
        c.core.progress = progress;
        std::ostringstream out, err;
        ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
        EXPECT_EQ(out.str().find('\r'), std::string::npos);
        if (!progress) {
            EXPECT_EQ(err.str().find('\r'), std::string::npos) << err.str();
            continue;
        }
        EXPECT_NE(err.str().find("\r1/2 games | "), std::string::npos) << err.str();
        EXPECT_NE(err.str().find("\r2/2 games | 0s left | leader "), std::string::npos)
            << err.str();
        EXPECT_TRUE(err.str().ends_with("\r\033[K")) << "cleared at the end";
    }
}

}  // namespace
}  // namespace hippolyta
