#include <gtest/gtest.h>

#include "adapters/botzone/botzone_protocol.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

constexpr int kBoard = kBotzoneBoardSize;

BotzoneMove bz(std::array<int, 6> v) {
    return BotzoneMove{v};
}
const BotzoneMove kNone{};

// Our square for Botzone's (x, y), through the move conversion under test.
int botzoneSquare(int x, int y) {
    return toMove(bz({x, y, x, y, x, y}))->from;
}

// Botzone's first mover ("black") starts at (0,2) (2,0) (5,0) (7,2): our White; its second
// mover at (0,5) (2,7) (5,7) (7,5): our Black. Their 8x8 start is exactly ours.
TEST(BotzoneProtocol, StartPositionsAgree) {
    const Position start = Position::start(kBoard);
    for (auto [x, y] : {std::pair{0, 2}, {2, 0}, {5, 0}, {7, 2}})
        EXPECT_EQ(start.at(botzoneSquare(x, y)), Piece::WhiteAmazon) << x << "," << y;
    for (auto [x, y] : {std::pair{0, 5}, {2, 7}, {5, 7}, {7, 5}})
        EXPECT_EQ(start.at(botzoneSquare(x, y)), Piece::BlackAmazon) << x << "," << y;
    EXPECT_EQ(squareName(botzoneSquare(0, 0), kBoard), "a1");
    EXPECT_EQ(squareName(botzoneSquare(7, 0), kBoard), "h1");
    EXPECT_EQ(squareName(botzoneSquare(0, 7), kBoard), "a8");
}

// The first move of the sample game on Botzone's Amazons page.
TEST(BotzoneProtocol, KnownFirstMove) {
    const auto m = toMove(bz({5, 0, 3, 2, 6, 5}));
    ASSERT_TRUE(m.has_value());
    EXPECT_EQ(formatMove(*m, kBoard), "f1-d3/g6");
    EXPECT_TRUE(Position::start(kBoard).isLegal(*m));
}

TEST(BotzoneProtocol, MovesRoundTripOnEverySquare) {
    for (int sq = 0; sq < kBoard * kBoard; ++sq) {
        const Move m{uint8_t(sq), uint8_t((sq * 7 + 3) % 64), uint8_t((sq * 13 + 5) % 64)};
        EXPECT_EQ(toMove(fromMove(m)), m);
    }
    EXPECT_EQ(fromMove(parseMove("a1-h8/b7", kBoard)), bz({0, 0, 7, 7, 1, 6}));
}

TEST(BotzoneProtocol, OffBoardNumbersAreNoMove) {
    EXPECT_FALSE(toMove(kNone).has_value());
    EXPECT_FALSE(toMove(bz({0, 0, 8, 0, 1, 1})).has_value());
    EXPECT_FALSE(toMove(bz({0, -1, 1, 0, 1, 1})).has_value());
}

TEST(BotzoneProtocol, ParseAndFormat) {
    EXPECT_EQ(parseBotzoneMove("5 0 3 2 6 5"), bz({5, 0, 3, 2, 6, 5}));
    EXPECT_EQ(parseBotzoneMove("  -1 -1 -1 -1 -1 -1\r"), kNone);
    EXPECT_EQ(parseBotzoneMove("1\t2 3 4 5 6"), bz({1, 2, 3, 4, 5, 6}));
    for (const char* bad : {"", "1 2 3 4 5", "1 2 3 4 5 6 7", "1 2 x 4 5 6", "1,2,3,4,5,6"})
        EXPECT_FALSE(parseBotzoneMove(bad).has_value()) << bad;
    EXPECT_EQ(formatBotzoneMove(bz({5, 0, 3, 2, 6, 5})), "5 0 3 2 6 5");
    EXPECT_EQ(formatBotzoneMove(kNone), "-1 -1 -1 -1 -1 -1");
}

TEST(BotzoneProtocol, FirstMoverFirstTurn) {
    const BotzoneReplay r = replayBotzoneHistory({{kNone}, {}});
    EXPECT_TRUE(r.problems.empty());
    EXPECT_EQ(r.us, Color::White);
    EXPECT_EQ(r.game.position(), Position::start(kBoard));
}

TEST(BotzoneProtocol, SecondMoverFirstTurn) {
    const BotzoneReplay r = replayBotzoneHistory({{bz({5, 0, 3, 2, 6, 5})}, {}});
    EXPECT_TRUE(r.problems.empty());
    EXPECT_EQ(r.us, Color::Black);
    Game expected(Position::start(kBoard));
    ASSERT_TRUE(expected.play(parseMove("f1-d3/g6", kBoard)));
    EXPECT_EQ(r.game.position(), expected.position());
}

