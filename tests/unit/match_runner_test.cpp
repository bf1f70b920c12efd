// Short real matches between fake GTP engines (tests/fake-engines): the runner scores, blames
// and recovers correctly, writes its files, resumes, shards, merges and stops on SPRT.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "adapters/match/match_core.h"
#include "adapters/match/match_runner.h"
#include "adapters/match/results_table.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/eval/final_score.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const std::string kFakes = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/";

class MatchRunnerTest : public ::testing::Test {
  protected:
    // A fake playing the 6x6 script; extra are its fault options.
    std::string fake(const std::string& name, const std::string& extra = "") const {
        return kFakes + "scripted-engine.sh " + kFakes + "game-6x6.txt --name " + name + " " +
               extra;
    }
    std::string once() const { return "--once " + (dir_ / "once").string(); }

    MatchConfig config(const std::string& engine2Extra, int games) const {
        MatchConfig c;
        c.engine1 = {fake("A"), "", ""};
        c.engine2 = {fake("B", engine2Extra), "", ""};
        c.games = games;
        c.size = 6;
        c.randomPlies = 0;  // the fakes follow their script from the start
        c.outDir = (dir_ / "out").string();
        c.referee.commandTimeout = 2;
        c.referee.untimedMoveTimeout = 2;
        return c;
    }

    std::vector<GameRow> run(const MatchConfig& c, std::string* printed = nullptr) {
        std::ostringstream out, err;
        EXPECT_EQ(runMatch(c, out, err), 0) << err.str();
        if (printed) *printed = out.str();
        return ResultsTable((fs::path(c.outDir) / "results.tsv").string(), key(c)).rows();
    }
    static std::string key(const MatchConfig& c) {
        const std::string table = fileBytes(fs::path(c.outDir) / "results.tsv");
        const std::size_t at = table.find("# match: ") + 9;
        return table.substr(at, table.find('\n', at) - at);
    }
    TestDir dir_;
};

TEST_F(MatchRunnerTest, PlaysScoresAndWritesEveryGame) {
    std::string printed;
    const std::vector<GameRow> rows = run(config("", 4), &printed);
    ASSERT_EQ(rows.size(), 4u);
    for (const GameRow& r : rows) {
        // The script ends with White out of moves: Black wins every game.
        EXPECT_EQ(r.winner, Color::Black);
        EXPECT_EQ(r.reason, EndReason::NoMoves);
        EXPECT_EQ(r.plies, 28);
        EXPECT_EQ(r.white, r.game % 2 ? "A" : "B") << "colours alternate";
        char stem[32];
        std::snprintf(stem, sizeof stem, "game-%06d", r.game);
        const fs::path games = dir_ / "out" / "games";
        const GameRecord sgf = readSgf(fileBytes(games / (std::string(stem) + ".sgf")));
        EXPECT_EQ(sgf.moves.size(), 28u);
        const Game end = replayRecord(sgf);
        EXPECT_TRUE(end.isOver());
        EXPECT_EQ(r.territory, territoryOf(end.position(), Color::Black));  // 0: both walled in
        EXPECT_EQ(sgf.result, "B+" + std::to_string(r.territory)) << "RE[B+N]";
        EXPECT_EQ(sgf.whiteName, r.white);
        EXPECT_TRUE(replayRecord(sgf).isOver());
        const GameRecord text = readTextRecord(fileBytes(games / (std::string(stem) + ".txt")));
        EXPECT_EQ(text.moves, sgf.moves);
        EXPECT_EQ(text.result, sgf.result);
    }
    EXPECT_NE(printed.find("Finished game 4 (B vs A): 0-1 {no moves"), std::string::npos);
    EXPECT_NE(printed.find("Territory in won games: A "), std::string::npos) << printed;
    EXPECT_NE(printed.find("Score of A vs B: 2 - 2 - 0  [0.500] 4"), std::string::npos) << printed;
    EXPECT_NE(printed.find("Elo difference: 0.0 +/- "), std::string::npos);
}

struct FaultCase {
    const char* options;  // engine2's fault options
    EndReason reason;
    const char* tc;
};

class FaultTest : public MatchRunnerTest, public ::testing::WithParamInterface<FaultCase> {};

