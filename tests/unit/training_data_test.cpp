// The training-data format: round trips, refusal of damaged or foreign files, torn tails
// dropped by readers and cut off by a resuming writer.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "adapters/selfplay/training_data.h"
#include "engine/eval/ownership.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

void tdWriteBytes(const fs::path& p, const std::string& bytes) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
}

// A whole 6x6 game of seeded random moves, with made-up search figures.
SelfPlayGame randomGame(uint64_t number, uint64_t seed) {
    std::mt19937_64 rng(seed);
    SelfPlayGame g;
    g.game = number;
    g.openingPlies = 1;
    Position pos = Position::start(6);
    MoveList moves;
    pos.generateMoves(moves);
    pos.makeMove(moves[rng() % moves.size()]);
    g.start = pos;
    while (!pos.isGameOver()) {
        moves.clear();
        pos.generateMoves(moves);
        PlyRecord p;
        const size_t k = std::min<size_t>(moves.size(), 1 + rng() % 20);
        for (size_t i = 0; i < k; ++i)
            p.visits.push_back({moves[i], static_cast<uint32_t>(rng() % 1000)});
        p.played = p.visits[rng() % k].move;
        p.sampled = rng() % 2;
        p.proven = rng() % 5 == 0;
        p.value = static_cast<float>(rng() % 1001) / 1000.0f;
        p.rootVisits = static_cast<uint32_t>(rng() % 5000);
        pos.makeMove(p.played);
        g.plies.push_back(p);
    }
    g.winner = opposite(pos.sideToMove());
    g.ownership = gameOwnership(g.start, g.moves());
    return g;
}

TrainingDataHeader testHeader() {
    TrainingDataHeader h;
    h.boardSize = 6;
    h.seed = 42;
    h.settings = "visits=10 test";
    return h;
}

class TrainingDataTest : public ::testing::Test {
  protected:
    void SetUp() override {
        file_ = dir_ / "data";
        games_ = {randomGame(1, 11), randomGame(2, 12), randomGame(3, 13)};
        TrainingDataWriter w(file_.string(), testHeader());
        for (const SelfPlayGame& g : games_)
            w.append(g);
    }
    std::string errorOf(const fs::path& p) {
        try {
            TrainingDataReader r(p.string());
            SelfPlayGame g;
            while (r.next(g)) {
            }
        } catch (const TrainingDataError& e) {
            return e.what();
        }
        return "";
    }

    TestDir dir_;
    fs::path file_;
    std::vector<SelfPlayGame> games_;
};

void expectSameGame(const SelfPlayGame& a, const SelfPlayGame& b) {
    EXPECT_EQ(a.game, b.game);
    EXPECT_EQ(a.winner, b.winner);
    EXPECT_EQ(a.openingPlies, b.openingPlies);
    EXPECT_TRUE(a.start == b.start);
    EXPECT_EQ(a.ownership, b.ownership);
    ASSERT_EQ(a.plies.size(), b.plies.size());
    for (size_t i = 0; i < a.plies.size(); ++i) {
        const PlyRecord &p = a.plies[i], &q = b.plies[i];
        EXPECT_EQ(p.played, q.played);
        EXPECT_EQ(p.sampled, q.sampled);
        EXPECT_EQ(p.proven, q.proven);
        EXPECT_EQ(p.value, q.value);
        EXPECT_EQ(p.rootVisits, q.rootVisits);
        ASSERT_EQ(p.visits.size(), q.visits.size());
        for (size_t k = 0; k < p.visits.size(); ++k) {
            EXPECT_EQ(p.visits[k].move, q.visits[k].move);
            EXPECT_EQ(p.visits[k].visits, q.visits[k].visits);
        }
    }
}

TEST_F(TrainingDataTest, RoundTripKeepsEveryField) {
    TrainingDataReader r(file_.string());
    EXPECT_EQ(r.header().seed, 42u);
    EXPECT_EQ(r.header().boardSize, 6);
    EXPECT_EQ(r.header().settings, "visits=10 test");
    SelfPlayGame g;
    for (const SelfPlayGame& expected : games_) {
        ASSERT_TRUE(r.next(g));
        expectSameGame(g, expected);
        EXPECT_EQ(encodeGame(g), encodeGame(expected));
    }
    EXPECT_FALSE(r.next(g));
    EXPECT_FALSE(r.droppedTornTail());
    EXPECT_EQ(r.completeBytes(), fs::file_size(file_));
}

TEST_F(TrainingDataTest, PositionsCarryTheResultAndReplayTheMoves) {
    std::vector<TrainingPosition> seen;
    readTrainingPositions(file_.string(), [&](const TrainingPosition& t) {
        EXPECT_EQ(t.result(), t.winner == t.position.sideToMove() ? 1.0 : 0.0);
        EXPECT_TRUE(t.position.isLegal(t.record->played));
        EXPECT_EQ(*t.ownership, games_[t.game - 1].ownership);
        seen.push_back(t);
    });
    size_t total = 0;
    for (const SelfPlayGame& g : games_)
        total += g.plies.size();
    ASSERT_EQ(seen.size(), total);
    EXPECT_TRUE(seen[0].position == games_[0].start);
    EXPECT_EQ(seen[0].game, 1u);
    EXPECT_EQ(seen[1].ply, 1);
    EXPECT_NE(seen[0].sideToMove(), seen[1].sideToMove());
    EXPECT_EQ(seen.back().game, 3u);
}

