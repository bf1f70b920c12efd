// Tournaments: the schedules and the Swiss pairing rule on synthetic results, the Olympiad's
// tie-break order on constructed results, the Elo fit on synthetic games, the entrants file,
// and a short fake-engine tournament resumed after losing its last games.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "adapters/tournament/elo_fit.h"
#include "adapters/tournament/entrants.h"
#include "adapters/tournament/pairing.h"
#include "adapters/tournament/standings.h"
#include "adapters/tournament/tournament_runner.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

// ---- schedules and pairing ----------------------------------------------------------------

// Every entrant exactly once per round (in an encounter or as the bye), no pair twice.
void expectValidRounds(int n, const std::vector<Round>& rounds) {
    std::set<std::pair<int, int>> pairs;
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        std::vector<int> seen(n, 0);
        for (const Encounter& e : rounds[r].encounters) {
            ++seen[e.first];
            ++seen[e.second];
            EXPECT_NE(e.first, e.second);
            EXPECT_TRUE(
                pairs.insert({std::min(e.first, e.second), std::max(e.first, e.second)}).second)
                << "pair " << e.first << "-" << e.second << " repeated in round " << r + 1;
        }
        if (rounds[r].bye >= 0) ++seen[rounds[r].bye];
        for (int i = 0; i < n; ++i)
            EXPECT_EQ(seen[i], 1) << "entrant " << i << " in round " << r + 1;
    }
}

TEST(RoundRobin, EveryPairOncePerRoundWithBalancedColours) {
    for (int n : {2, 3, 4, 5, 8}) {
        const std::vector<Round> rounds = fixedRounds(TournamentFormat::RoundRobin, n, 2);
        ASSERT_EQ(rounds.size(), 2u);
        std::set<std::pair<int, int>> once;
        std::vector<int> whiteFirst(n, 0);
        for (const Encounter& e : rounds[0].encounters) {
            once.insert({std::min(e.first, e.second), std::max(e.first, e.second)});
            ++whiteFirst[e.first];
        }
        EXPECT_EQ(once.size(), static_cast<std::size_t>(n * (n - 1) / 2)) << n;
        EXPECT_EQ(rounds[0].encounters.size(), once.size());
        for (int i = 0; i < n; ++i)
            EXPECT_LE(std::abs(2 * whiteFirst[i] - (n - 1)), 2) << "n " << n << " entrant " << i;
        for (std::size_t k = 0; k < rounds[0].encounters.size(); ++k) {  // the return cycle
            EXPECT_EQ(rounds[1].encounters[k].first, rounds[0].encounters[k].second);
            EXPECT_EQ(rounds[1].encounters[k].second, rounds[0].encounters[k].first);
        }
    }
}

TEST(Gauntlet, TheFirstEntrantMeetsEveryOther) {
    const std::vector<Round> rounds = fixedRounds(TournamentFormat::Gauntlet, 4, 1);
    ASSERT_EQ(rounds[0].encounters.size(), 3u);
    for (int k = 0; k < 3; ++k) {
        EXPECT_EQ(rounds[0].encounters[k].first, 0);
        EXPECT_EQ(rounds[0].encounters[k].second, k + 1);
    }
    EXPECT_THROW(fixedRounds(TournamentFormat::Swiss, 4, 1), std::invalid_argument);
}

TEST(Swiss, PairsWithinScoreGroupsAndAlternatesColours) {
    std::vector<Round> played;
    std::vector<int> points(8, 0);
    const Round first = swissRound(8, played, points);
    // All on 0 points: placing is the file order, and the highest takes the next one down.
    const std::vector<Encounter> expected1 = {{0, 1}, {2, 3}, {4, 5}, {6, 7}};
    EXPECT_EQ(first.encounters, expected1) << "odd round: the higher placed has White first";
    EXPECT_EQ(first.bye, -1);
    played.push_back(first);
    points = {2, 0, 2, 0, 2, 0, 2, 0};  // each higher placed won both games
    const Round second = swissRound(8, played, points);
    // Groups {0,2,4,6} on 2 and {1,3,5,7} on 0; all had White first once or never, so in an
    // even round the lower placed of each pair opens with White.
    const std::vector<Encounter> expected2 = {{2, 0}, {6, 4}, {3, 1}, {7, 5}};
    EXPECT_EQ(second.encounters, expected2);
}

