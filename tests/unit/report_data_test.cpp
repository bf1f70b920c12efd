#include <gtest/gtest.h>

#include <atomic>
#include <nlohmann/json.hpp>
#include <thread>

#include "adapters/match/results_table.h"
#include "adapters/render/html_report.h"
#include "adapters/render/report_data.h"
#include "adapters/render/svg_board.h"
#include "engine/core/file_io.h"
#include "engine/core/records/sgf.h"
#include "report_games.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const fs::path kFixture = fs::path(HIPPOLYTA_SOURCE_DIR) / "tests/fixtures/report-tournament";

ReportGame reportGame(int number, const std::string& white, const std::string& black,
                      const std::string& winner, int territory) {
    ReportGame g;
    g.number = number;
    g.white = white;
    g.black = black;
    g.winner = winner;
    g.territory = territory;
    return g;
}

const ReportEntrant& entrant(const ReportData& data, const std::string& name) {
    for (const ReportEntrant& e : data.entrants)
        if (e.name == name) return e;
    throw std::out_of_range(name);
}

TEST(ReportData, StandingsJsonInTheTournamentsSchema) {
    const ReportData data =
        parseStandingsJson(readWholeFile((kFixture / "standings.json").string()), "standings.json");
    EXPECT_EQ(data.format, "round-robin");
    EXPECT_EQ(data.size, 6);
    EXPECT_EQ(data.eloAnchor, "hippolyta");
    ASSERT_EQ(data.entrants.size(), 3u);
    EXPECT_EQ(data.entrants[0].name, "alphabeta2");
    EXPECT_EQ(data.entrants[0].rank, 1);
    EXPECT_EQ(data.entrants[1].opponentsPoints, 4);
    ASSERT_TRUE(data.entrants[2].elo);
    EXPECT_DOUBLE_EQ(*data.entrants[2].elo, -180.4);
    EXPECT_EQ(data.encounters.size(), 3u);
    ASSERT_EQ(data.games.size(), 6u);
    EXPECT_EQ(data.games[3].number, 4);
    EXPECT_EQ(data.games[3].round, 1);
    EXPECT_EQ(data.games[3].sgf, "games/game-000004.sgf");
}

TEST(ReportData, MalformedStandingsJsonIsAnErrorNamingTheFile) {
    for (const char* text : {"{", "[]", "{\"entrants\": 3, \"encounters\": [], \"games\": []}",
                             "{\"entrants\": [{\"rank\": 1}], \"encounters\": [], \"games\": []}",
                             "{\"entrants\": [], \"encounters\": [], \"games\": [{\"number\": "
                             "\"x\", \"white\": \"a\", \"black\": \"b\"}]}",
                             // A count no int holds (its conversion was undefined; found by
                             // the standings fuzz target under UBSan).
                             "{\"entrants\": [{\"rank\": 1, \"name\": \"a\", \"points\": 1, "
                             "\"wins\": 1e300}], \"encounters\": [], \"games\": []}",
                             "{\"entrants\": [{\"rank\": -3e9, \"name\": \"a\", \"points\": "
                             "1}], \"encounters\": [], \"games\": []}"}) {
        try {
            parseStandingsJson(text, "S.json");
            ADD_FAILURE() << "accepted " << text;
        } catch (const std::invalid_argument& e) {
            EXPECT_EQ(std::string(e.what()).rfind("S.json", 0), 0u) << e.what();
        }
    }
}

std::vector<std::string> ranking(const ReportData& data) {
    std::vector<std::string> order;
    for (const ReportEntrant& e : data.entrants)
        order.push_back(e.name);
    return order;
}

