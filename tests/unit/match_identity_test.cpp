// A match resumes only with the very engines that started it: each engine's name, command line,
// working directory and GTP name and version are in the results table's header, every SGF and
// the report, and a rerun with any of them changed is refused, naming the difference. Default
// names say which engine is which. Also: -v relays engines' stderr under their names.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/match/match_core.h"
#include "adapters/match/match_runner.h"
#include "adapters/match/results_table.h"
#include "adapters/render/html_report.h"
#include "engine/core/records/sgf.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

class MatchIdentityTest : public ::testing::Test {
  protected:
    static std::string fakes() {
        return std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/";
    }
    std::string fake(const std::string& name, const std::string& extra = "") const {
        return fakes() + "scripted-engine.sh " + fakes() + "game-6x6.txt --name " + name + extra;
    }
    MatchConfig config(const std::string& engine2) const {
        MatchConfig c;
        c.engine1 = {fake("A"), "", ""};
        c.engine2 = {engine2, "", ""};
        c.games = 2;
        c.size = 6;
        c.randomPlies = 0;
        c.outDir = (dir_ / "out").string();
        c.referee.commandTimeout = 5;
        c.referee.untimedMoveTimeout = 5;
        return c;
    }
    // Runs the match; returns its exit code, or -1 with the message if it was refused.
    int run(const MatchConfig& c, std::string* message) {
        std::ostringstream out, err;
        try {
            const int code = runMatch(c, out, err);
            *message = out.str() + err.str();
            return code;
        } catch (const std::exception& e) {
            *message = e.what();
            return -1;
        }
    }
    TestDir dir_;
};

// The case with real engines: the same GTP name, greedy first, then level 2.
TEST_F(MatchIdentityTest, ARerunWithAnotherCommandLineIsRefused) {
    const std::string engine = (fs::path(HIPPOLYTA_BIN_DIR) / "hippolyta").string();
    ASSERT_TRUE(fs::exists(engine)) << engine << " is missing: build the hippolyta target";
    MatchConfig c = config(engine + " --player greedy");
    c.engine1 = {engine + " --player greedy --seed 3", "", ""};
    c.referee.timeControl = parseTimeControl("move:0.05");
    std::string message;
    ASSERT_EQ(run(c, &message), 0) << message;
    const std::string table = fileBytes(dir_ / "out" / "results.tsv");
    EXPECT_NE(table.find("engine2=hippolyta --player greedy;"), std::string::npos) << table;
    EXPECT_NE(table.find("# engine\thippolyta --player greedy\t" + engine + " --player greedy\t"),
              std::string::npos)
        << table;

    c.engine2.command = engine + " --level 2";
    c.games = 4;
    ASSERT_EQ(run(c, &message), -1) << "mixed level 2's games with greedy's: " << message;
    EXPECT_NE(message.find("engine2: 'hippolyta --player greedy' in the table, 'hippolyta "
                           "--level 2' now"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("engine 2 command: '" + engine + " --player greedy' in the table, '" +
                           engine + " --level 2' now"),
              std::string::npos)
        << message;
    EXPECT_EQ(parseResultsTable(fileBytes(dir_ / "out" / "results.tsv"), "t").rows.size(), 2u)
        << "nothing was added";
}

// Names given by hand hide nothing: the command and the directory are compared too.
TEST_F(MatchIdentityTest, SameNamesButAnotherCommandOrDirectoryIsRefused) {
    MatchConfig c = config(fake("B"));
    c.engine1.name = "first";
    c.engine2.name = "second";
    std::string message;
    ASSERT_EQ(run(c, &message), 0) << message;
    MatchConfig other = c;
    other.engine2.command = fake("B", " --think 0");
    EXPECT_EQ(run(other, &message), -1);
    EXPECT_NE(message.find("engine 2 command: "), std::string::npos) << message;
    other = c;
    other.engine2.dir = (dir_ / "elsewhere").string();
    fs::create_directories(other.engine2.dir);
    EXPECT_EQ(run(other, &message), -1);
    EXPECT_NE(message.find("engine 2 directory: '" + fs::current_path().string() +
                           "' in the table, '" + other.engine2.dir + "' now"),
              std::string::npos)
        << message;
    // The same engines resume.
    c.games = 3;
    EXPECT_EQ(run(c, &message), 0) << message;
    EXPECT_NE(message.find("Resuming: 2 finished games kept, 1 to play"), std::string::npos)
        << message;
}

TEST_F(MatchIdentityTest, RecordsAndReportNameWhoPlayed) {
    std::string message;
    ASSERT_EQ(run(config(fake("B")), &message), 0) << message;
    const GameRecord r = readSgf(fileBytes(dir_ / "out" / "games" / "game-000001.sgf"));
    EXPECT_NE(r.comment.find("White A: " + fake("A") + " (in " + fs::current_path().string() +
                             "; GTP name A 1)"),
              std::string::npos)
        << r.comment;
    EXPECT_NE(r.comment.find("Black B: " + fake("B")), std::string::npos) << r.comment;
    EXPECT_NE(message.find("Engines:\n  A: " + fake("A")), std::string::npos) << message;
    const std::string page = fileBytes(writeHtmlReport((dir_ / "out").string()));
    EXPECT_NE(page.find("<table id=\"engines\">"), std::string::npos);
    EXPECT_NE(page.find("<code>" + fake("B") + "</code>"), std::string::npos);
}

// Tables written before engines were recorded resume, and get them now.
TEST_F(MatchIdentityTest, AnOldTableResumesAndLearnsItsEngines) {
    std::string message;
    const MatchConfig c = config(fake("B"));
    ASSERT_EQ(run(c, &message), 0) << message;
    const fs::path path = dir_ / "out" / "results.tsv";
    std::string old, text = fileBytes(path);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);)
        if (!line.starts_with("# engine\t")) old += line + "\n";
    std::ofstream(path, std::ios::trunc) << old;
    MatchConfig more = c;
    more.games = 3;
    ASSERT_EQ(run(more, &message), 0) << message;
    EXPECT_NE(message.find("did not record its engines' command lines"), std::string::npos)
        << message;
    EXPECT_EQ(parseResultsTable(fileBytes(path), "t").engines.size(), 2u);
    more.engine2.command = fake("B", " --think 0");
    EXPECT_EQ(run(more, &message), -1) << "checked from now on";
}

