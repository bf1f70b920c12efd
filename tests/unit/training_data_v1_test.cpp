// Version-1 training data still reads: tests/fixtures/selfplay/v1-6x6.data was written by the
// version-1 tool (hippolyta-selfplay --size 6 --games 4 --visits 60 --seed 7 --explore-plies 4)
// before version 2 existed. Its games get their ownership computed from the replayed game.
#include <gtest/gtest.h>

#include <filesystem>

#include "adapters/selfplay/training_data.h"
#include "engine/eval/ownership.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

const std::string kV1File =
    (std::filesystem::path(HIPPOLYTA_SOURCE_DIR) / "tests/fixtures/selfplay/v1-6x6.data").string();

// A map as text, rank 6 first: W White's, B Black's, . neither.
std::string mapText(const std::vector<int8_t>& map, int n) {
    std::string s;
    for (int row = n - 1; row >= 0; --row) {
        for (int col = 0; col < n; ++col) {
            const int8_t o = map[static_cast<size_t>(row * n + col)];
            s += o > 0 ? 'W' : o < 0 ? 'B' : '.';
        }
        if (row) s += '/';
    }
    return s;
}

TEST(TrainingDataV1, TheCheckedInFileStillReads) {
    TrainingDataReader r(kV1File);
    EXPECT_EQ(r.header().version, 1u);
    EXPECT_EQ(r.header().boardSize, 6);
    EXPECT_EQ(r.header().seed, 7u);
    EXPECT_EQ(r.header().settings,
              "player=mcts visits=60 random-plies=2 explore-plies=4 temperature=1");
    SelfPlayGame g;
    std::vector<uint64_t> numbers;
    size_t positions = 0, rootMoves = 0;
    std::vector<std::string> maps;
    while (r.next(g)) {
        numbers.push_back(g.game);
        positions += g.plies.size();
        for (const PlyRecord& p : g.plies)
            rootMoves += p.visits.size();
        ASSERT_EQ(g.ownership.size(), 36u);
        EXPECT_EQ(g.ownership, gameOwnership(g.start, g.moves()));
        maps.push_back(mapText(g.ownership, 6));
    }
    EXPECT_FALSE(r.droppedTornTail());
    EXPECT_EQ(numbers, (std::vector<uint64_t>{1, 2, 3, 4}));
    EXPECT_EQ(positions, 98u);
    EXPECT_EQ(rootMoves, 994u);
    // The owners where each game was walled apart (pinned: a change of definition shows here).
    EXPECT_EQ(maps, (std::vector<std::string>{".....W/....W./B.B..B/..W.W./.B..../.....W",
                                              "W.B.../.....B/...B../W..W../....../..B..W",
                                              ".WW..B/....B./B...../....../....W./.W.BW.",
                                              "BW.B.B/....../WB..../....../...WWW/......"}));
}

}  // namespace
}  // namespace hippolyta