TEST(BotzoneProtocol, ThirdTurnOfTheFirstMover) {
    const BotzoneHistory h{{kNone, bz({2, 7, 2, 3, 5, 6}), bz({0, 5, 1, 4, 1, 1})},
                           {bz({5, 0, 3, 2, 6, 5}), bz({0, 2, 0, 4, 2, 4})}};
    const BotzoneReplay r = replayBotzoneHistory(h);
    EXPECT_TRUE(r.problems.empty()) << r.problems.front();
    EXPECT_EQ(r.us, Color::White);
    Game expected(Position::start(kBoard));
    for (const char* m : {"f1-d3/g6", "c8-c4/f7", "a3-a5/c5", "a6-b5/b2"})
        ASSERT_TRUE(expected.play(parseMove(m, kBoard))) << m;
    EXPECT_EQ(r.game.position(), expected.position());
    EXPECT_EQ(r.game.moves().size(), 4u);
}

TEST(BotzoneProtocol, IllegalOpponentMoveIsSkippedAndWeStillMove) {
    const BotzoneHistory h{{kNone, bz({5, 0, 5, 1, 5, 2})}, {bz({5, 0, 3, 2, 6, 5})}};
    const BotzoneReplay r = replayBotzoneHistory(h);
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_NE(r.problems[0].find("request 2"), std::string::npos) << r.problems[0];
    EXPECT_NE(r.problems[0].find("illegal"), std::string::npos) << r.problems[0];
    EXPECT_EQ(r.us, Color::White);
    EXPECT_EQ(r.game.position().sideToMove(), Color::White);
    EXPECT_EQ(r.game.position().at(botzoneSquare(3, 2)), Piece::WhiteAmazon) << "our move kept";
    EXPECT_TRUE(r.game.position().hasLegalMove());
}

TEST(BotzoneProtocol, WrongCountsKeepEverythingKnown) {
    // Two requests but no response: our own first move is missing.
    BotzoneReplay r = replayBotzoneHistory({{kNone, bz({2, 7, 2, 3, 5, 6})}, {}});
    EXPECT_FALSE(r.problems.empty());
    EXPECT_EQ(r.game.position().sideToMove(), Color::White);
    EXPECT_EQ(r.game.position().at(botzoneSquare(2, 3)), Piece::BlackAmazon);
    // One request but a response too many.
    r = replayBotzoneHistory({{kNone}, {bz({5, 0, 3, 2, 6, 5})}});
    EXPECT_FALSE(r.problems.empty());
    EXPECT_EQ(r.game.position().sideToMove(), Color::White);
    EXPECT_EQ(r.game.position().at(botzoneSquare(3, 2)), Piece::WhiteAmazon);
    // Nothing at all.
    r = replayBotzoneHistory({});
    EXPECT_FALSE(r.problems.empty());
    EXPECT_EQ(r.game.position(), Position::start(kBoard));
}

TEST(BotzoneProtocol, UnreadableFirstRequestMakesUsTheSecondMover) {
    const BotzoneReplay r = replayBotzoneHistory({{std::nullopt}, {}});
    ASSERT_EQ(r.problems.size(), 1u);
    EXPECT_EQ(r.us, Color::Black);
    EXPECT_EQ(r.game.position().sideToMove(), Color::Black);
}

TEST(BotzoneProtocol, OpponentMoveInKeepRunningMode) {
    Game game(Position::start(kBoard));
    ASSERT_TRUE(game.play(parseMove("f1-d3/g6", kBoard)));
    EXPECT_EQ(playBotzoneOpponentMove(game, Color::White, bz({2, 7, 2, 3, 5, 6})), "");
    EXPECT_EQ(game.moves().size(), 2u);
    EXPECT_EQ(game.position().sideToMove(), Color::White);
    const std::string problem = playBotzoneOpponentMove(game, Color::White, bz({0, 0, 9, 9, 1, 1}));
    EXPECT_NE(problem.find("off the board"), std::string::npos) << problem;
    EXPECT_EQ(game.position().sideToMove(), Color::White);
    EXPECT_NE(playBotzoneOpponentMove(game, Color::White, std::nullopt), "");
    EXPECT_EQ(game.position().sideToMove(), Color::White);
}

}  // namespace
}  // namespace hippolyta