TEST_F(TrainingDataTest, RefusesBadMagicForeignVersionAndBadChecksums) {
    const std::string bytes = fileBytes(file_);
    std::string bad = bytes;
    bad[0] = 'X';
    tdWriteBytes(dir_ / "magic", bad);
    EXPECT_NE(errorOf(dir_ / "magic").find("bad magic"), std::string::npos);

    bad = bytes;
    bad[8] = 4;  // version 4
    tdWriteBytes(dir_ / "version", bad);
    EXPECT_NE(errorOf(dir_ / "version").find("version 4, this build reads versions 1 to 3"),
              std::string::npos);

    bad = bytes;
    bad[20] ^= 1;  // the seed: the header's checksum
    tdWriteBytes(dir_ / "header", bad);
    EXPECT_NE(errorOf(dir_ / "header").find("damaged header"), std::string::npos);

    // A flipped bit in the middle game: a bad checksum, not a torn tail.
    const size_t headerBytes = encodeHeader(testHeader()).size();
    const size_t second = headerBytes + encodeGame(games_[0]).size();
    bad = bytes;
    bad[second + 30] ^= 4;
    tdWriteBytes(dir_ / "middle", bad);
    const std::string e = errorOf(dir_ / "middle");
    EXPECT_NE(e.find("byte " + std::to_string(second) + ": bad checksum"), std::string::npos) << e;

    bad = bytes;
    bad[second] = 'X';  // not a record start
    tdWriteBytes(dir_ / "tag", bad);
    EXPECT_NE(errorOf(dir_ / "tag").find("no record starts there"), std::string::npos);
    tdWriteBytes(dir_ / "short", bytes.substr(0, 20));
    EXPECT_NE(errorOf(dir_ / "short").find("too short"), std::string::npos);
}

TEST_F(TrainingDataTest, TornTailIsDroppedAndCutOffOnResume) {
    const std::string bytes = fileBytes(file_);
    const size_t lastStart = bytes.size() - encodeGame(games_[2]).size();
    for (size_t cut :
         {lastStart + 1, lastStart + 6, lastStart + 8, lastStart + 50, bytes.size() - 1}) {
        tdWriteBytes(file_, bytes.substr(0, cut));
        {
            TrainingDataReader r(file_.string());
            SelfPlayGame g;
            int n = 0;
            while (r.next(g))
                ++n;
            EXPECT_EQ(n, 2) << "cut at " << cut;
            EXPECT_TRUE(r.droppedTornTail());
            EXPECT_EQ(r.completeBytes(), lastStart);
        }
        {
            TrainingDataWriter w(file_.string(), testHeader());
            EXPECT_TRUE(w.repairedTornTail());
            EXPECT_EQ(w.games(), (std::set<uint64_t>{1, 2}));
            w.append(games_[2]);
        }
        EXPECT_EQ(fileBytes(file_), bytes) << "cut at " << cut;
    }
}

TEST_F(TrainingDataTest, WriterRefusesAnotherRunsFile) {
    TrainingDataHeader other = testHeader();
    other.settings = "visits=20 test";
    EXPECT_THROW(TrainingDataWriter(file_.string(), other), TrainingDataError);
    other = testHeader();
    other.shardCount = 2;
    EXPECT_THROW(TrainingDataWriter(file_.string(), other), TrainingDataError);
    TrainingDataWriter same(file_.string(), testHeader());
    EXPECT_EQ(same.games().size(), 3u);
    EXPECT_FALSE(same.repairedTornTail());
    // Locked while it lives: a second writer would interleave its games.
    EXPECT_THROW(TrainingDataWriter(file_.string(), testHeader()), TrainingDataError);
}

TEST_F(TrainingDataTest, RefusesGamesOutOfOrderAndIllegalMoves) {
    TrainingDataWriter w(file_.string(), testHeader());
    w.append(games_[0]);  // game 1 again, after game 3
    EXPECT_NE(errorOf(file_).find("game 1 after game 3"), std::string::npos);

    SelfPlayGame g = games_[0];
    g.plies[1].played = g.plies[0].played;  // the amazon has moved away
    const fs::path f = dir_ / "illegal";
    TrainingDataWriter(f.string(), testHeader()).append(g);
    EXPECT_NE(errorOf(f).find("illegal"), std::string::npos);

    g = games_[0];
    g.winner = opposite(g.winner);
    const fs::path f2 = dir_ / "winner";
    TrainingDataWriter(f2.string(), testHeader()).append(g);
    EXPECT_NE(errorOf(f2).find("winner"), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