TEST_F(MatchIdentityTest, MergeRefusesTablesOfOtherEngines) {
    std::vector<std::string> tables;
    for (int shard = 0; shard < 2; ++shard) {
        MatchConfig c = config(fake("B", shard ? " --think 0" : ""));
        c.engine2.name = "B";
        c.shardIndex = shard;
        c.shardCount = 2;
        std::string message;
        ASSERT_EQ(run(c, &message), 0) << message;
        tables.push_back(
            (dir_ / "out" / ("results-" + std::to_string(shard) + "-of-2.tsv")).string());
    }
    try {
        mergeTables(tables, "test", nullptr);
        FAIL() << "merged two engines' games";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("engine 2 command"), std::string::npos) << e.what();
    }
}

TEST(EngineIdentity, LinesRoundTripAndDifferencesNameTheField) {
    const EngineIdentity a{"fast", "hippolyta\t--move-time 0.2", "/work", "Hippolyta", "0.1.0"};
    const std::string line = formatIdentityLine(a);
    EXPECT_EQ(line, "# engine\tfast\thippolyta --move-time 0.2\t/work\tHippolyta\t0.1.0\n");
    const ParsedTable t =
        parseResultsTable("# hippolyta-match results 1\n# match: engine1=fast\n" + line, "t");
    ASSERT_EQ(t.engines.size(), 1u);
    EXPECT_EQ(t.engines[0].command, "hippolyta --move-time 0.2");
    EngineIdentity b = t.engines[0];
    EXPECT_EQ(identityDifferences({b}, {b}), "");
    b.gtpVersion = "7.1.0";
    EXPECT_EQ(identityDifferences({t.engines[0]}, {b}),
              "  engine 1 GTP version: '0.1.0' in the table, '7.1.0' now\n");
    EXPECT_EQ(keyDifferences("engine1=A; size=8; seed=1", "engine1=A; size=10; seed=1"),
              "  size: '8' in the table, '10' now\n");
}

TEST(DefaultEngineNames, SayWhichEngineIsWhich) {
    using Names = std::array<std::string, 2>;
    auto names = [](const std::string& c1, const std::string& c2, const std::string& n1 = "",
                    const Names& gtp = {"Hippolyta", "Hippolyta"}) {
        return defaultEngineNames({EngineSpec{c1, n1, ""}, EngineSpec{c2, "", ""}}, gtp);
    };
    EXPECT_EQ(names("build/bin/hippolyta", "exec /usr/games/hippolyta --level 2"),
              (Names{"hippolyta", "hippolyta --level 2"}));
    EXPECT_EQ(names("a/hippolyta --move-time 0.2", "b/hippolyta --move-time 1"),
              (Names{"hippolyta --move-time 0.2", "hippolyta --move-time 1"}));
    EXPECT_EQ(names("a/hippolyta", "b/hippolyta"), (Names{"a/hippolyta", "b/hippolyta"}));
    EXPECT_EQ(names("hippolyta", "hippolyta"), (Names{"hippolyta-1", "hippolyta-2"}));
    EXPECT_EQ(names("x", "y", "", {"Invader", "Hippolyta"}), (Names{"Invader", "Hippolyta"}));
    // A given name stays; only the other one changes.
    EXPECT_EQ(names("x", "hippolyta --level 3", "Hippolyta"),
              (Names{"Hippolyta", "hippolyta --level 3"}));
    EXPECT_EQ(names("x", "y", "", {"", ""}), (Names{"x", "y"}));
}

// -v: every stderr line an engine writes comes out under that engine's name.
TEST_F(MatchIdentityTest, VerboseRelaysStderrUnderTheEnginesName) {
    MatchConfig c = config("echo a-note-from-B >&2; exec " + fake("B"));
    c.verbose = true;
    std::ostringstream out, err;
    ASSERT_EQ(runMatch(c, out, err), 0) << err.str();
    EXPECT_NE(err.str().find("\n[B] ! a-note-from-B\n"), std::string::npos) << err.str();
    std::istringstream lines(err.str());
    for (std::string line; std::getline(lines, line);)
        EXPECT_TRUE(line.starts_with("[")) << "a line without a name: " << line;
}

}  // namespace
}  // namespace hippolyta
