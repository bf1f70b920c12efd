// TreeStrap-style tree samples: the search's interior nodes (Mcts::treeSamples), their place in
// version 3 of the training data, self-play that records them without changing its games, and
// the fits' loading of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>

#include "adapters/selfplay/selfplay.h"
#include "adapters/training/fit_data.h"
#include "engine/core/game.h"
#include "engine/search/engine.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

// An 8x8 search of 3,000 visits on one thread (deterministic), its engine kept for its tree. Its
// tree is wide: about 120 nodes of 10 visits or more a ply below the root, 20 to 50 two plies.
struct SearchedTree {
    Engine engine;
    Game game{Position::start(8)};
    SearchResult result;

    SearchedTree() : engine(config()) { result = engine.chooseMove(game, engine.defaultLimits()); }
    static EngineConfig config() {
        EngineConfig c;
        c.visits = 3000;
        c.seed = 11;
        c.memoryMb = 64;
        return c;
    }
};

TEST(TreeSamples, AreWellVisitedLegalNodesMostVisitedFirst) {
    SearchedTree t;
    const std::vector<TreeSample> all = t.engine.treeSamples(10, std::nullopt, 10000);
    ASSERT_GT(all.size(), 5u);
    int deeper = 0;
    for (size_t i = 0; i < all.size(); ++i) {
        const TreeSample& s = all[i];
        if (i) {
            EXPECT_LE(s.visits, all[i - 1].visits) << i;
        }
        EXPECT_GE(s.visits, 10u);
        ASSERT_FALSE(s.line.empty());
        deeper += s.line.size() > 1;
        Position pos = t.game.position();
        for (Move m : s.line) {
            ASSERT_TRUE(pos.isLegal(m));
            pos.makeMove(m);
        }
        ASSERT_FALSE(s.children.empty());
        uint64_t sum = 0;
        for (size_t k = 0; k < s.children.size(); ++k) {
            EXPECT_TRUE(pos.isLegal(s.children[k].first));
            EXPECT_GT(s.children[k].second, 0u);
            if (k) {
                EXPECT_LE(s.children[k].second, s.children[k - 1].second);
            }
            sum += s.children[k].second;
        }
        EXPECT_LT(sum, s.visits);  // the node's first visit evaluated it before any child
        EXPECT_GE(s.value, 0.0f);
        EXPECT_LE(s.value, 1.0f);
    }
    EXPECT_GT(deeper, 0) << "samples below the root's children too";
    // The limit keeps the most visited.
    const std::vector<TreeSample> few = t.engine.treeSamples(10, std::nullopt, 3);
    ASSERT_EQ(few.size(), 3u);
    for (size_t i = 0; i < 3; ++i)
        EXPECT_EQ(few[i].line, all[i].line);
}

TEST(TreeSamples, LeaveOutTheSkippedMovesSubtree) {
    SearchedTree t;
    const Move best = *t.result.move;
    auto under = [&](const TreeSample& s) { return s.line.front() == best; };
    const std::vector<TreeSample> all = t.engine.treeSamples(10, std::nullopt, 10000);
    ASSERT_GT(std::count_if(all.begin(), all.end(), under), 1);
    const std::vector<TreeSample> rest = t.engine.treeSamples(10, best, 10000);
    EXPECT_EQ(std::count_if(rest.begin(), rest.end(), under), 0);
    EXPECT_EQ(rest.size() + std::count_if(all.begin(), all.end(), under), all.size());
}

// 8x8, White to move and far ahead: White's amazons in the open, Black's in the corners, each
// walled in but for one way out.
Position lopsided() {
    Position pos = Position::emptyBoard(8);
    for (int sq : {18, 21, 42, 45})  // c3 f3 c6 f6
        pos.place(sq, Piece::WhiteAmazon);
    for (int sq : {0, 7, 56, 63})  // a1 h1 a8 h8
        pos.place(sq, Piece::BlackAmazon);
    for (int sq : {1, 9, 6, 14, 57, 49, 62, 54})  // b1 b2 g1 g2 b8 b7 g8 g7
        pos.place(sq, Piece::Arrow);
    pos.setSideToMove(Color::White);
    return pos;
}

TEST(TreeSamples, AValueIsForTheSideToMoveAtTheNode) {
    Engine engine(SearchedTree::config());
    const Game game(lopsided());
    const SearchResult r = engine.chooseMove(game, engine.defaultLimits());
    ASSERT_GT(r.winrate, 0.65) << "White is well ahead";
    const std::vector<TreeSample> all = engine.treeSamples(10, std::nullopt, 10000);
    int checked = 0;
    for (const CandidateInfo& c : r.candidates) {
        const auto it = std::find_if(all.begin(), all.end(), [&](const TreeSample& s) {
            return s.line.size() == 1 && s.line[0] == c.move;
        });
        if (it == all.end() || c.proven) continue;
        EXPECT_EQ(it->visits, c.visits);
        // Black's view after White's move: one minus White's mean there.
        EXPECT_NEAR(it->value, 1 - c.winrate, 1e-6);
        ++checked;
    }
    EXPECT_GE(checked, 5);
}

