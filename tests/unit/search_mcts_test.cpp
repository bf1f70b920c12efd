#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "engine/core/notation.h"
#include "engine/eval/territory.h"
#include "engine/search/alphabeta2.h"
#include "engine/search/engine.h"
#include "engine/search/mcts.h"
#include "engine/search/parameters.h"
#include "tests/unit/search_games.h"

namespace hippolyta {
namespace {

EngineConfig mctsConfig(int memoryMb = 64) {
    EngineConfig c;
    c.player = "mcts";
    c.seed = 42;
    c.memoryMb = memoryMb;
    c.search.endgameBudget = 20000;  // keeps endgame moves quick
    return c;
}

SearchLimits visitLimit(uint64_t visits) {
    SearchLimits l;
    l.visits = visits;
    return l;
}

TEST(MctsSearch, VisitLimitIsExact) {
    Engine engine(mctsConfig());
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), visitLimit(700));
    EXPECT_EQ(r.simulations, 700u);
    EXPECT_EQ(r.visits, 700u);
    ASSERT_TRUE(r.move);
    EXPECT_TRUE(tenByTenMiddleGame().position().isLegal(*r.move));
    ASSERT_FALSE(r.candidates.empty());
    EXPECT_EQ(r.candidates.front().move, *r.move);
    EXPECT_FALSE(r.pv.empty());
}

TEST(MctsSearch, TimeLimitEndsTheSearch) {
    Engine engine(mctsConfig());
    SearchLimits l;
    l.seconds = 0.05;
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), l);
    EXPECT_GT(r.simulations, 0u);
    ASSERT_TRUE(r.move);
}

TEST(MctsSearch, StopFromAnotherThreadEndsAnUnlimitedSearch) {
    Engine engine(mctsConfig());
    SearchResult r;
    std::thread searcher([&] { r = engine.chooseMove(tenByTenMiddleGame(), SearchLimits{}); });
    while (engine.snapshot().visits < 50)
        std::this_thread::yield();
    const SearchResult during = engine.snapshot();  // a snapshot while it runs
    EXPECT_TRUE(during.move);
    engine.stop();
    searcher.join();
    EXPECT_GE(r.simulations, 50u);
    ASSERT_TRUE(r.move);
}

TEST(MctsSearch, ReportCallbackCanStopTheSearch) {
    Engine engine(mctsConfig());
    SearchLimits l;
    l.reportSeconds = 1e-6;
    int reports = 0;
    l.onReport = [&](const SearchResult& s) {
        EXPECT_TRUE(s.move);
        return ++reports == 3;
    };
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), l);
    EXPECT_EQ(reports, 3);
    EXPECT_TRUE(r.move);
}

// Reports built while a second thread searches: the candidates were sorted on live counts and
// then read again, so a report could list them out of order, and the sort itself could read
// outside its array (the ThreadSanitizer soak crashed there once in 43,000 moves). Each report
// is now built from one snapshot of the counts.
TEST(MctsSearch, ReportsDuringATwoThreadSearchAreConsistent) {
    EngineConfig config = mctsConfig();
    config.threads = 2;
    Engine engine(config);
    SearchLimits l;
    l.visits = 20000;
    l.reportSeconds = 1e-6;
    int reports = 0;
    l.onReport = [&](const SearchResult& s) {
        ++reports;
        for (size_t i = 1; i < s.candidates.size(); ++i) {
            const CandidateInfo& a = s.candidates[i - 1];
            const CandidateInfo& b = s.candidates[i];
            if (!a.proven && !b.proven) {
                EXPECT_GE(a.visits, b.visits) << "candidate " << i;
            }
        }
        return false;
    };
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), l);
    EXPECT_GT(reports, 10);
    EXPECT_TRUE(r.move);
}

TEST(MctsSearch, OneThreadFixedSeedAndVisitsIsDeterministic) {
    SearchResult a, b;
    {
        Engine e(mctsConfig());
        a = e.chooseMove(tenByTenMiddleGame(), visitLimit(1500));
    }
    {
        Engine e(mctsConfig());
        b = e.chooseMove(tenByTenMiddleGame(), visitLimit(1500));
    }
    ASSERT_TRUE(a.move && b.move);
    EXPECT_EQ(*a.move, *b.move);
    EXPECT_EQ(a.treeNodes, b.treeNodes);
    EXPECT_EQ(a.pv, b.pv);
    EXPECT_DOUBLE_EQ(a.winrate, b.winrate);
}