TEST(ReportData, StandingsFromGamesRankByPointsThenOpponentsPointsThenTerritory) {
    ReportData data;
    // A, B and C score 1. A met B (1 point), B met A and D (1 + 0), C met D (0): C is last of
    // the three despite its territory; between A and B the territory decides.
    data.games = {reportGame(1, "A", "B", "A", 2), reportGame(2, "C", "D", "C", 20),
                  reportGame(3, "D", "B", "B", 3)};
    computeStandings(data);
    EXPECT_EQ(ranking(data), (std::vector<std::string>{"B", "A", "C", "D"}));
    EXPECT_EQ(entrant(data, "B").opponentsPoints, 1);
    EXPECT_EQ(entrant(data, "C").opponentsPoints, 0);
    EXPECT_EQ(entrant(data, "C").territory, 20);
    EXPECT_EQ(entrant(data, "D").losses, 2);
    EXPECT_EQ(entrant(data, "C").rank, 3);

    // A and C score 2 against opponents' points 4 each; A won more territory. B and D score 1
    // against 5 each; D won more.
    data.games = {reportGame(1, "A", "C", "A", 5), reportGame(2, "B", "D", "D", 9),
                  reportGame(3, "A", "B", "B", 2), reportGame(4, "C", "D", "C", 1),
                  reportGame(5, "D", "A", "A", 3), reportGame(6, "C", "B", "C", 1)};
    computeStandings(data);
    EXPECT_EQ(ranking(data), (std::vector<std::string>{"A", "C", "D", "B"}));
    EXPECT_EQ(entrant(data, "A").opponentsPoints, 4);
    EXPECT_EQ(entrant(data, "B").opponentsPoints, 5);
    EXPECT_EQ(entrant(data, "A").territory, 8);
    EXPECT_FALSE(entrant(data, "A").elo) << "no Elo from the score of more than two entrants";
    EXPECT_EQ(data.encounters.size(), 6u);
}

TEST(ReportData, EqualOnEveryTieBreakSharesTheRank) {
    ReportData data;
    data.games = {reportGame(1, "A", "B", "A", 4), reportGame(2, "B", "A", "B", 4)};
    computeStandings(data);
    EXPECT_EQ(data.entrants[0].rank, 1);
    EXPECT_EQ(data.entrants[1].rank, 1);
    ASSERT_TRUE(data.entrants[0].elo);
    EXPECT_DOUBLE_EQ(*data.entrants[0].elo, 0);
    EXPECT_FALSE(data.entrants[0].eloError) << "two games: the interval reaches 0 and 1";
    ASSERT_EQ(data.encounters.size(), 1u);
    EXPECT_EQ(data.encounters[0].aPoints, 1);
    EXPECT_EQ(data.encounters[0].games, 2);
}

TEST(ReportData, MatchEloIsTheScoresDifferenceAroundTheMean) {
    ReportData data;
    data.games = {reportGame(1, "A", "B", "A", 1), reportGame(2, "B", "A", "A", 1),
                  reportGame(3, "A", "B", "A", 1), reportGame(4, "B", "A", "B", 1)};
    computeStandings(data);
    ASSERT_TRUE(data.entrants[0].elo);
    EXPECT_EQ(data.entrants[0].name, "A");
    EXPECT_NEAR(*data.entrants[0].elo, 190.8 / 2, 0.1);  // -400 log10(1/0.75 - 1) = 190.8
    EXPECT_NEAR(*data.entrants[1].elo, -190.8 / 2, 0.1);
}

// A match directory as hippolyta-match writes it today: results.tsv and RE[W+] records.
void writeMatch(const fs::path& dir) {
    ResultsTable table((dir / "results.tsv").string(),
                       "engine1=A; engine2=B; size=5; tc=move:0.1; openings=random:2; seed=1");
    for (int number = 1; number <= 3; ++number) {
        const bool aWhite = number % 2;
        GameRecord record = playedGame(5, number, aWhite ? "A" : "B", aWhite ? "B" : "A");
        char name[32];
        std::snprintf(name, sizeof name, "game-%06d.sgf", number);
        writeFileAtomically((dir / "games" / name).string(), writeSgf(record));
        GameRow row;
        row.game = number;
        row.white = record.whiteName;
        row.black = record.blackName;
        row.winner = *resultWinner(record.result);
        row.plies = static_cast<int>(record.moves.size());
        table.append(row);
    }
}

