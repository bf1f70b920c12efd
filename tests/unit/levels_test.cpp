// Strength levels: parsing and ranges, the deliberate choice (legal, never a proven loss,
// deterministic for a seed), level 1 against level 10, and the GTP command and option.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <set>

#include "engine/core/notation.h"
#include "engine/search/engine.h"
#include "engine/search/levels.h"
#include "gtp_fixture.h"

namespace hippolyta {
namespace {

TEST(Levels, ParseAcceptsOneToTenOnly) {
    EXPECT_EQ(parseLevel("1"), 1);
    EXPECT_EQ(parseLevel("10"), 10);
    EXPECT_EQ(parseLevel("07"), 7);
    for (const char* bad :
         {"", "0", "11", "-1", "+3", " 3", "3 ", "3x", "abc", "2.5", "99999999999999999999"})
        EXPECT_FALSE(parseLevel(bad)) << bad;
    EXPECT_FALSE(parseLevel(nullptr));
}

TEST(Levels, SettingsExistBelowTenAndGrowWithTheLevel) {
    EXPECT_THROW(levelSettings(0), std::out_of_range);
    EXPECT_THROW(levelSettings(kMaxLevel), std::out_of_range);
    for (int level = kMinLevel + 1; level < kMaxLevel; ++level) {
        const LevelSettings lower = levelSettings(level - 1), s = levelSettings(level);
        // More search, or the same search with a cooler choice.
        EXPECT_TRUE(s.visits > lower.visits ||
                    (s.visits == lower.visits && s.temperature < lower.temperature))
            << level;
    }
}

SearchResult candidates(std::initializer_list<std::pair<const char*, double>> moves) {
    SearchResult r;
    for (const auto& [text, winrate] : moves) {
        CandidateInfo c;
        c.move = parseMove(text, 10);
        c.winrate = winrate;
        c.visits = 10;
        r.candidates.push_back(c);
    }
    r.move = r.candidates.front().move;
    return r;
}

TEST(Levels, ZeroTemperatureKeepsTheSearchsMove) {
    std::mt19937_64 rng(1);
    const SearchResult r = candidates({{"d1-d7/g7", 0.4}, {"g1-g7/d7", 0.6}, {"a4-a8/a9", 0.5}});
    EXPECT_EQ(pickAmongCandidates(r, 0, rng), parseMove("d1-d7/g7", 10));
}

TEST(Levels, ABarelySearchedMoveIsNotChosen) {
    SearchResult r = candidates({{"d1-d7/g7", 0.5}, {"g1-g7/d7", 0.5}, {"a4-a8/a9", 0.99}});
    r.candidates[0].visits = 100;
    r.candidates[1].visits = 50;
    r.candidates[2].visits = 9;  // under a tenth of the most visited
    std::mt19937_64 rng(2);
    std::set<uint32_t> seen;
    for (int i = 0; i < 100; ++i)
        seen.insert(pickAmongCandidates(r, 1.0, rng)->packed());
    EXPECT_EQ(seen, (std::set<uint32_t>{parseMove("d1-d7/g7", 10).packed(),
                                        parseMove("g1-g7/d7", 10).packed()}));
}

TEST(Levels, AProvenLossIsNeverChosen) {
    SearchResult r = candidates({{"d1-d7/g7", 0.0}, {"g1-g7/d7", 0.01}});
    r.candidates[0].proven = true;
    std::mt19937_64 rng(3);
    for (int i = 0; i < 200; ++i)
        EXPECT_EQ(pickAmongCandidates(r, 10.0, rng), parseMove("g1-g7/d7", 10));
}

TEST(Levels, AHotChoiceSpreadsOverTheCandidatesAndRepeatsForASeed) {
    const SearchResult r = candidates({{"d1-d7/g7", 0.5}, {"g1-g7/d7", 0.5}, {"a4-a8/a9", 0.5}});
    std::mt19937_64 a(5), b(5);
    std::set<uint32_t> seen;
    for (int i = 0; i < 100; ++i) {
        const std::optional<Move> m = pickAmongCandidates(r, 0.1, a);
        EXPECT_EQ(m, pickAmongCandidates(r, 0.1, b));
        seen.insert(m->packed());
    }
    EXPECT_EQ(seen.size(), 3u);
}

TEST(Levels, TerritoryChoiceIsLegalAndEmptyWithoutMoves) {
    std::mt19937_64 rng(9);
    Position pos = Position::start(8);
    for (int ply = 0; ply < 30 && pos.hasLegalMove(); ++ply) {
        const std::optional<Move> m = pickByTerritory(pos, 6.0, rng);
        ASSERT_TRUE(m && pos.isLegal(*m));
        pos.makeMove(*m);
    }
    const Position walled = parsePosition("Wx2/xx2/4/3B w");
    EXPECT_FALSE(walled.hasLegalMove());
    EXPECT_FALSE(pickByTerritory(walled, 1.0, rng));
}

// Self-play from the start at a level with a fixed seed; the moves as text.
std::string selfPlay(int level, uint64_t seed, int plies) {
    EngineConfig config;
    config.seed = seed;
    config.level = level;
    config.visits = 300;  // level 10 with fixed visits, so the test does not depend on time
    config.memoryMb = 64;
    Engine engine(config);
    Game game(Position::start(8));
    std::string moves;
    for (int i = 0; i < plies; ++i) {
        const SearchResult r = engine.chooseMove(game, engine.defaultLimits());
        EXPECT_TRUE(r.move && game.position().isLegal(*r.move));
        if (!r.move) break;
        moves += formatMove(*r.move, 8) + ' ';
        game.play(*r.move);
    }
    return moves;
}

TEST(Levels, LevelOneAndLevelTenPlayDifferentMovesAndEachRepeats) {
    const std::string one = selfPlay(1, 11, 6), ten = selfPlay(10, 11, 6);
    EXPECT_NE(one, ten);
    EXPECT_EQ(one, selfPlay(1, 11, 6));
    EXPECT_EQ(selfPlay(5, 11, 6), selfPlay(5, 11, 6));
}

using LevelCommand = GtpSessionTest;

TEST_F(LevelCommand, SetsAndReportsTheLevelAndRejectsBadValues) {
    EXPECT_NE(ok("list_commands").find("amz-level"), std::string::npos);
    EXPECT_EQ(ok("amz-level"), "10");
    ok("amz-level 3");
    EXPECT_EQ(ok("amz-level"), "3");
    for (const char* bad : {"amz-level 0", "amz-level 11", "amz-level x", "amz-level -2"})
        EXPECT_EQ(fail(bad), "level must be a whole number from 1 to 10") << bad;
    EXPECT_NE(fail("amz-level 3 4").find("wrong number of arguments"), std::string::npos);
    EXPECT_EQ(ok("amz-level"), "3");
    ok("boardsize 6");
    const std::string move = ok("genmove white");
    EXPECT_TRUE(Position::start(6).isLegal(parseMove(move, 6))) << move;
}

}  // namespace
}  // namespace hippolyta
