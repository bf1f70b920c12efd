// Self-play data generation: the same seed gives the same bytes (whatever the concurrency),
// shards merge into one run's file, a resumed run equals an uninterrupted one, and the visit
// counts recorded are the search's.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>

#include "adapters/selfplay/selfplay.h"
#include "engine/core/game.h"
#include "engine/search/engine.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

class SelfPlayTest : public ::testing::Test {
  protected:
    void SetUp() override {
        config_.size = 6;
        config_.games = 4;
        config_.visits = 40;
        config_.seed = 7;
        config_.randomPlies = 2;
        config_.explorePlies = 4;
        config_.memoryMb = 16;
        config_.params = {"endgame_budget=3000"};  // the endgame solver would take most of the time
    }

    // Runs with config_ into dir_/name and returns the file's bytes.
    std::string run(const std::string& name, SelfPlayConfig c) {
        c.out = (dir_ / name).string();
        std::ostringstream err;
        EXPECT_EQ(runSelfPlay(c, err), 0) << err.str();
        return fileBytes(c.out);
    }
    std::string run(const std::string& name) { return run(name, config_); }

    TestDir dir_;
    SelfPlayConfig config_;
};

TEST_F(SelfPlayTest, SameSeedSameBytesWhateverTheConcurrency) {
    const std::string a = run("a");
    const std::string b = run("b");
    EXPECT_EQ(a, b);
    SelfPlayConfig parallel = config_;
    parallel.concurrency = 3;
    EXPECT_EQ(run("c", parallel), a);
    SelfPlayConfig other = config_;
    other.seed = 8;
    other.games = 1;
    const size_t header = encodeHeader(selfPlayHeader(config_)).size();
    EXPECT_NE(run("d", other).substr(header, 300), a.substr(header, 300));  // another game 1

    TrainingDataReader r((dir_ / "a").string());
    SelfPlayGame g;
    uint64_t expected = 1;
    while (r.next(g)) {
        EXPECT_EQ(g.game, expected++);
        EXPECT_EQ(g.openingPlies, 2);
        ASSERT_GT(g.plies.size(), 4u);
        for (size_t i = 0; i < g.plies.size(); ++i)
            EXPECT_EQ(g.plies[i].sampled, i < 4) << "game " << g.game << " ply " << i;
    }
    EXPECT_EQ(expected, 5u);
}

TEST_F(SelfPlayTest, MergedShardsEqualOneRun) {
    config_.games = 5;
    const std::string whole = run("whole");
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        SelfPlayConfig c = config_;
        c.shardIndex = i;
        c.shardCount = 3;
        run("shard" + std::to_string(i), c);
        shards.push_back((dir_ / ("shard" + std::to_string(i))).string());
    }
    TrainingDataReader shard1(shards[1]);
    SelfPlayGame g;
    ASSERT_TRUE(shard1.next(g));
    EXPECT_EQ(g.game, 2u);
    ASSERT_TRUE(shard1.next(g));
    EXPECT_EQ(g.game, 5u);
    std::ostringstream err;
    // In any order of the files.
    mergeTrainingData({shards[2], shards[0], shards[1]}, (dir_ / "merged").string(), err);
    EXPECT_EQ(fileBytes(dir_ / "merged"), whole);
    EXPECT_THROW(mergeTrainingData({shards[0], shards[0]}, (dir_ / "twice").string(), err),
                 TrainingDataError);
    SelfPlayConfig other = config_;
    other.visits = 41;
    other.games = 1;
    run("other", other);
    EXPECT_THROW(
        mergeTrainingData({shards[1], (dir_ / "other").string()}, (dir_ / "x").string(), err),
        TrainingDataError);
}

TEST_F(SelfPlayTest, ResumedRunEqualsOneRun) {
    const std::string whole = run("whole");
    SelfPlayConfig part = config_;
    part.games = 2;
    const std::string two = run("resumed", part);
    // A kill in the middle of game 3's record: the torn tail goes, the run carries on.
    std::ofstream(dir_ / "resumed", std::ios::binary | std::ios::app) << "GAME\x10\x20";
    EXPECT_EQ(run("resumed"), whole);
    SelfPlayConfig changed = config_;
    changed.temperature = 0.5;
    changed.out = (dir_ / "resumed").string();
    std::ostringstream err;
    EXPECT_THROW(runSelfPlay(changed, err), TrainingDataError);
}

TEST_F(SelfPlayTest, RecordedVisitsAreTheSearchs) {
    // Nothing caps the root moves recorded: on 10x10 the visits spread over far more than 16.
    for (const auto& [size, visits] : {std::pair{6, 300u}, std::pair{10, 3000u}}) {
        EngineConfig ec;
        ec.memoryMb = 64;
        ec.seed = 3;
        Engine engine(ec);
        Game game(Position::start(size));
        const SearchResult r = engine.chooseMove(game, SearchLimits(0, visits));
        const PlyRecord p = recordSearch(r);
        ASSERT_EQ(p.visits.size(), r.candidates.size());
        if (size == 10) {
            EXPECT_GT(p.visits.size(), 16u);
        }
        uint64_t sum = 0;
        for (const MoveVisits& mv : p.visits)
            sum += mv.visits;
        // A fresh tree: every simulation went through one root move, and every one is recorded.
        EXPECT_EQ(p.rootVisits, visits);
        EXPECT_EQ(sum, p.rootVisits);
        EXPECT_EQ(p.played, *r.move);
        EXPECT_EQ(p.visits[0].move, r.candidates[0].move);
        EXPECT_FLOAT_EQ(p.value, static_cast<float>(r.winrate));
    }

    // In whole games: the counts never exceed the root's (a reused root's first visit was its
    // own evaluation), and each search adds its 40 unless a proof ends it.
    run("game");
    readTrainingPositions((dir_ / "game").string(), [](const TrainingPosition& t) {
        const PlyRecord& q = *t.record;
        uint64_t s = 0;
        for (const MoveVisits& mv : q.visits)
            s += mv.visits;
        EXPECT_LE(s, q.rootVisits);
        if (!q.proven) {  // a proof ends a search early
            EXPECT_GE(q.rootVisits, 40u);
        }
        if (t.ply == 0) {
            EXPECT_EQ(s, 40u);
        }
    });
}

TEST(SelfPlaySample, DrawsInProportionToVisits) {
    SearchResult r;
    r.move = Move{1, 2, 3};
    const uint32_t visits[] = {5, 0, 3, 2};
    for (uint8_t i = 0; i < 4; ++i) {
        CandidateInfo c;
        c.move = Move{i, i, i};
        c.visits = visits[i];
        r.candidates.push_back(c);
    }
    int count[4] = {};
    for (uint64_t x = 0; x < 10; ++x)
        ++count[sampleByVisits(r, 1.0, x).from];
    EXPECT_EQ(count[0], 5);
    EXPECT_EQ(count[1], 0);
    EXPECT_EQ(count[2], 3);
    EXPECT_EQ(count[3], 2);
    EXPECT_EQ(sampleByVisits(r, 0, 123), *r.move);
    // A low temperature all but picks the most visited; zero visits are never drawn.
    for (uint64_t x = 0; x < 1000; ++x) {
        const Move m = sampleByVisits(r, 0.5, x * 0x9e3779b97f4a7c15ULL);
        EXPECT_NE(m.from, 1);
    }
    EXPECT_EQ(sampleByVisits(r, 0.05, 0x8000000000000000ULL).from, 0);
}

}  // namespace
}  // namespace hippolyta