// Short 6x6 self-play games of 200 visits a move; with tree samples of 10 visits or more when
// asked.
SelfPlayConfig smallRun(uint32_t treeSampleVisits) {
    SelfPlayConfig c;
    c.size = 6;
    c.games = 3;
    c.visits = 200;
    c.seed = 5;
    c.memoryMb = 16;
    c.params = {"endgame_budget=3000"};
    c.treeSampleVisits = treeSampleVisits;
    return c;
}

class TreeSampleDataTest : public ::testing::Test {
  protected:
    std::string run(const std::string& name, SelfPlayConfig c) {
        c.out = (dir_ / name).string();
        std::ostringstream err;
        EXPECT_EQ(runSelfPlay(c, err), 0) << err.str();
        return c.out;
    }
    std::vector<SelfPlayGame> games(const std::string& path) {
        std::vector<SelfPlayGame> out;
        TrainingDataReader r(path);
        SelfPlayGame g;
        while (r.next(g))
            out.push_back(g);
        return out;
    }

    TestDir dir_;
};

TEST_F(TreeSampleDataTest, SelfPlayRecordsThemWithoutChangingItsGames) {
    const std::string plain = run("plain", smallRun(0));
    const SelfPlayConfig sampled = smallRun(10);
    const std::string with = run("with", sampled);
    EXPECT_EQ(TrainingDataReader(plain).header().version, 2u);
    EXPECT_EQ(TrainingDataReader(with).header().version, 3u);
    EXPECT_NE(TrainingDataReader(with).header().settings.find(" tree-samples=10"),
              std::string::npos);
    const std::vector<SelfPlayGame> a = games(plain), b = games(with);
    ASSERT_EQ(a.size(), b.size());
    size_t samples = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].moves(), b[i].moves()) << "game " << i + 1;
        for (size_t k = 0; k < b[i].plies.size(); ++k) {
            const PlyRecord& p = b[i].plies[k];
            EXPECT_EQ(p.rootVisits, a[i].plies[k].rootVisits);
            EXPECT_LE(p.treeSamples.size(), kTreeSamplesPerPly);
            for (const TreeSampleRecord& s : p.treeSamples) {
                EXPECT_GE(s.visits, 10u);
                EXPECT_FALSE(s.line.front() == p.played) << "the next ply's subtree";
            }
            samples += p.treeSamples.size();
        }
    }
    EXPECT_GT(samples, 20u);
    // The same bytes again (fixed visits, one thread), and a resumed file keeps version 3.
    EXPECT_EQ(fileBytes(run("again", sampled)), fileBytes(with));
}

TEST_F(TreeSampleDataTest, TheFitsLoadThemOnTheTrainingSideWhenAsked) {
    const std::string with = run("with", smallRun(10));
    FitDataOptions o;
    o.holdOutEvery = 0;
    o.skipProven = false;
    const size_t plain = loadFitData({with}, o).train.size();
    o.treeSamples = true;
    const DataSplit both = loadFitData({with}, o);
    size_t samples = 0, plies = 0;
    for (const SelfPlayGame& g : games(with)) {
        plies += g.plies.size();
        for (const PlyRecord& p : g.plies)
            samples += p.treeSamples.size();
    }
    EXPECT_EQ(plain, plies);
    ASSERT_EQ(both.train.size(), plies + samples);
    // A sample's result is its search value, its last move the end of its line.
    size_t soft = 0;
    for (const FitPosition& p : both.train) {
        ASSERT_TRUE(p.result == 0 || p.result == 1 || p.result == p.value);
        soft += p.result != 0 && p.result != 1;
        if (p.lastMove) {
            EXPECT_FALSE(p.position.isLegal(*p.lastMove));  // its arrow is down now
        }
    }
    EXPECT_GT(soft, 0u);
}

TEST(TreeSampleFormat, RoundTripsAndRefusesDamage) {
    const SelfPlayGame g = *playSelfPlayGame(smallRun(10), 1);
    const std::string bytes = encodeGame(g, kTreeSampleDataVersion);
    const std::string_view payload = std::string_view(bytes).substr(8, bytes.size() - 16);
    const SelfPlayGame back = decodeGamePayload(payload, 6, "test", kTreeSampleDataVersion);
    EXPECT_EQ(encodeGame(back, kTreeSampleDataVersion), bytes);
    size_t samples = 0;
    for (const PlyRecord& p : back.plies)
        samples += p.treeSamples.size();
    ASSERT_GT(samples, 0u);
    // Version 2 cannot hold them.
    EXPECT_THROW(encodeGame(g, 2), std::invalid_argument);
    // A sample whose line is illegal (its first move's target square made its origin) is refused.
    SelfPlayGame bad = g;
    for (PlyRecord& p : bad.plies)
        if (!p.treeSamples.empty()) {
            p.treeSamples.front().line.front().to = p.treeSamples.front().line.front().from;
            break;
        }
    const std::string badBytes = encodeGame(bad, kTreeSampleDataVersion);
    EXPECT_THROW(decodeGamePayload(std::string_view(badBytes).substr(8, badBytes.size() - 16), 6,
                                   "test", kTreeSampleDataVersion),
                 TrainingDataError);
}

}  // namespace
}  // namespace hippolyta