// Engine2 misbehaves once, in game 1 (where it has Black): it loses that game, is restarted,
// and game 2 is played out normally.
TEST_P(FaultTest, TheFaultyEngineLosesAndTheMatchGoesOn) {
    MatchConfig c = config(std::string(GetParam().options) + " " + once(), 2);
    c.referee.timeControl = parseTimeControl(GetParam().tc);
    c.referee.graceSeconds = 0.1;
    c.referee.untimedMoveTimeout = 0.4;  // hang detection, kept short for the test
    const std::vector<GameRow> rows = run(c);
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].black, "B");
    EXPECT_EQ(rows[0].winner, Color::White) << rows[0].detail;
    EXPECT_EQ(rows[0].reason, GetParam().reason) << rows[0].detail;
    EXPECT_EQ(rows[1].reason, EndReason::NoMoves) << rows[1].detail;
    EXPECT_EQ(rows[1].plies, 28);
    EXPECT_EQ(rows[1].winner, Color::Black);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, FaultTest,
    ::testing::Values(FaultCase{"--fault illegal --at 2", EndReason::Illegal, "none"},
                      FaultCase{"--fault unparsable --at 2", EndReason::Illegal, "none"},
                      FaultCase{"--fault garbage --at 2", EndReason::Protocol, "none"},
                      FaultCase{"--fault crash --at 2", EndReason::Crash, "none"},
                      FaultCase{"--fault hang --at 2", EndReason::Hang, "none"},
                      FaultCase{"--fault hang --at 2", EndReason::Time, "move:0.3"},
                      FaultCase{"--fault slow --delay 0.5 --at 2", EndReason::Time, "move:0.2"},
                      FaultCase{"--fault resign --at 2", EndReason::FalseResign, "none"},
                      FaultCase{"--fault refuse-play --at 2", EndReason::Protocol, "none"}),
    [](const auto& info) { return "Case" + std::to_string(info.index); });

TEST_F(MatchRunnerTest, ResumesWithoutReplayingFinishedGames) {
    MatchConfig c = config("", 2);
    run(c);  // as if the first run was killed after two games
    const fs::path table = dir_ / "out" / "results.tsv";
    std::ofstream(table, std::ios::app) << "3\tA\tB\tW+\tno";  // and in mid-write of a third
    const std::string firstTwo = fileBytes(table).substr(0, fileBytes(table).rfind('\n') + 1);
    c.games = 5;
    std::string printed;
    const std::vector<GameRow> rows = run(c, &printed);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_EQ(fileBytes(table).substr(0, firstTwo.size()), firstTwo) << "finished rows kept as is";
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(rows[i].game, i + 1);
    EXPECT_NE(printed.find("Resuming: 2 finished games kept, 3 to play"), std::string::npos);
    // A third run has nothing left to play and prints the same report.
    const std::vector<GameRow> again = run(c, &printed);
    EXPECT_EQ(again.size(), 5u);
    EXPECT_NE(printed.find("Score of A vs B: 2 - 3 - 0  [0.400] 5"), std::string::npos) << printed;
    // Another match in the same directory is refused.
    MatchConfig other = c;
    other.size = 7;
    std::ostringstream out, err;
    EXPECT_THROW(runMatch(other, out, err), std::runtime_error);
}