TEST(Swiss, WhoHadWhiteFirstLessOftenGetsItFirst) {
    std::vector<Round> played = {Round{{{0, 1}, {2, 3}}, -1}};
    // 0 and 3 lead: 0-3 and 1-2 meet. 1 and 3 never had White first, so they get it first
    // (a tie would have given it to the lower placed in this even round: 3 and 2).
    const Round r = swissRound(4, played, {2, 0, 0, 2});
    ASSERT_EQ(r.encounters.size(), 2u);
    for (const Encounter& e : r.encounters)
        EXPECT_TRUE(e.first == 1 || e.first == 3);
}

TEST(Swiss, NoRepeatsByesAndColoursOnRandomResults) {
    for (int n : {7, 8, 9}) {
        for (uint32_t seed = 1; seed <= 20; ++seed) {
            std::mt19937 rng(seed);
            std::vector<Round> played;
            std::vector<int> points(n, 0);
            const int rounds = 5;
            for (int r = 0; r < rounds; ++r) {
                const Round round = swissRound(n, played, points);
                if (n % 2 == 1) {
                    ASSERT_GE(round.bye, 0);
                    // The bye: the lowest score among those without a bye yet.
                    for (int i = 0; i < n; ++i) {
                        bool hadBye = false;
                        for (const Round& p : played)
                            hadBye |= p.bye == i;
                        if (!hadBye) {
                            EXPECT_LE(points[round.bye], points[i]) << "seed " << seed;
                        }
                    }
                    points[round.bye] += 1;
                } else {
                    EXPECT_EQ(round.bye, -1);
                }
                for (const Encounter& e : round.encounters)
                    for (int game = 0; game < 2; ++game)
                        points[rng() % 2 ? e.first : e.second] += 1;
                played.push_back(round);
            }
            expectValidRounds(n, played);
            std::set<int> byes;
            for (const Round& p : played)
                if (p.bye >= 0) {
                    EXPECT_TRUE(byes.insert(p.bye).second) << "a second bye";
                }
            std::vector<int> whiteFirst(n, 0), encounters(n, 0);
            for (const Round& p : played)
                for (const Encounter& e : p.encounters) {
                    ++whiteFirst[e.first];
                    ++encounters[e.first];
                    ++encounters[e.second];
                }
            for (int i = 0; i < n; ++i)
                EXPECT_LE(std::abs(2 * whiteFirst[i] - encounters[i]), 3)
                    << "n " << n << " seed " << seed << " entrant " << i;
        }
    }
}

TEST(Swiss, TooManyRoundsIsAClearError) {
    std::vector<Round> played;
    for (int r = 0; r < 3; ++r)
        played.push_back(swissRound(4, played, {0, 0, 0, 0}));
    expectValidRounds(4, played);
    EXPECT_THROW(swissRound(4, played, {0, 0, 0, 0}), std::runtime_error);
}

// ---- standings ----------------------------------------------------------------------------

GameRow game(int number, const std::string& white, const std::string& black, bool whiteWins,
             int territory = 0) {
    GameRow r;
    r.game = number;
    r.white = white;
    r.black = black;
    r.winner = whiteWins ? Color::White : Color::Black;
    r.territory = territory;
    r.plies = 40;
    return r;
}

// An encounter's two games: first has White in the first; winners "first", "second" or "split".
void addEncounter(std::vector<GameRow>& rows, int e, const std::string& first,
                  const std::string& second, const std::string& outcome, int territory = 10) {
    rows.push_back(game(2 * e + 1, first, second, outcome != "second", territory));
    rows.push_back(game(2 * e + 2, second, first, outcome != "first", territory));
}

std::vector<std::string> rankedNames(const Standings& s) {
    std::vector<std::string> out;
    for (const Standing& st : s.ranking)
        out.push_back(st.name);
    return out;
}

