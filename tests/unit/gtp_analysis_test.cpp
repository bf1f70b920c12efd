// Streaming analysis, the analysing genmove, pondering and the background search under them.
#include <gtest/gtest.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "engine/core/notation.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_session.h"

namespace hippolyta {
namespace {

EngineConfig fixedVisits(uint64_t visits) {
    EngineConfig config;
    config.seed = 3;
    config.visits = visits;
    return config;
}

// Waits (up to a generous limit) until the engine's running search has `visits` root visits.
bool waitForVisits(Engine& engine, uint64_t visits) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (engine.snapshot().visits < visits) {
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return true;
}

TEST(AnalysisInfo, ListsCandidatesInTheLzAnalyzeForm) {
    SearchResult r;
    const Move a = parseMove("d1-d7/g7", 10), b = parseMove("g1-g7/d7", 10);
    r.candidates.push_back({a, 120, 0.61234, 3.5, false, {a, b}});
    r.candidates.push_back({b, 7, 0.4, -1.25, false, {b}});
    EXPECT_EQ(analysisInfo(r, 10),
              "info move d1-d7/g7 visits 120 winrate 0.6123 prior 3.5000 order 0 pv d1-d7/g7 "
              "g1-g7/d7 info move g1-g7/d7 visits 7 winrate 0.4000 prior -1.2500 order 1 pv "
              "g1-g7/d7");
    EXPECT_EQ(analysisInfo(r, 10, 1).find("order 1"), std::string::npos);
    EXPECT_EQ(analysisInfo(SearchResult{}, 10), "");
}

TEST(BackgroundSearch, StopRightAfterStartNeverLosesTheStop) {
    Engine engine(fixedVisits(0));
    BackgroundSearch search;
    EXPECT_FALSE(search.stop().has_value());  // nothing running
    for (int i = 0; i < 30; ++i) {
        search.start(engine, Game(Position::start(8)), SearchLimits{});  // no limit at all
        ASSERT_TRUE(search.stop().has_value());  // would hang if the stop were lost
        EXPECT_FALSE(search.active());
    }
}

TEST(BackgroundSearch, ReportsWhetherItWasStoppedOrEndedByItself) {
    Engine engine(fixedVisits(0));
    BackgroundSearch search;
    std::atomic<int> stoppedCalls{0}, finishedCalls{0};
    const auto onDone = [&](const SearchResult&, bool stopped) {
        ++(stopped ? stoppedCalls : finishedCalls);
    };
    search.start(engine, Game(Position::start(6)), SearchLimits(0, 50), onDone);
    while (finishedCalls == 0)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const std::optional<SearchResult> r = search.stop();
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->simulations, 50u);
    search.start(engine, Game(Position::start(6)), SearchLimits{}, onDone);
    search.stop();
    EXPECT_EQ(finishedCalls, 1);
    EXPECT_EQ(stoppedCalls, 1);
}

TEST(Pondering, StartsOnlyWhenOnForATreeSearchAndAGameInProgress) {
    GtpState off(fixedVisits(0), GtpOptions{});
    EXPECT_FALSE(off.startPonder());
    GtpOptions on;
    on.ponder = true;
    EngineConfig greedy = fixedVisits(0);
    greedy.player = "greedy";
    GtpState greedyState(greedy, on);
    EXPECT_FALSE(greedyState.startPonder());
    GtpState over(fixedVisits(0), on);
    over.setPosition(parsePosition("3B/4/xx2/Wx2 w"));
    ASSERT_FALSE(over.game().position().hasLegalMove());
    EXPECT_FALSE(over.startPonder());
    GtpState ready(fixedVisits(0), on);
    EXPECT_TRUE(ready.startPonder());
    ready.stopBackground();
}

// The opponent answers with a move the ponder searched: the next search starts from that
// subtree, and the visits it kept are at most what the ponder had.
TEST(Pondering, KeepsTheSubtreeOfTheOpponentsMove) {
    GtpOptions options;
    options.ponder = true;
    GtpState state(fixedVisits(300), options);
    state.newGame(8);
    ASSERT_TRUE(state.play(Color::White, parseMove("c1-c7/f4", 8)));
    ASSERT_TRUE(state.startPonder());
    ASSERT_TRUE(waitForVisits(state.engine(), 2000));
    state.stopBackground();
    const uint64_t pondered = state.takePonderVisits();
    EXPECT_GE(pondered, 2000u);
    EXPECT_EQ(state.takePonderVisits(), 0u);  // taken once
    const SearchResult ponder = state.engine().snapshot();
    ASSERT_TRUE(ponder.move.has_value());
    ASSERT_TRUE(state.play(Color::Black, *ponder.move));
    const SearchResult next = state.engine().chooseMove(state.game(), SearchLimits(0, 100));
    EXPECT_TRUE(next.reusedTree);
    EXPECT_EQ(next.previousVisits, pondered);
    EXPECT_GT(next.keptVisits, 0u);
    EXPECT_LE(next.keptVisits, pondered);
    EXPECT_EQ(next.visits, next.keptVisits + 100);
}

// Drives a session's execute() with its stream attached to a string.
class StreamedSession : public ::testing::Test {
  protected:
    StreamedSession() { session_.state().stream().attach(&out_); }
    std::string take() { return std::exchange(out_, std::ostringstream()).str(); }

