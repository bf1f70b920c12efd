// Two-level expansion (SearchParams::twoLevel): the pattern scorer's groups (amazon moves) and
// their arrows agree with its full listing, and a two-level search plays legal moves, stays
// deterministic, and proves only what is true.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <vector>

#include "engine/core/notation.h"
#include "engine/regions/regions.h"
#include "engine/search/bench.h"
#include "engine/search/endgame_search.h"
#include "engine/search/engine.h"
#include "engine/search/pattern_prior.h"
#include "tests/unit/random_pattern_weights.h"
#include "tests/unit/random_position.h"
#include "tests/unit/search_games.h"

namespace hippolyta {
namespace {

// Each group's best move's score, from the full listing of every move.
std::map<uint32_t, float> groupBests(const Position& pos, std::optional<Move> last,
                                     const PatternWeights& w) {
    std::vector<ScoredMove> all;
    scoreBestMovesPattern(pos, last, w, 0, all);
    std::map<uint32_t, float> best;
    for (const ScoredMove& m : all) {
        const uint32_t g = groupMove(m.move.from, m.move.to).packed();
        const auto it = best.find(g);
        if (it == best.end() || m.score > it->second) best[g] = m.score;
    }
    return best;
}

// Random weights on seeded random 8x8 and 10x10 positions: every group scored by its best move,
// the best `keep` exact and in order, and a group's arrows scored as in the full listing.
TEST(TwoLevel, GroupsAreScoredByTheirBestMove) {
    std::mt19937_64 rng(4825);
    for (int n : {8, 10}) {
        for (int game = 0; game < 3; ++game) {
            const PatternWeights w = randomPatternWeights(rng);
            const Position pos = randomPosition(n, 6 + 7 * game, rng);
            ASSERT_TRUE(pos.hasLegalMove());
            const std::optional<Move> last = parseMove(n == 8 ? "c1-c4/e4" : "d1-d7/g7", n);
            const std::map<uint32_t, float> expected = groupBests(pos, last, w);
            std::vector<ScoredMove> groups;
            ASSERT_EQ(scoreBestGroupsPattern(pos, last, w, 0, groups), expected.size());
            ASSERT_EQ(groups.size(), expected.size());
            for (const ScoredMove& g : groups)
                EXPECT_EQ(g.score, expected.at(g.move.packed())) << formatPosition(pos);
            std::vector<float> sorted;
            for (const auto& [g, score] : expected)
                sorted.push_back(score);
            std::sort(sorted.rbegin(), sorted.rend());
            for (size_t keep : {1, 8, 30}) {
                ASSERT_EQ(scoreBestGroupsPattern(pos, last, w, keep, groups), expected.size());
                ASSERT_EQ(groups.size(), std::min(keep, expected.size()));
                for (size_t i = 0; i < groups.size(); ++i) {
                    EXPECT_EQ(groups[i].score, sorted[i]) << formatPosition(pos) << " #" << i;
                    EXPECT_EQ(groups[i].score, expected.at(groups[i].move.packed()));
                }
            }
            std::vector<ScoredMove> all, arrows;
            scoreBestMovesPattern(pos, last, w, 0, all);
            const Move g = Move::unpack(groups.front().move.packed());
            scoreGroupMovesPattern(pos, last, w, g.from, g.to, arrows);
            std::vector<ScoredMove> inGroup;
            std::copy_if(
                all.begin(), all.end(), std::back_inserter(inGroup),
                [&](const ScoredMove& m) { return m.move.from == g.from && m.move.to == g.to; });
            sortMoves(inGroup);
            sortMoves(arrows);
            ASSERT_EQ(arrows.size(), inGroup.size());
            for (size_t i = 0; i < arrows.size(); ++i) {
                EXPECT_EQ(arrows[i].move, inGroup[i].move);
                EXPECT_EQ(arrows[i].score, inGroup[i].score);
            }
        }
    }
}

EngineConfig twoLevelConfig(uint64_t solverBudget = 20000, int threads = 1) {
    EngineConfig c;
    c.player = "mcts";
    c.seed = 42;
    c.memoryMb = 64;
    c.threads = threads;
    c.search.solverBudget = solverBudget;
    c.search.twoLevel = 1;
    return c;
}

// Off, the search is the one the bench signature records; on, another, the same every run.
TEST(TwoLevel, IsADifferentSearchAndDeterministic) {
    EngineConfig config;
    const uint64_t off = benchSignature(config, 300);
    config.search.twoLevel = 1;
    const uint64_t on = benchSignature(config, 300);
    EXPECT_NE(on, off);
    EXPECT_EQ(benchSignature(config, 300), on);
    const SearchResult a = Engine(twoLevelConfig()).chooseMove(tenByTenMiddleGame(), {0, 3000});
    const SearchResult b = Engine(twoLevelConfig()).chooseMove(tenByTenMiddleGame(), {0, 3000});
    ASSERT_TRUE(a.move && b.move);
    EXPECT_EQ(*a.move, *b.move);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_DOUBLE_EQ(a.winrate, b.winrate);
    // The principal variation names whole moves only, each legal in turn.
    Position pos = tenByTenMiddleGame().position();
    ASSERT_GE(a.pv.size(), 2u);
    for (const Move& m : a.pv) {
        ASSERT_TRUE(pos.isLegal(m)) << formatPosition(pos) << " " << formatMove(m, 10);
        pos.makeMove(m);
    }
}

TEST(TwoLevel, WholeGamesWithTwoThreadsStayLegal) {
    Engine engine(twoLevelConfig(20000, 2));
    Game game(Position::start(8));
    while (!game.isOver()) {
        const SearchResult r = engine.chooseMove(game, {0, 800});
        ASSERT_TRUE(r.move);
        ASSERT_TRUE(game.position().isLegal(*r.move)) << formatPosition(game.position());
        ASSERT_TRUE(game.play(*r.move));
    }
}

// Proofs pass through the groups with the right sign: on small positions, whatever the search
// proves (the root's solver off) is what the exact endgame search finds.
TEST(TwoLevel, ProvesOnlyTrueResults) {
    std::mt19937_64 rng(4826);
    int proven = 0, wins = 0;
    for (int i = 0; i < 24; ++i) {
        const Position pos = randomPosition(5, 8 + static_cast<int>(rng() % 4), rng);
        if (!pos.hasLegalMove() || isSeparated(pos)) continue;
        const std::atomic<bool> stop{false};
        EndgameSearch solver(2000000);
        const EndgameResult exact = solver.solve(pos, kEndgameUnbounded, stop);
        if (exact.outcome == Outcome::Unknown) continue;
        const SearchResult r = Engine(twoLevelConfig(0)).chooseMove(Game(pos), {0, 20000});
        if (!r.proven) continue;
        ++proven;
        wins += exact.outcome == Outcome::Win;
        EXPECT_EQ(r.winrate, exact.outcome == Outcome::Win ? 1.0 : 0.0) << formatPosition(pos);
    }
    EXPECT_GE(proven, 8);
    EXPECT_GT(wins, 0);  // both signs met
    EXPECT_LT(wins, proven);
}

}  // namespace
}  // namespace hippolyta