TEST(ReportData, MatchDirectoryGivesGamesWithTheirTerritoryAndStandings) {
    const ReportScratchDir dir("match");
    writeMatch(dir.path());
    const ReportData data = loadReportData(dir.path().string());
    EXPECT_EQ(data.format, "match");
    EXPECT_EQ(data.size, 5);
    EXPECT_EQ(data.tc, "move:0.1");
    EXPECT_EQ(data.title, "Match: A vs B");
    ASSERT_EQ(data.games.size(), 3u);
    int points = 0;
    for (const ReportGame& g : data.games) {
        ASSERT_TRUE(g.record) << g.recordError;
        const Position end = replayRecord(*g.record).position();
        const Color winner = *resultWinner(g.record->result);
        const int territory =
            shadedCount(finalTerritory(end, winner),
                        winner == Color::White ? SquareShade::White : SquareShade::Black);
        EXPECT_EQ(g.territory, territory);
        EXPECT_EQ(g.result, g.record->result + std::to_string(territory));
        EXPECT_EQ(g.reason, "no moves");
        EXPECT_EQ(g.sgf, "games/game-00000" + std::to_string(g.number) + ".sgf");
        EXPECT_EQ(g.winner, winner == Color::White ? g.white : g.black);
    }
    ASSERT_EQ(data.entrants.size(), 2u);
    for (const ReportEntrant& e : data.entrants) {
        points += static_cast<int>(e.points);
        EXPECT_EQ(e.games, 3);
    }
    EXPECT_EQ(points, 3);
}

TEST(ReportData, WithoutAResultsTableTheFinishedRecordsCount) {
    const ReportScratchDir dir("records");
    writeMatch(dir.path());
    fs::remove(dir.path() / "results.tsv");
    GameRecord unfinished = playedGame(5, 9);
    unfinished.result = "";
    writeFileAtomically((dir.path() / "games/game-000004.sgf").string(), writeSgf(unfinished));
    writeFileAtomically((dir.path() / "games/notes.sgf").string(), "not a game");
    const ReportData data = loadReportData(dir.path().string());
    ASSERT_EQ(data.games.size(), 3u);
    EXPECT_EQ(data.games[2].number, 3);
    EXPECT_EQ(data.entrants.size(), 2u);
}

TEST(ReportData, BrokenRecordIsNotedAndEmptyDirectoryIsAnError) {
    const ReportScratchDir dir("broken");
    writeMatch(dir.path());
    writeFileAtomically((dir.path() / "games/game-000002.sgf").string(), "(;FF[4]GM[1])");
    const ReportData data = loadReportData(dir.path().string());
    ASSERT_EQ(data.games.size(), 3u);
    EXPECT_FALSE(data.games[1].record);
    EXPECT_FALSE(data.games[1].recordError.empty());
    EXPECT_EQ(data.entrants.size(), 2u);  // the table still counts the game
    const ReportScratchDir empty("empty");
    EXPECT_THROW(loadReportData(empty.path().string()), std::runtime_error);
    EXPECT_THROW(loadReportData((empty.path() / "missing").string()), std::runtime_error);
}

// standings.json names each game's record; a record outside the tournament's folder (an
// absolute path, a ".." escape, a link leading out) is refused, not read into the report.
TEST(ReportData, RecordPathsOfStandingsJsonStayInsideTheFolder) {
    const ReportScratchDir dir("confined");
    const fs::path tournament = dir.path() / "tournament", outside = dir.path() / "outside";
    fs::copy(kFixture, tournament, fs::copy_options::recursive);
    fs::create_directories(outside);
    fs::copy_file(tournament / "games/game-000001.sgf", outside / "secret.sgf");
    fs::create_symlink(outside / "secret.sgf", tournament / "games/link.sgf");
    nlohmann::json standings = nlohmann::json::parse(readWholeFile(tournament / "standings.json"));
    const std::vector<std::string> paths = {
        (outside / "secret.sgf").string(), "../outside/secret.sgf",
        "games/../../outside/secret.sgf", "games/link.sgf", "games/../games/game-000005.sgf"};
    for (std::size_t i = 0; i < paths.size(); ++i)
        standings["games"][i]["sgf"] = paths[i];
    writeFileAtomically(tournament / "standings.json", standings.dump());
    const ReportData data = loadReportData(tournament.string());
    ASSERT_EQ(data.games.size(), 6u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_FALSE(data.games[i].record) << paths[i];
        EXPECT_NE(data.games[i].recordError.find("refused the record path '" + paths[i] + "'"),
                  std::string::npos)
            << data.games[i].recordError;
    }
    EXPECT_TRUE(data.games[4].record) << data.games[4].recordError;  // ".." that stays inside
    EXPECT_TRUE(data.games[5].record) << data.games[5].recordError;
}