TEST(Standings, OpponentsPointsBreakTiesInPoints) {
    TournamentInfo info;
    info.format = TournamentFormat::Swiss;
    info.names = {"E", "A", "C", "B", "D", "F"};  // file order differs from the ranking
    info.rounds = 2;
    auto idx = [&](const std::string& n) {
        return static_cast<int>(std::find(info.names.begin(), info.names.end(), n) -
                                info.names.begin());
    };
    const std::vector<Round> rounds = {
        Round{{{idx("A"), idx("B")}, {idx("C"), idx("D")}, {idx("E"), idx("F")}}, -1},
        Round{{{idx("A"), idx("E")}, {idx("B"), idx("D")}, {idx("C"), idx("F")}}, -1}};
    std::vector<GameRow> rows;
    addEncounter(rows, 0, "A", "B", "first");  // A 2
    addEncounter(rows, 1, "C", "D", "split");  // C 1, D 1
    addEncounter(rows, 2, "E", "F", "first");  // E 2
    addEncounter(rows, 3, "A", "E", "split");  // A 3, E 3
    addEncounter(rows, 4, "B", "D", "first");  // B 2
    addEncounter(rows, 5, "C", "F", "split");  // C 2, F 1
    const Standings s = computeStandings(info, rounds, rows, "");
    // A and E on 3: A met B (2) and E (3) = 5, E met F (1) and A (3) = 4.
    // B and C on 2: B met A and D = 4, C met D and F = 2. F and D on 1: F 5, D 4.
    EXPECT_EQ(rankedNames(s), (std::vector<std::string>{"A", "E", "B", "C", "F", "D"}));
    EXPECT_EQ(s.ranking[0].points, 3);
    EXPECT_EQ(s.ranking[0].opponentsPoints, 5);
    EXPECT_EQ(s.ranking[1].opponentsPoints, 4);
    EXPECT_EQ(s.ranking[4].opponentsPoints, 5);
    EXPECT_EQ(s.ranking[5].opponentsPoints, 4);
}

TEST(Standings, TerritoryBreaksTiesInBothPointsAndOpponentsPoints) {
    TournamentInfo info;
    info.format = TournamentFormat::RoundRobin;
    info.names = {"X", "Y", "Z"};
    const std::vector<Round> rounds = fixedRounds(info.format, 3, 1);
    std::vector<GameRow> rows;
    // Every encounter split: all on 2 points and 4 opponents' points; territory decides.
    for (std::size_t e = 0; e < rounds[0].encounters.size(); ++e) {
        const Encounter& enc = rounds[0].encounters[e];
        const std::string a = info.names[enc.first], b = info.names[enc.second];
        rows.push_back(game(2 * e + 1, a, b, true, a == "Z" ? 20 : a == "Y" ? 9 : 1));
        rows.push_back(game(2 * e + 2, b, a, true, b == "Z" ? 20 : b == "Y" ? 9 : 1));
    }
    const Standings s = computeStandings(info, rounds, rows, "");
    EXPECT_EQ(rankedNames(s), (std::vector<std::string>{"Z", "Y", "X"}));
    EXPECT_EQ(s.ranking[0].territory, 40);
    EXPECT_EQ(s.ranking[1].territory, 18);
    EXPECT_EQ(s.ranking[2].opponentsPoints, 4);
    for (const EncounterTotal& t : s.encounters)
        EXPECT_EQ(t.aPoints + t.bPoints, 2);
}

