// Implicit minimax backups (SearchParams::minimaxWeight): off, the search is the one the
// bench signature records; on, it is a different search, still deterministic, and it keeps
// its values through tree reuse and threads.
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/search/engine.h"
#include "tests/unit/search_games.h"

namespace hippolyta {
namespace {

EngineConfig imbConfig(double minimaxWeight, int threads = 1) {
    EngineConfig c;
    c.player = "mcts";
    c.seed = 42;
    c.memoryMb = 64;
    c.threads = threads;
    c.search.solverBudget = 20000;
    c.search.minimaxWeight = minimaxWeight;
    return c;
}

// The root's visit counts, move by move: what the search spent where.
std::vector<std::pair<uint32_t, uint64_t>> imbRootVisits(const SearchResult& r) {
    std::vector<std::pair<uint32_t, uint64_t>> out;
    for (const CandidateInfo& c : r.candidates)
        out.emplace_back(c.move.packed(), c.visits);
    std::sort(out.begin(), out.end());
    return out;
}

TEST(ImplicitMinimax, ChangesWhereTheSearchSpendsItsVisits) {
    const SearchResult off =
        Engine(imbConfig(0)).chooseMove(tenByTenMiddleGame(), SearchLimits(0, 3000));
    const SearchResult on =
        Engine(imbConfig(0.5)).chooseMove(tenByTenMiddleGame(), SearchLimits(0, 3000));
    ASSERT_TRUE(off.move && on.move);
    EXPECT_TRUE(tenByTenMiddleGame().position().isLegal(*on.move));
    EXPECT_NE(imbRootVisits(off), imbRootVisits(on));
}

TEST(ImplicitMinimax, OneThreadFixedSeedIsDeterministic) {
    const SearchResult a =
        Engine(imbConfig(0.5)).chooseMove(tenByTenMiddleGame(), SearchLimits(0, 2000));
    const SearchResult b =
        Engine(imbConfig(0.5)).chooseMove(tenByTenMiddleGame(), SearchLimits(0, 2000));
    ASSERT_TRUE(a.move && b.move);
    EXPECT_EQ(*a.move, *b.move);
    EXPECT_EQ(imbRootVisits(a), imbRootVisits(b));
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_DOUBLE_EQ(a.winrate, b.winrate);
}

TEST(ImplicitMinimax, AtFullWeightTakesAnImmediateWin) {
    const Position pos = parsePosition("xxxxx/xxxxx/Bxxxx/1xxxx/1W3 w");
    const SearchResult r = Engine(imbConfig(1)).chooseMove(Game(pos), SearchLimits(0, 100));
    ASSERT_TRUE(r.move);
    Position after = pos;
    after.makeMove(*r.move);
    EXPECT_FALSE(after.hasLegalMove()) << formatMove(*r.move, 5);
}

TEST(ImplicitMinimax, WholeGamesWithReuseAndTwoThreadsStayLegal) {
    // One engine plays both sides, so every search reuses (and copies) the last tree with the
    // minimax values its nodes hold.
    Engine engine(imbConfig(0.5, 2));
    Game game(Position::start(8));
    int reused = 0;
    while (!game.isOver()) {
        const SearchResult r = engine.chooseMove(game, SearchLimits(0, 800));
        ASSERT_TRUE(r.move);
        ASSERT_TRUE(game.position().isLegal(*r.move)) << formatPosition(game.position());
        reused += r.reusedTree;
        ASSERT_TRUE(game.play(*r.move));
    }
    EXPECT_GT(reused, 10);
}

}  // namespace
}  // namespace hippolyta
