#include <gtest/gtest.h>

#include "engine/search/bench.h"

namespace hippolyta {
namespace {

TEST(Bench, SignatureIsStableFromRunToRun) {
    EngineConfig config;
    config.memoryMb = 64;
    const uint64_t first = benchSignature(config, 150);
    const uint64_t second = benchSignature(config, 150);
    EXPECT_EQ(first, second);
    EXPECT_GT(first, 150u * 6) << "every position should grow a tree";
}

TEST(Bench, PositionsAreTheDocumentedOnes) {
    const std::vector<Position> positions = benchPositions();
    ASSERT_EQ(positions.size(), 6u);
    EXPECT_EQ(positions.front(), Position::start(10));
    for (const Position& p : positions) {
        EXPECT_EQ(p.size(), 10);
        EXPECT_TRUE(p.hasLegalMove());
    }
}

}  // namespace
}  // namespace hippolyta