    std::ostringstream out_;
    GtpSession session_{fixedVisits(400), GtpOptions{}};
};

TEST_F(StreamedSession, GenmoveAnalyzeStreamsThenPlaysTheMoveGenmoveWouldPlay) {
    EXPECT_EQ(session_.execute("boardsize 8"), "= \n\n");
    EXPECT_EQ(session_.execute("12 amz-genmove_analyze w 1"), "");
    const std::string streamed = take();
    ASSERT_TRUE(streamed.starts_with("=12\n")) << streamed;
    ASSERT_TRUE(streamed.ends_with("\n\n")) << streamed;
    const size_t play = streamed.rfind("play ");
    ASSERT_NE(play, std::string::npos);
    const std::string move = streamed.substr(play + 5, streamed.size() - play - 7);
    std::istringstream lines(streamed.substr(4, play - 4));
    for (std::string line; std::getline(lines, line);)
        EXPECT_TRUE(line.starts_with("info move ")) << line;
    // The same search through genmove, in a fresh session with the same seed.
    GtpSession plain(fixedVisits(400), GtpOptions{});
    plain.execute("boardsize 8");
    EXPECT_EQ(plain.execute("genmove w"), "= " + move + "\n\n");
    EXPECT_EQ(session_.execute("amz-position"), plain.execute("amz-position"));
}

TEST_F(StreamedSession, AnalysisIsClosedByTheNextCommandAndKeepsThePosition) {
    const std::string before = session_.execute("amz-position");
    EXPECT_EQ(session_.execute("7 amz-analyze b 1"), "");
    EXPECT_TRUE(waitForVisits(session_.state().engine(), 200));
    EXPECT_EQ(session_.execute("amz-position"), before);  // stops the analysis first
    const std::string streamed = take();
    ASSERT_TRUE(streamed.starts_with("=7\n")) << streamed;
    EXPECT_TRUE(streamed.ends_with("\n\n")) << streamed;
    EXPECT_EQ(streamed.find("\n\n"), streamed.size() - 2);  // one closing empty line only
}

// An analysis stopped before its first line (an interval longer than it ran, or a loaded machine
// that reports late) still shows the figures it has, once: a review of short searches relies on
// it.
TEST_F(StreamedSession, AnAnalysisStoppedBeforeItsFirstLineShowsOneLine) {
    EXPECT_EQ(session_.execute("8 amz-analyze w 360000"), "");  // a line an hour
    EXPECT_TRUE(waitForVisits(session_.state().engine(), 200));
    session_.execute("amz-position");  // stops it
    const std::string streamed = take();
    ASSERT_TRUE(streamed.starts_with("=8\ninfo move ")) << streamed;
    // One line (every candidate on it), then the answer's end.
    EXPECT_EQ(streamed.find("\n\n"), streamed.find('\n', 4)) << streamed;
    EXPECT_TRUE(streamed.ends_with("\n\n")) << streamed;
}

TEST(AnalysisCommands, RefuseWithoutAStreamOrATreeSearch) {
    GtpSession detached(fixedVisits(100), GtpOptions{});
    EXPECT_EQ(detached.execute("amz-analyze"),
              "? streaming answers need the session's input loop\n\n");
    EngineConfig greedy = fixedVisits(0);
    greedy.player = "greedy";
    GtpSession session(greedy, GtpOptions{});
    std::ostringstream out;
    session.state().stream().attach(&out);
    EXPECT_EQ(session.execute("amz-analyze"), "? analysis needs the mcts player\n\n");
    EXPECT_EQ(session.execute("amz-ponder on"), "? pondering needs the mcts player\n\n");
    EXPECT_EQ(out.str(), "");
}

}  // namespace
}  // namespace hippolyta