TEST_F(MatchRunnerTest, ParallelGamesAreAllRecordedOnce) {
    MatchConfig c = config("", 6);
    c.concurrency = 3;
    const std::vector<GameRow> rows = run(c);
    ASSERT_EQ(rows.size(), 6u);
    std::vector<int> games;
    for (const GameRow& r : rows)
        games.push_back(r.game);
    std::sort(games.begin(), games.end());
    EXPECT_EQ(games, (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST_F(MatchRunnerTest, SprtStopsAsSoonAsItDecides) {
    // Engine2 crashes in every game: engine1 wins them all. With elo0 0, elo1 100 and
    // alpha = beta = 0.05 a win adds 0.24696 to the LLR: 12 wins pass 2.94444.
    MatchConfig c = config("--fault crash --at 1", 40);
    c.sprt = SprtConfig{0, 100, 0.05, 0.05};
    std::string printed;
    const std::vector<GameRow> rows = run(c, &printed);
    EXPECT_EQ(rows.size(), 12u);
    EXPECT_NE(printed.find("H1 was accepted"), std::string::npos);
}

TEST_F(MatchRunnerTest, ShardsMergeIntoTheWholeMatch) {
    std::vector<std::string> tables;
    for (int shard = 0; shard < 2; ++shard) {
        MatchConfig c = config("", 4);
        c.shardIndex = shard;
        c.shardCount = 2;
        std::ostringstream out, err;
        ASSERT_EQ(runMatch(c, out, err), 0) << err.str();
        tables.push_back(
            (dir_ / "out" / ("results-" + std::to_string(shard) + "-of-2.tsv")).string());
        const ParsedTable t = parseResultsTable(fileBytes(tables.back()), tables.back());
        ASSERT_EQ(t.rows.size(), 2u);
        for (const GameRow& r : t.rows)
            EXPECT_EQ((r.game - 1) % 2, shard);
    }
    std::ostringstream out, err;
    EXPECT_EQ(mergeResults(tables, std::nullopt, out, err), 0);
    EXPECT_NE(out.str().find("Merged 4 games from 2 tables"), std::string::npos);
    EXPECT_NE(out.str().find("Score of A vs B: 2 - 2 - 0  [0.500] 4"), std::string::npos)
        << out.str();
}

// SPSA shards read each other's tables while they play: one caught between its creation and
// its header's flush holds no run key yet and must not make the others look foreign.
TEST_F(MatchRunnerTest, MergeSkipsATableWhoseHeaderIsStillBeingWritten) {
    MatchConfig c = config("", 2);
    std::ostringstream out, err;
    ASSERT_EQ(runMatch(c, out, err), 0) << err.str();
    const std::string whole = (dir_ / "out" / "results.tsv").string();
    const std::string empty = (dir_ / "empty.tsv").string();
    const std::string torn = (dir_ / "torn.tsv").string();
    std::ofstream(empty).flush();
    std::ofstream(torn) << "# hippolyta-match results 1\n# match: spsa eng";
    for (const auto& files : {std::vector<std::string>{empty, torn, whole},
                              std::vector<std::string>{whole, torn, empty}}) {
        const MergedTables merged = mergeTables(files, "test", nullptr);
        EXPECT_EQ(merged.key, key(c));
        EXPECT_EQ(merged.rows.size(), 2u);
    }
}

// Two real Hippolyta processes, two games at a time, on a small board with tiny budgets.
TEST_F(MatchRunnerTest, RealHippolytaMatch) {
    const fs::path engine = fs::path(HIPPOLYTA_BIN_DIR) / "hippolyta";
    ASSERT_TRUE(fs::exists(engine)) << engine << " is missing: build the hippolyta target";
    MatchConfig c = config("", 4);
    c.engine1 = {engine.string() + " --seed 1 --move-time 0.02 --visits 30", "hip-1", ""};
    c.engine2 = {engine.string() + " --seed 2 --move-time 0.02 --visits 30", "hip-2", ""};
    c.randomPlies = 2;
    c.concurrency = 2;
    c.referee.timeControl = parseTimeControl("30+0.1");
    c.referee.untimedMoveTimeout = 30;
    const std::vector<GameRow> rows = run(c);
    ASSERT_EQ(rows.size(), 4u);
    for (const GameRow& r : rows) {
        EXPECT_EQ(r.reason, EndReason::NoMoves) << r.detail;
        char stem[32];
        std::snprintf(stem, sizeof stem, "game-%06d.sgf", r.game);
        const GameRecord g = readSgf(fileBytes(dir_ / "out" / "games" / stem));
        EXPECT_EQ(static_cast<int>(g.moves.size()), r.plies);
        const Game replay = replayRecord(g);
        EXPECT_TRUE(replay.isOver());
        EXPECT_EQ(replay.winner(), r.winner);
        EXPECT_EQ(g.mainTime, 30.0);
    }
    // Games 1 and 2 share their random opening, with colours swapped; games 3 and 4 another.
    std::map<int, GameRow> byGame;
    for (const GameRow& r : rows)
        byGame[r.game] = r;
    EXPECT_EQ(byGame[1].opening, byGame[2].opening);
    EXPECT_EQ(byGame[1].white, byGame[2].black);
    EXPECT_NE(byGame[1].opening, byGame[3].opening);
    EXPECT_EQ(byGame[3].opening, byGame[4].opening);
    EXPECT_EQ(std::count(byGame[1].opening.begin(), byGame[1].opening.end(), ' '), 1)
        << "two plies: " << byGame[1].opening;
}

TEST_F(MatchRunnerTest, AnEngineThatNeverStartsStopsTheMatchClearly) {
    MatchConfig c = config("--fault no-start", 2);
    std::ostringstream out, err;
    try {
        runMatch(c, out, err);
        FAIL() << "no error";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("engine2"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("does not work"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace hippolyta
