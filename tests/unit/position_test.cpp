#include <gtest/gtest.h>

#include <random>

#include "engine/core/game.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

Move mv(const char* text, int n = 10) {
    return parseMove(text, n);
}

TEST(Position, MakeAndUndoRestoreEverything) {
    Position pos = Position::start(10);
    const Position before = pos;
    const Move m = mv("d1-d7/g7");
    ASSERT_TRUE(pos.isLegal(m));
    pos.makeMove(m);
    EXPECT_EQ(pos.at(parseSquare("d7", 10)), Piece::WhiteAmazon);
    EXPECT_EQ(pos.at(parseSquare("d1", 10)), Piece::Empty);
    EXPECT_EQ(pos.at(parseSquare("g7", 10)), Piece::Arrow);
    EXPECT_EQ(pos.sideToMove(), Color::Black);
    pos.undoMove(m);
    EXPECT_EQ(pos, before);
    EXPECT_EQ(pos.hash(), before.hash());
}

TEST(Position, ArrowOnTheVacatedSquareStaysBlocked) {
    Position pos = Position::start(10);
    pos.makeMove(mv("d1-d7/d1"));
    EXPECT_EQ(pos.at(parseSquare("d1", 10)), Piece::Arrow);
    EXPECT_TRUE(testBit(pos.occupied(), parseSquare("d1", 10)));
    EXPECT_EQ(pos.hash(), pos.computeHash());
    pos.undoMove(mv("d1-d7/d1"));
    EXPECT_EQ(pos, Position::start(10));
}

TEST(Position, LegalityChecksEveryPart) {
    const Position pos = Position::start(10);
    EXPECT_TRUE(pos.isLegal(mv("d1-d7/d1")));            // arrow back onto the vacated square
    EXPECT_TRUE(pos.isLegal(mv("d1-d9/d10")) == false);  // d10 holds a black amazon
    EXPECT_FALSE(pos.isLegal(mv("d10-d7/g7")));          // not White's amazon
    EXPECT_FALSE(pos.isLegal(mv("d1-e3/e4")));           // not a queen line
    EXPECT_FALSE(pos.isLegal(mv("a4-j4/a4")));           // j4 is occupied
    EXPECT_FALSE(pos.isLegal(mv("a4-a8/a9")));           // blocked by the amazon on a7
    EXPECT_FALSE(pos.isLegal(mv("d1-d7/d7")));           // arrow on its own square
    EXPECT_FALSE(pos.isLegal(mv("d1-d1/d2")));           // must move
    EXPECT_FALSE(pos.isLegal(mv("d1-d7/e9")));           // arrow not on a queen line from d7
    EXPECT_TRUE(pos.isLegal(mv("d1-d7/j1")));            // the long diagonal is clear
}

TEST(Position, GameOverWhenTheMoverIsWalledIn) {
    // White on a1 boxed by arrows: no move; Black free.
    Position pos = parsePosition("B3/4/xx2/Wx2 w");
    EXPECT_TRUE(pos.isGameOver());
    EXPECT_FALSE(pos.hasLegalMove(Color::White));
    EXPECT_TRUE(pos.hasLegalMove(Color::Black));
    EXPECT_EQ(pos.countMoves(), 0u);
    MoveList moves;
    pos.generateMoves(moves);
    EXPECT_TRUE(moves.empty());
    // One free neighbour is enough to move: step there, shoot back.
    // By hand: to a2 then arrow a1 a3 b3 c4 (4); to a3 then a2 a1 b3 c3 d3 b4 (6).
    Position one = parsePosition("B3/4/1x2/Wx2 w");
    EXPECT_FALSE(one.isGameOver());
    EXPECT_EQ(one.countMoves(), 10u);
}

TEST(Game, WinnerAndUndo) {
    Game game(parsePosition("B3/4/1x2/Wx2 w"));
    EXPECT_FALSE(game.isOver());
    EXPECT_FALSE(game.play(mv("a1-a4/a3", 4)));  // a4 holds a black amazon
    ASSERT_TRUE(game.play(mv("a1-a2/a1", 4)));
    EXPECT_EQ(game.moves().size(), 1u);
    EXPECT_TRUE(game.undo());
    EXPECT_FALSE(game.undo());
    EXPECT_EQ(game.position(), parsePosition("B3/4/1x2/Wx2 w"));
}

TEST(Game, ColourRepeatedThroughGtpUndoesCorrectly) {
    Game game;
    ASSERT_TRUE(game.play(mv("d1-d7/g7")));
    game.setSideToMove(Color::White);  // White plays twice in a row
    ASSERT_TRUE(game.play(mv("g1-g4/h4")));
    EXPECT_EQ(game.movers()[1], Color::White);
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.position().sideToMove(), Color::White);
    ASSERT_TRUE(game.undo());
    EXPECT_EQ(game.position(), Position::start());
}

TEST(Hash, IncrementalEqualsFreshOverRandomGames) {
    std::mt19937_64 rng(12345);
    for (int n : {4, 6, 8, 10, 11}) {
        for (int g = 0; g < 10; ++g) {
            Game game(Position::start(n));
            MoveList moves;
            while (!game.isOver()) {
                game.position().generateMoves(moves);
                ASSERT_FALSE(moves.empty());
                ASSERT_TRUE(game.play(moves[rng() % moves.size()]));
                ASSERT_EQ(game.position().hash(), game.position().computeHash());
            }
            ASSERT_TRUE(game.winner().has_value());
            EXPECT_EQ(*game.winner(), opposite(game.position().sideToMove()));
            while (game.undo())
                ASSERT_EQ(game.position().hash(), game.position().computeHash());
            EXPECT_EQ(game.position(), Position::start(n));
        }
    }
}

TEST(Hash, DistinguishesSideSizeAndPieces) {
    const Position a = Position::start(10);
    Position b = a;
    b.setSideToMove(Color::Black);
    EXPECT_NE(a.hash(), b.hash());
    EXPECT_NE(Position::emptyBoard(8).hash(), Position::emptyBoard(9).hash());
    Position c = a;
    c.place(parseSquare("e5", 10), Piece::Arrow);
    EXPECT_NE(a.hash(), c.hash());
}

TEST(MoveGeneration, MatchesLegalityOnRandomPositions) {
    std::mt19937_64 rng(99);
    Game game(Position::start(6));
    MoveList moves;
    for (int ply = 0; ply < 12 && !game.isOver(); ++ply) {
        const Position& pos = game.position();
        pos.generateMoves(moves);
        EXPECT_EQ(moves.size(), pos.countMoves());
        // Every triple of squares is legal exactly when it was generated.
        size_t legal = 0;
        for (int f = 0; f < 36; ++f)
            for (int t = 0; t < 36; ++t)
                for (int a = 0; a < 36; ++a)
                    legal += pos.isLegal(Move{uint8_t(f), uint8_t(t), uint8_t(a)});
        EXPECT_EQ(legal, moves.size());
        ASSERT_TRUE(game.play(moves[rng() % moves.size()]));
    }
}

}  // namespace
}  // namespace hippolyta