TEST(Standings, ByesScoreAPointAndRowsMustFitTheSchedule) {
    TournamentInfo info;
    info.format = TournamentFormat::Swiss;
    info.names = {"A", "B", "C"};
    info.rounds = 3;
    std::vector<GameRow> rows;
    std::vector<Round> rounds = scheduleFromResults(info, rows);
    ASSERT_EQ(rounds.size(), 1u) << "only the first round is paired before any result";
    EXPECT_EQ(rounds[0].bye, 2);  // the lowest placed, C
    addEncounter(rows, 0, "A", "B", "first");
    rounds = scheduleFromResults(info, rows);
    ASSERT_EQ(rounds.size(), 2u);
    const Standings s = computeStandings(info, rounds, rows, "A");
    EXPECT_EQ(s.ranking[0].name, "A");
    EXPECT_EQ(s.ranking[0].elo, 0.0) << "the anchor";
    EXPECT_EQ(s.ranking[0].eloError, 0.0);
    // C's bye of round 1 counts a point; the round-2 bye is B's (lowest without a bye).
    EXPECT_EQ(rounds[1].bye, 1);
    int cPoints = -1;
    for (const Standing& st : s.ranking)
        if (st.name == "C") cPoints = st.points;
    EXPECT_EQ(cPoints, 1);
    // A row naming other players than the pairing is refused.
    std::vector<GameRow> wrong = rows;
    wrong.push_back(game(3, "B", "C", true));
    EXPECT_THROW(scheduleFromResults(info, wrong), std::runtime_error);
    EXPECT_THROW(computeStandings(info, rounds, rows, "Nobody"), std::invalid_argument);
}

TEST(Standings, KeyRoundTripsAndJsonFollowsTheSchema) {
    TournamentInfo info;
    info.format = TournamentFormat::RoundRobin;
    info.asked = "olympiad";
    info.names = {"p", "q"};
    info.rounds = 1;
    info.tc = "move:0.1";
    const TournamentInfo back = parseTournamentKey(tournamentKey(info));
    EXPECT_EQ(back.names, info.names);
    EXPECT_EQ(back.asked, "olympiad");
    EXPECT_EQ(back.tc, "move:0.1");
    EXPECT_THROW(parseTournamentKey("engine1=a; engine2=b"), std::invalid_argument);

    std::vector<GameRow> rows;
    addEncounter(rows, 0, "p", "q", "first", 23);
    const std::vector<Round> rounds = fixedRounds(info.format, 2, 1);
    const auto j =
        nlohmann::json::parse(standingsJson(info, computeStandings(info, rounds, rows, "")));
    EXPECT_EQ(j["version"], 1);
    EXPECT_EQ(j["format"], "olympiad");
    EXPECT_EQ(j["elo_anchor"], "mean");
    EXPECT_EQ(j["entrants"][0]["name"], "p");
    EXPECT_EQ(j["entrants"][0]["territory"], 46);
    EXPECT_EQ(j["entrants"][0]["opponents_points"], 0);
    EXPECT_EQ(j["encounters"][0]["a_points"], 2);
    EXPECT_EQ(j["games"][0]["result"], "W+23");
    EXPECT_EQ(j["games"][1]["result"], "B+23");
    EXPECT_EQ(j["games"][1]["winner"], "p");
    EXPECT_EQ(j["games"][1]["sgf"], "games/game-000002.sgf");
    EXPECT_EQ(j["games"][1]["round"], 1);
    for (const char* key : {"rank", "points", "games", "wins", "losses", "elo", "elo_error"})
        EXPECT_TRUE(j["entrants"][1].contains(key)) << key;
}

// ---- Elo ----------------------------------------------------------------------------------

TEST(EloFit, RecoversKnownRatingsFromSyntheticGames) {
    const std::vector<double> truth = {0, 100, 250, -150};
    std::mt19937 rng(42);
    std::uniform_real_distribution<double> u(0, 1);
    std::vector<DecisiveGame> games;
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j)
            for (int k = 0; k < 400; ++k) {
                const double p = 1 / (1 + std::pow(10, (truth[j] - truth[i]) / 400));
                games.push_back(u(rng) < p ? DecisiveGame{i, j} : DecisiveGame{j, i});
            }
    const EloFit mean = fitElo(4, games, -1);
    const double truthMean = (0 + 100 + 250 - 150) / 4.0;
    double sum = 0;
    for (int i = 0; i < 4; ++i) {
        sum += mean.elo[i];
        EXPECT_NEAR(mean.elo[i], truth[i] - truthMean, 40) << i;
        EXPECT_GT(mean.error[i], 5);
        EXPECT_LT(mean.error[i], 60);
    }
    EXPECT_NEAR(sum, 0, 1e-6);
    const EloFit anchored = fitElo(4, games, 0);
    EXPECT_EQ(anchored.elo[0], 0);
    EXPECT_EQ(anchored.error[0], 0);
    for (int i = 1; i < 4; ++i)  // the same differences, only shifted
        EXPECT_NEAR(anchored.elo[i] - anchored.elo[0], mean.elo[i] - mean.elo[0], 1e-6);
}