TEST(MctsSearch, ReusesTheSubtreeOfTheMovesPlayed) {
    Engine engine(mctsConfig());
    Game game = tenByTenMiddleGame();
    const SearchResult first = engine.chooseMove(game, visitLimit(3000));
    ASSERT_GE(first.pv.size(), 2u);
    ASSERT_TRUE(game.play(first.pv[0]));
    ASSERT_TRUE(game.play(first.pv[1]));  // the expected reply: surely in the tree
    const SearchResult second = engine.chooseMove(game, visitLimit(500));
    EXPECT_TRUE(second.reusedTree);
    EXPECT_GT(second.visits, second.simulations) << "visits carried over from the first search";
    ASSERT_TRUE(second.move);
    EXPECT_TRUE(game.position().isLegal(*second.move));

    // A different game: nothing reused.
    const SearchResult other = engine.chooseMove(Game(Position::start(8)), visitLimit(200));
    EXPECT_FALSE(other.reusedTree);
    EXPECT_EQ(other.visits, 200u);
    engine.newGame();
    EXPECT_FALSE(engine.chooseMove(Game(Position::start(8)), visitLimit(10)).reusedTree);
}

TEST(MctsSearch, WholeGamesWithTreeReuseStayLegal) {
    // One engine plays both sides of 8x8 games, so every search reuses (and copies) the last
    // tree; a second engine with a tiny tree starts over again and again when the pool fills.
    for (const int memoryMb : {64, 1}) {
        Engine engine(mctsConfig(memoryMb));
        Game game(Position::start(8));
        int reused = 0;
        while (!game.isOver()) {
            const SearchResult r = engine.chooseMove(game, visitLimit(1000));
            ASSERT_TRUE(r.move);
            ASSERT_TRUE(game.position().isLegal(*r.move))
                << formatPosition(game.position()) << " " << formatMove(*r.move, 8);
            reused += r.reusedTree;
            ASSERT_TRUE(game.play(*r.move));
        }
        EXPECT_GT(reused, 10);
    }
}

TEST(MctsSearch, MemoryCapIsNeverExceeded) {
    // 1 MB: one pool of 32768 slots, all of it for one search (tree reuse once kept two pools
    // of half each); the tree fills up and the search goes on cleanly.
    Engine engine(mctsConfig(1));
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), visitLimit(40000));
    EXPECT_LE(r.treeNodes * 32, 1u << 20);
    EXPECT_GT(r.treeNodes, 30000u) << "the tree should have filled the whole pool";
    EXPECT_EQ(r.simulations, 40000u);
    ASSERT_TRUE(r.move);
    EXPECT_TRUE(tenByTenMiddleGame().position().isLegal(*r.move));
}

// A report callback that throws: the search stops and joins its helper threads before the
// exception reaches the caller (a joinable thread destroyed would end the program), and the
// engine searches again afterwards.
TEST(MctsSearch, AThrowingReportStopsEveryThreadAndTheEngineSearchesAgain) {
    EngineConfig config = mctsConfig();
    config.threads = 2;
    Engine engine(config);
    SearchLimits l;
    l.reportSeconds = 1e-9;  // the first check reports
    l.onReport = [](const SearchResult&) -> bool { throw std::runtime_error("report failed"); };
    EXPECT_THROW(engine.chooseMove(tenByTenMiddleGame(), l), std::runtime_error);
    const SearchResult again = engine.chooseMove(tenByTenMiddleGame(), visitLimit(500));
    ASSERT_TRUE(again.move);
    EXPECT_TRUE(tenByTenMiddleGame().position().isLegal(*again.move));
}

TEST(MctsSearch, TwoThreadsPlayLegalMoves) {
    EngineConfig c = mctsConfig();
    c.threads = 2;
    Engine engine(c);
    const SearchResult r = engine.chooseMove(tenByTenMiddleGame(), visitLimit(2000));
    EXPECT_GE(r.simulations, 2000u);
    EXPECT_LE(r.simulations, 2002u);
    ASSERT_TRUE(r.move);
    EXPECT_TRUE(tenByTenMiddleGame().position().isLegal(*r.move));
}

TEST(MctsSearch, NoMoveWhenTheSideToMoveIsStuck) {
    Engine engine(mctsConfig());
    const SearchResult r =
        engine.chooseMove(Game(parsePosition("4B/5/5/xx3/Wx3 w")), visitLimit(10));
    EXPECT_FALSE(r.move);
}

TEST(MctsSearch, TakesAnImmediateWin) {
    // White moves b1-c1 and shoots at b2 (or similar) to leave Black's a3 amazon stuck.
    const Position pos = parsePosition("xxxxx/xxxxx/Bxxxx/1xxxx/1W3 w");
    Engine engine(mctsConfig());
    const SearchResult r = engine.chooseMove(Game(pos), visitLimit(100));
    ASSERT_TRUE(r.move);
    Position after = pos;
    after.makeMove(*r.move);
    EXPECT_FALSE(after.hasLegalMove()) << formatMove(*r.move, 5);
    EXPECT_TRUE(r.proven);
    EXPECT_DOUBLE_EQ(r.winrate, 1.0);
}

