#include <gtest/gtest.h>

#include <memory>

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

// The defaults' signature, recorded: any change of the search or of its default constants
// (the shipped weights) changes it, and must update this figure on purpose, as Stockfish's
// bench does. `hippolyta bench` prints the full-length one (docs/learning.md).
TEST(Bench, SignatureOfTheDefaultsIsTheRecordedOne) {
    EngineConfig config;
    config.memoryMb = 64;
    const uint64_t recorded = 14880300833220134483ull;  // weights version 8: ordering 3
    EXPECT_EQ(benchSignature(config, 300), recorded);
    // It sees a change of the evaluation's weights and of the move prior's.
    EngineConfig other = config;
    other.eval.bySize[10].value[0] += 0.1;  // the bench's positions are 10x10: t1.open there
    EXPECT_NE(benchSignature(other, 300), recorded);
    other = config;
    PatternWeights large = *config.patterns.large;  // the pattern prior's, on 10x10
    large[PriorLayout::kRoom] += 0.5;               // its copy of the 47 linear features
    other.patterns.large = std::make_shared<const PatternWeights>(large);
    EXPECT_NE(benchSignature(other, 300), recorded);
}

TEST(Bench, PositionsAreTheDocumentedOnes) {
    const std::vector<Position> positions = benchPositions();
    ASSERT_EQ(positions.size(), 6u);
    EXPECT_EQ(positions.front(), Position::start(10));
    for (const Position& p : positions) {
        EXPECT_EQ(p.width(), 10);
        EXPECT_TRUE(p.hasLegalMove());
    }
}

}  // namespace
}  // namespace hippolyta