TEST(EloFit, AllWinsAndAllLossesStayFinite) {
    std::vector<DecisiveGame> games;
    for (int k = 0; k < 10; ++k) {
        games.push_back({0, 1});
        games.push_back({0, 2});
        games.push_back({k % 2 ? 1 : 2, k % 2 ? 2 : 1});
    }
    const EloFit fit = fitElo(3, games, -1);
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(std::isfinite(fit.elo[i]));
        EXPECT_TRUE(std::isfinite(fit.error[i]));
    }
    EXPECT_GT(fit.elo[0], fit.elo[1] + 200);
    EXPECT_NEAR(fit.elo[1], fit.elo[2], 1e-6);
    const EloFit none = fitElo(2, {}, -1);
    EXPECT_EQ(none.elo[0], 0);
    EXPECT_GT(none.error[0], 0);
}

// ---- entrants -----------------------------------------------------------------------------

TEST(Entrants, ParsesAndRejectsClearly) {
    const auto specs = parseEntrants(
        R"({"engines": [{"name": "a", "command": "x"}, {"name": "b", "command": "y", "dir": "d"}]})",
        "e.json");
    ASSERT_EQ(specs.size(), 2u);
    EXPECT_EQ(specs[1].dir, "d");
    auto error = [](const std::string& text) {
        try {
            parseEntrants(text, "e.json");
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(error("{").find("not JSON"), std::string::npos);
    EXPECT_NE(error(R"({"engines": [{"name": "a", "command": "x"}]})").find("two engines"),
              std::string::npos);
    EXPECT_NE(error(R"({"engines": [{"name": "a"}, {"name": "b", "command": "y"}]})")
                  .find("\"command\" is missing"),
              std::string::npos);
    EXPECT_NE(
        error(R"({"engines": [{"name": "a", "command": "x"}, {"name": "a", "command": "y"}]})")
            .find("taken"),
        std::string::npos);
    EXPECT_NE(
        error(R"({"engines": [{"name": "a,b", "command": "x"}, {"name": "c", "command": "y"}]})")
            .find("may not hold"),
        std::string::npos);
    EXPECT_NE(error(R"({"engines": [{"name": 3, "command": "x"}]})").find("no string"),
              std::string::npos);
}

// ---- a tournament of fake engines ---------------------------------------------------------

class TournamentRunTest : public ::testing::Test {
  protected:
    void SetUp() override {
        const std::string fakes = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines";
        std::ofstream json(dir_ / "entrants.json");
        json << "{\"engines\": [";
        for (const char* name : {"A", "B", "C", "D", "E"})
            json << (name[0] == 'A' ? "" : ",") << "{\"name\": \"" << name
                 << "\", \"command\": \"./scripted-engine.sh game-6x6.txt --name " << name
                 << "\", \"dir\": \"" << fakes << "\"}";
        json << "]}";
    }
    TournamentConfig config() const {
        TournamentConfig c;
        c.entrantsFile = (dir_ / "entrants.json").string();
        c.format = TournamentFormat::Olympiad;  // 5 entrants: all-play-all
        c.core.size = 6;
        c.randomPlies = 0;  // the fakes follow their script from the start
        c.core.outDir = (dir_ / "out").string();
        c.core.concurrency = 2;
        c.core.referee.commandTimeout = 2;
        c.core.referee.untimedMoveTimeout = 2;
        return c;
    }

    TestDir dir_;
};

TEST_F(TournamentRunTest, ResumesAfterLosingTheLastGamesToAKill) {
    std::ostringstream out, err;
    TournamentConfig c = config();
    c.format = TournamentFormat::Swiss;
    c.rounds = 3;
    ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
    const fs::path table = dir_ / "out" / "results.tsv";
    const std::string whole = fileBytes(table);
    const ParsedTable full = parseResultsTable(whole, "t");
    ASSERT_EQ(full.rows.size(), 12u) << "5 entrants: 2 encounters a round, 3 rounds";
    // A kill in the middle of round 2: the rows of games 7.. are gone, game 7's half written.
    std::string cut;
    std::istringstream lines(whole);
    for (std::string line; std::getline(lines, line);) {
        const bool row = !line.empty() && std::isdigit(static_cast<unsigned char>(line[0]));
        if (row && std::stoi(line) >= 7) continue;
        cut += line + "\n";
    }
    cut += "7\tA\tB\tW+";
    std::ofstream(table, std::ios::trunc) << cut;
    fs::remove(dir_ / "out" / "standings.json");

    std::ostringstream again;
    ASSERT_EQ(runTournament(c, again, err), 0) << err.str();
    EXPECT_NE(again.str().find("Resuming: 6 finished games kept"), std::string::npos)
        << again.str();
    EXPECT_EQ(again.str().find("Finished game 5 "), std::string::npos) << "replayed a kept game";
    const ParsedTable resumed = parseResultsTable(fileBytes(table), "t");
    ASSERT_EQ(resumed.rows.size(), 12u);
    std::map<int, std::pair<std::string, std::string>> before, after;
    for (const GameRow& r : full.rows)
        before[r.game] = {r.white, r.black};
    for (const GameRow& r : resumed.rows)
        after[r.game] = {r.white, r.black};
    EXPECT_EQ(before, after) << "the Swiss rounds were paired again the same way";
    const auto j = nlohmann::json::parse(fileBytes(dir_ / "out" / "standings.json"));
    EXPECT_EQ(j["games"].size(), 12u);
    EXPECT_EQ(j["format"], "swiss");
    EXPECT_TRUE(fs::exists(dir_ / "out" / "games" / "game-000012.sgf"));
    const std::string text = fileBytes(dir_ / "out" / "standings.txt");
    EXPECT_NE(text.find("12 of 12 scheduled games played"), std::string::npos) << text;
}

TEST_F(TournamentRunTest, OlympiadWithFiveIsAllPlayAllAndMergeAgrees) {
    std::ostringstream out, err;
    TournamentConfig c = config();
    c.shardCount = 2;
    for (c.shardIndex = 0; c.shardIndex < 2; ++c.shardIndex)
        ASSERT_EQ(runTournament(c, out, err), 0) << err.str();
    // Both shards wrote the combined standings: every pair met, 20 games.
    const auto j = nlohmann::json::parse(fileBytes(dir_ / "out" / "standings.json"));
    EXPECT_EQ(j["format"], "olympiad");
    EXPECT_EQ(j["games"].size(), 20u);
    EXPECT_EQ(j["encounters"].size(), 10u);
    std::ostringstream merged;
    ASSERT_EQ(mergeTournament({(dir_ / "out" / "results-0-of-2.tsv").string(),
                               (dir_ / "out" / "results-1-of-2.tsv").string()},
                              (dir_ / "merged").string(), "A", merged, err),
              0);
    EXPECT_NE(merged.str().find("Merged 20 games from 2 tables"), std::string::npos);
    const auto m = nlohmann::json::parse(fileBytes(dir_ / "merged" / "standings.json"));
    for (std::size_t i = 0; i < 5; ++i)
        EXPECT_EQ(m["entrants"][i]["name"], j["entrants"][i]["name"]);
    EXPECT_EQ(m["elo_anchor"], "A");
    EXPECT_EQ(m["games"], j["games"]);
    // A Swiss cannot be sharded: its rounds need the results before them.
    c.format = TournamentFormat::Swiss;
    c.core.outDir = (dir_ / "swiss").string();
    EXPECT_THROW(runTournament(c, out, err), std::invalid_argument);
}

}  // namespace
}  // namespace hippolyta