TEST(ReportHtml, ViewerDataHoldsTheMovesAndTheFinalTerritory) {
    ReportGame g = reportGame(7, "A", "B", "", 0);
    g.record = playedGame(6, 3);
    scoreFromRecord(g);
    const nlohmann::json j = nlohmann::json::parse(viewerGameJson(g));
    EXPECT_EQ(j["n"], 7);
    EXPECT_EQ(j["size"], 6);
    EXPECT_EQ(j["moves"].size(), g.record->moves.size());
    EXPECT_EQ(j["moves"][0][1], g.record->moves[0].to);
    EXPECT_EQ(j["start"]["w"].size(), 4u);
    EXPECT_TRUE(j["final"]);
    const std::string terr = j["terr"];
    ASSERT_EQ(terr.size(), 36u);
    const char own = g.result[0] == 'W' ? 'w' : 'b';
    EXPECT_EQ(static_cast<int>(std::count(terr.begin(), terr.end(), own)), g.territory);
    EXPECT_EQ(terr.find(own == 'w' ? 'b' : 'w'), std::string::npos);

    ReportGame missing = reportGame(8, "A", "B", "A", 0);
    missing.recordError = "cannot read x";
    EXPECT_EQ(nlohmann::json::parse(viewerGameJson(missing))["err"], "cannot read x");
}

TEST(ReportHtml, PageIsSelfContainedWithTablesForEveryEntrantAndGame) {
    const ReportScratchDir dir("page");
    fs::copy(kFixture, dir.path(), fs::copy_options::recursive);
    const std::string path = writeHtmlReport(dir.path().string());
    EXPECT_EQ(path, (dir.path() / "report.html").string());
    for (const auto& entry : fs::directory_iterator(dir.path()))  // no temporary file left
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos);
    const std::string html = readWholeFile(path);
    // What only standings.json says: the format, and the Elo anchored on hippolyta.
    EXPECT_NE(html.find("<h1>Tournament (round-robin)</h1>"), std::string::npos);
    EXPECT_NE(html.find("+180.4"), std::string::npos);
    EXPECT_EQ(occurrences(html, "class=\"xt-row\""), 3);
    EXPECT_EQ(occurrences(html, "class=\"standing\""), 3);
    EXPECT_EQ(occurrences(html, "class=\"elo-row\""), 3);
    EXPECT_EQ(occurrences(html, "class=\"game-row\""), 6);
    EXPECT_EQ(occurrences(html, "class=\"hb-board\""), 1);  // one board size
    for (const char* outside : {"<link", " src=", "url(", "@import", "https:"})
        EXPECT_EQ(html.find(outside), std::string::npos) << outside;
    EXPECT_LT(html.size(), 200000u);
}

// Shards of one tournament write report.html at once (each after its own games): no writer
// fails, and every version a reader sees, the last one too, is a whole report.
TEST(ReportHtml, WritersAtOnceEachLeaveAWholeReport) {
    const ReportScratchDir dir("race");
    fs::copy(kFixture, dir.path(), fs::copy_options::recursive);
    const std::string want = renderHtmlReport(loadReportData(dir.path().string()));
    std::atomic<int> failures{0}, writersLeft{2};
    const auto writer = [&] {
        for (int i = 0; i < 60; ++i) {
            try {
                writeHtmlReport(dir.path().string());
            } catch (const std::exception&) {
                ++failures;
            }
        }
        --writersLeft;
    };
    std::thread a(writer), b(writer);
    int torn = 0;
    while (writersLeft > 0) {
        try {
            torn += readWholeFile(dir.path() / "report.html") != want;
        } catch (const FileError&) {  // not written yet
        }
    }
    a.join();
    b.join();
    EXPECT_EQ(failures, 0);
    EXPECT_EQ(torn, 0);
    EXPECT_EQ(readWholeFile(dir.path() / "report.html"), want);
    for (const auto& entry : fs::directory_iterator(dir.path()))
        EXPECT_EQ(entry.path().filename().string().find(".tmp"), std::string::npos);
}

TEST(ReportHtml, NamesAreEscapedAndScriptDataCannotCloseItsTag) {
    ReportData data;
    data.games = {reportGame(1, "<b>x</b>", "</script>", "<b>x</b>", 3)};
    data.games[0].record = playedGame(5, 1, "<b>x</b>", "</script>");
    computeStandings(data);
    const std::string html = renderHtmlReport(data);
    EXPECT_EQ(html.find("<b>x"), std::string::npos);
    EXPECT_NE(html.find("&lt;b&gt;x&lt;/b&gt;"), std::string::npos);
    EXPECT_EQ(occurrences(html, "</script>"), 2);  // the data's and the viewer's own
}

}  // namespace
}  // namespace hippolyta