// Reference two-ply value: best over own moves of the worst reply's territory score.
double twoPlyValue(Position pos) {
    const Color me = pos.sideToMove();
    MoveList moves, replies;
    pos.generateMoves(moves);
    double best = -1e18;
    for (const Move m : moves) {
        pos.makeMove(m);
        pos.generateMoves(replies);
        double worst = replies.empty() ? 1e6 : 1e18;
        for (const Move r : replies) {
            pos.makeMove(r);
            worst = std::min(worst, pos.hasLegalMove() ? queenTerritoryScore(pos, me) : -1e6);
            pos.undoMove(r);
        }
        pos.undoMove(m);
        best = std::max(best, worst);
    }
    return best;
}

TEST(AlphaBeta2, FindsTheTwoPlyMinimaxMove) {
    std::mt19937_64 rng(9);
    const std::atomic<bool> stop{false};
    for (int trial = 0; trial < 6; ++trial) {
        Position pos = Position::start(6);
        MoveList moves;
        for (int i = 0; i < 3 + trial; ++i) {
            pos.generateMoves(moves);
            pos.makeMove(moves[rng() % moves.size()]);
        }
        if (!pos.hasLegalMove()) continue;
        const SearchResult r = alphaBeta2(pos, rng, stop);
        ASSERT_TRUE(r.move);
        // The chosen move's own two-ply value equals the best one.
        Position after = pos;
        after.makeMove(*r.move);
        const Color me = pos.sideToMove();
        MoveList replies;
        after.generateMoves(replies);
        double worst = replies.empty() ? 1e6 : 1e18;
        for (const Move reply : replies) {
            after.makeMove(reply);
            worst = std::min(worst, after.hasLegalMove() ? queenTerritoryScore(after, me) : -1e6);
            after.undoMove(reply);
        }
        EXPECT_NEAR(worst, twoPlyValue(pos), 1e-9) << formatPosition(pos);
    }
}

TEST(Players, GreedyAndAlphaBeta2AnswerLegalMoves) {
    for (const char* player : {"greedy", "alphabeta2"}) {
        EngineConfig c;
        c.player = player;
        Engine engine(c);
        const Game g(Position::start(8));
        const SearchResult r = engine.chooseMove(g, engine.defaultLimits());
        ASSERT_TRUE(r.move) << player;
        EXPECT_TRUE(g.position().isLegal(*r.move)) << player;
    }
    EngineConfig bad;
    bad.player = "nobody";
    EXPECT_THROW(Engine{bad}, std::invalid_argument);
}

// A net that is never asked anything: it only has to be carried along.
class IdleNet : public SearchNet {
  public:
    float evaluateForSearch(const Position&, const MoveList&, std::vector<float>&) const override {
        return 0.5f;
    }
    uint64_t netChecksum() const override { return 7; }
};

// The engine and the bench both take their search options from mctsOptionsOf: every field of
// EngineConfig that the search reads must arrive there.
TEST(Players, MctsOptionsCarryEveryConfigField) {
    EngineConfig c;
    c.threads = 3;
    c.memoryMb = 77;
    c.seed = 99;
    c.search.exploration = 0.37;
    c.eval.tieBonus = 0.9;
    c.prior[PriorLayout::kRoom] += 0.5f;
    c.net = std::make_shared<IdleNet>();
    c.netBoardSize = 8;
    const MctsOptions o = mctsOptionsOf(c);
    EXPECT_EQ(o.threads, 3);
    EXPECT_EQ(o.memoryMb, 77);
    EXPECT_EQ(o.seed, 99u);
    EXPECT_DOUBLE_EQ(o.params.exploration, 0.37);
    EXPECT_DOUBLE_EQ(o.eval.tieBonus, 0.9);
    EXPECT_EQ(o.prior, c.prior);
    EXPECT_EQ(o.net, c.net);
    EXPECT_EQ(o.netBoardSize, 8);
}

TEST(Parameters, SetByName) {
    EngineConfig c;
    EXPECT_TRUE(setParameter(c, "exploration=0.5"));
    EXPECT_DOUBLE_EQ(c.search.exploration, 0.5);
    EXPECT_TRUE(setParameter(c, "eval.t1.open", 0.7));
    EXPECT_DOUBLE_EQ(c.eval.t1.open, 0.7);
    EXPECT_TRUE(setParameter(c, "playout_plies=3"));
    EXPECT_EQ(c.search.playoutPlies, 3);
    EXPECT_FALSE(setParameter(c, "no_such=1"));
    EXPECT_FALSE(setParameter(c, "exploration=abc"));
    EXPECT_DOUBLE_EQ(c.search.exploration, 0.5);
    EXPECT_FALSE(parameterNames().empty());
}

}  // namespace
}  // namespace hippolyta
