// The region bounds at the tree search's leaves (SearchParams::endgameBounds,
// engine/regions/region_bounds.h): partly separated leaves they decide are proven.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/regions/region_bounds.h"
#include "engine/search/bench_endgame.h"
#include "engine/search/engine.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

// 10 x 10, White to move. White owns the corridor b10-j10 (nine moves for its a10 amazon).
// Black's b1 amazon shares a region with White's c3 and d3, but with them standing still it
// reaches the seven squares of a1-d2 only: at most seven moves. Nine beat seven, so White
// wins, whatever happens in the contested region (over forty empty squares: too many for the
// root's endgame solver). A plain search has to look deeper: walling Black in takes White two
// moves, trapping it more.
const char* kCorridorWin = "W9/xxxxxxxxxx/10/4W5/10/7W2/10/xxWWx5/4xxxxxx/1B2xxxxxx w";
// The colours swapped: White, to move, has at most seven moves against Black's nine; all its
// legal moves lose.
const char* kCorridorLoss = "B9/xxxxxxxxxx/10/4B5/10/7B2/10/xxBBx5/4xxxxxx/1W2xxxxxx w";
// Black's second amazon in the open area reaches its squares too: nothing is decided.
const char* kOpenContest = "W9/xxxxxxxxxx/10/4W5/4B5/7W2/10/xxWWx5/4xxxxxx/1B2xxxxxx w";

EngineConfig boundsConfig(bool endgameBounds) {
    EngineConfig c;
    c.player = "mcts";
    c.seed = 7;
    c.memoryMb = 32;
    c.search.endgameBounds = endgameBounds;
    c.search.solverBudget = 0;  // the root's exact solver would settle these small fights too
    return c;
}

SearchResult search(const char* text, bool endgameBounds, uint64_t visits) {
    Engine engine(boundsConfig(endgameBounds));
    SearchLimits limits;
    limits.visits = visits;
    return engine.chooseMove(Game(parsePosition(text)), limits);
}

bool wins(Position pos) {
    std::unordered_map<uint64_t, bool> memo;
    return solver_test::wins(pos, memo);
}

TEST(EndgameBounds, AreOffByDefault) {
    EXPECT_FALSE(SearchParams{}.endgameBounds);
}

TEST(EndgameBounds, ProveAPartlySeparatedWin) {
    const Position pos = parsePosition(kCorridorWin);
    ASSERT_FALSE(isSeparated(pos));
    RegionCounter counter;
    EXPECT_EQ(outcomeByBounds(pos, counter), Outcome::Win);
    const SearchResult on = search(kCorridorWin, true, 30);
    ASSERT_TRUE(on.move);
    EXPECT_TRUE(on.proven);
    EXPECT_DOUBLE_EQ(on.winrate, 1.0);
    // Without the bounds the same budget proves nothing.
    EXPECT_FALSE(search(kCorridorWin, false, 30).proven);
}

TEST(EndgameBounds, ProveAPartlySeparatedLoss) {
    const Position pos = parsePosition(kCorridorLoss);
    RegionCounter counter;
    EXPECT_EQ(outcomeByBounds(pos, counter), Outcome::Loss);
    const SearchResult on = search(kCorridorLoss, true, 2000);
    EXPECT_TRUE(on.proven);
    EXPECT_DOUBLE_EQ(on.winrate, 0.0);
    EXPECT_FALSE(search(kCorridorLoss, false, 2000).proven);
}

TEST(EndgameBounds, LeaveOverlappingBoundsUnproven) {
    RegionCounter counter;
    EXPECT_EQ(outcomeByBounds(parsePosition(kOpenContest), counter), Outcome::Unknown);
    EXPECT_FALSE(search(kOpenContest, true, 200).proven);
}

TEST(EndgameBounds, AgreeWithPlainSearchOnRandomPositions) {
    // Random games on 5 x 4 and 5 x 5 (fixed seed), the counter at the tree's small budget:
    // wherever the bounds decide a position that is not separated yet, plain minimax agrees,
    // and so does the tree search with them at its leaves whenever it proves the root.
    RegionCounter counter(SearchParams{}.regionBudgetTree, 1 << 16);
    std::mt19937 rng(2811);
    int decided = 0, won = 0, searched = 0;
    solver_test::forEachSmallContestedPosition(rng, 40, [&](Position& pos, int game) {
        if (!pos.hasLegalMove()) return;
        const Outcome o = outcomeByBounds(pos, counter);
        if (o != Outcome::Unknown) {
            ASSERT_EQ(o == Outcome::Win, wins(pos)) << formatPosition(pos);
            ++decided;
            won += o == Outcome::Win;
        }
        if (game % 8 != 0) return;
        const SearchResult r = search(formatPosition(pos).c_str(), true, 300);
        if (!r.proven) return;
        ASSERT_EQ(r.winrate == 1.0, wins(pos)) << formatPosition(pos);
        ++searched;
    });
    EXPECT_GT(decided, 20);
    EXPECT_GT(won, 5);
    EXPECT_GT(decided - won, 5);
    EXPECT_GT(searched, 5);
}

TEST(EndgameSuite, ReadsPositionsAndSkipsComments) {
    const std::vector<Position> suite =
        parseSuite("# a suite\n\n  x4/5/5/5/W3B w  # game 1 ply 3\r\n5/5/5/5/B3W b\n");
    ASSERT_EQ(suite.size(), 2u);
    EXPECT_EQ(formatPosition(suite[0]), "x4/5/5/5/W3B w");
    EXPECT_EQ(suite[1].sideToMove(), Color::Black);
    try {
        parseSuite("5/5/5/5/W3B w\nnot a position # here\n");
        FAIL() << "a bad line was read";
    } catch (const NotationError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("line 2: ", 0), 0u) << e.what();
    }
}

TEST(EndgameSuite, TheFixtureHoldsContestedTenByTenPositions) {
    const std::vector<Position> suite = parseSuite(readWholeFile(
        std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/endgame-suite-10x10.txt"));
    EXPECT_GE(suite.size(), 25u);
    for (const Position& pos : suite) {
        EXPECT_EQ(pos.width(), 10);
        EXPECT_FALSE(isSeparated(pos)) << formatPosition(pos);
        EXPECT_TRUE(pos.hasLegalMove()) << formatPosition(pos);
    }
}

TEST(EndgameSuite, SummaryCountsOnlyTheProven) {
    std::vector<ProofTiming> timings(4);
    timings[0] = {true, 1.0, 3.0, 30};
    timings[1] = {false, 0.6, 10.0, 999};
    timings[2] = {true, 0.0, 1.0, 10};
    timings[3] = {true, 1.0, 2.5, 20};
    const BenchReport report = suiteSummary(timings);
    const BenchReport expected = {{"positions", "4"},
                                  {"proven", "3"},
                                  {"median_seconds_to_proof", "2.500"},
                                  {"total_seconds_to_proof", "6.500"},
                                  {"simulations_to_proof", "60"}};
    EXPECT_EQ(report, expected);
    EXPECT_EQ(suiteSummary({timings[0], timings[2]})[2].second, "2.000");  // even: the mean of two
}

TEST(EndgameSuite, TimeToProofStopsAtTheProof) {
    EngineConfig c = boundsConfig(true);
    const ProofTiming t = timeToProof(c, parsePosition(kCorridorWin), 60);
    EXPECT_TRUE(t.proven);
    EXPECT_DOUBLE_EQ(t.winrate, 1.0);
    EXPECT_GT(t.simulations, 0u);
    EXPECT_LT(t.simulations, 1000u);  // stopped at the proof, long before the cap
}

}  // namespace
}  // namespace hippolyta
