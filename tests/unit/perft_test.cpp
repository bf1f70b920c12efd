#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/position.h"

namespace hippolyta {
namespace {

struct PerftCase {
    int size;
    int depth;
    uint64_t leaves;
    friend void PrintTo(const PerftCase& c, std::ostream* os) {
        *os << "n=" << c.size << " depth=" << c.depth << " leaves=" << c.leaves;
    }
};

// Every value of shared/reference/perft.md up to a few hundred million leaves.
class StartPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(StartPerft, MatchesReference) {
    const PerftCase c = GetParam();
    Position pos = Position::start(c.size);
    EXPECT_EQ(perft(pos, c.depth), c.leaves);
    EXPECT_EQ(pos, Position::start(c.size)) << "perft must leave the position unchanged";
}

INSTANTIATE_TEST_SUITE_P(
    Reference, StartPerft,
    ::testing::Values(PerftCase{4, 1, 88}, PerftCase{4, 2, 4336}, PerftCase{4, 3, 139500},
                      PerftCase{5, 1, 260}, PerftCase{5, 2, 50422}, PerftCase{5, 3, 7940210},
                      PerftCase{6, 1, 544}, PerftCase{6, 2, 238532}, PerftCase{6, 3, 91074224},
                      PerftCase{7, 1, 812}, PerftCase{7, 2, 560400}, PerftCase{7, 3, 359578432},
                      PerftCase{8, 1, 1232}, PerftCase{8, 2, 1331198}, PerftCase{9, 1, 1700},
                      PerftCase{9, 2, 2572956}, PerftCase{10, 1, 2176}, PerftCase{10, 2, 4307152},
                      PerftCase{11, 1, 2780}, PerftCase{11, 2, 7070254}),
    [](const auto& info) {
        std::string name = "n";
        name += std::to_string(info.param.size);
        name += "_d";
        name += std::to_string(info.param.depth);
        return name;
    });

Position afterMoves(std::initializer_list<const char*> moves) {
    Position pos = Position::start(10);
    for (const char* text : moves) {
        const Move m = parseMove(text, 10);
        EXPECT_TRUE(pos.isLegal(m)) << text;
        pos.makeMove(m);
    }
    return pos;
}

TEST(PerftAfterMoves, OneMove) {
    Position pos = afterMoves({"d1-d7(g7)"});
    EXPECT_EQ(pos.sideToMove(), Color::Black);
    EXPECT_EQ(perft(pos, 1), 1214u);
    EXPECT_EQ(perft(pos, 2), 2423006u);
}

TEST(PerftAfterMoves, TwoMoves) {
    Position pos = afterMoves({"d1-d7(g7)", "d10-c9(h4)"});
    EXPECT_EQ(pos.sideToMove(), Color::White);
    EXPECT_EQ(perft(pos, 1), 1750u);
    EXPECT_EQ(perft(pos, 2), 2609173u);
}

TEST(Perft, GeneratedMovesMatchCountAndAreLegal) {
    Position pos = afterMoves({"d1-d7(g7)", "d10-c9(h4)"});
    MoveList moves;
    pos.generateMoves(moves);
    EXPECT_EQ(moves.size(), pos.countMoves());
    for (Move m : moves)
        EXPECT_TRUE(pos.isLegal(m));
}

}  // namespace
}  // namespace hippolyta
