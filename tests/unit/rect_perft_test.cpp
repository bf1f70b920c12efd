// Rectangular boards: perft of the start layouts, checked against a simple move generator written
// here (plain arrays, no bitboards, no line tables), and random playouts compared move by move.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {
namespace {

// The reference: a board as one char a square ('.' empty, 'W', 'B', 'x'), row-major from a1.
struct SimpleBoard {
    int w = 0, h = 0;
    std::vector<char> cells;
    char toMove = 'W';

    static SimpleBoard from(const Position& pos) {
        SimpleBoard b;
        b.w = pos.width();
        b.h = pos.height();
        b.toMove = pos.sideToMove() == Color::White ? 'W' : 'B';
        for (int sq = 0; sq < b.w * b.h; ++sq) {
            const Piece p = pos.at(sq);
            b.cells.push_back(p == Piece::WhiteAmazon   ? 'W'
                              : p == Piece::BlackAmazon ? 'B'
                              : p == Piece::Arrow       ? 'x'
                                                        : '.');
        }
        return b;
    }

    // Every empty square a queen on (c, r) slides to.
    std::vector<int> slides(int c, int r) const {
        static const int kSteps[8][2] = {{1, 0}, {-1, 0},  {0, 1},  {0, -1},
                                         {1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
        std::vector<int> out;
        for (const auto& d : kSteps) {
            for (int x = c + d[0], y = r + d[1]; x >= 0 && y >= 0 && x < w && y < h;
                 x += d[0], y += d[1]) {
                if (cells[y * w + x] != '.') break;
                out.push_back(y * w + x);
            }
        }
        return out;
    }

    std::vector<Move> moves() {
        std::vector<Move> out;
        for (int from = 0; from < w * h; ++from) {
            if (cells[from] != toMove) continue;
            cells[from] = '.';
            for (int to : slides(from % w, from / w))
                for (int arrow : slides(to % w, to / w))
                    if (arrow != to)
                        out.push_back(Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                                           static_cast<uint8_t>(arrow)});
            cells[from] = toMove;
        }
        return out;
    }

    void play(Move m) {
        cells[m.from] = '.';
        cells[m.to] = toMove;
        cells[m.arrow] = 'x';
        toMove = toMove == 'W' ? 'B' : 'W';
    }
    void undo(Move m) {
        toMove = toMove == 'W' ? 'B' : 'W';
        cells[m.arrow] = '.';
        cells[m.to] = '.';
        cells[m.from] = toMove;
    }

    // The number of moves, counted without listing them (the last ply of perft).
    uint64_t countMoves() {
        uint64_t total = 0;
        for (int from = 0; from < w * h; ++from) {
            if (cells[from] != toMove) continue;
            cells[from] = '.';
            for (int to : slides(from % w, from / w))
                total += slides(to % w, to / w).size();
            cells[from] = toMove;
        }
        return total;
    }

    uint64_t perft(int depth) {
        if (depth == 1) return countMoves();
        const std::vector<Move> ms = moves();
        uint64_t total = 0;
        for (Move m : ms) {
            play(m);
            total += perft(depth - 1);
            undo(m);
        }
        return total;
    }
};

// A slide from `to` must not see the amazon that just left `from`: the vacated square is empty,
// and a queen cannot shoot onto the square it stands on. The reference above gets that from
// slides() never returning the start square; this pins it on the smallest board.
TEST(RectReference, ArrowMayLandOnTheVacatedSquare) {
    Position pos = Position::start(BoardShape(4, 5));
    SimpleBoard b = SimpleBoard::from(pos);
    const Move back = parseMove("b1-b2/b1", BoardShape(4, 5));
    const std::vector<Move> ms = b.moves();
    EXPECT_NE(std::find(ms.begin(), ms.end(), back), ms.end());
    EXPECT_TRUE(pos.isLegal(back));
}

struct RectPerft {
    int width;
    int height;
    std::vector<uint64_t> leaves;  // perft(1), perft(2), ...
};

// Start-position perft of every rectangle 4..11 by 4..11 to depth 2, and of the solver papers'
// boards (and a few more cheap ones) deeper. Square boards are in perft_test.cpp.
const std::vector<RectPerft>& rectPerftTable() {
    static const std::vector<RectPerft> table = {
        {4, 5, {170u, 18704u, 1504390u}},
        {4, 6, {256u, 46264u, 6570118u}},
        {4, 7, {350u, 90206u, 18853102u}},
        {4, 8, {416u, 135388u}},
        {4, 9, {528u, 219368u}},
        {4, 10, {622u, 316706u}},
        {4, 11, {748u, 457572u}},
        {5, 4, {170u, 19114u, 1525212u}},
        {5, 6, {410u, 129436u, 33443332u}},
        {5, 7, {538u, 232844u}},
        {5, 8, {662u, 362552u}},
        {5, 9, {770u, 499206u}},
        {5, 10, {868u, 638768u}},
        {5, 11, {972u, 806826u}},
        {6, 4, {256u, 46584u, 6629664u}},
        {6, 5, {410u, 128094u, 33207636u}},
        {6, 7, {700u, 412704u}},
        {6, 8, {898u, 684842u}},
        {6, 9, {1054u, 956236u}},
        {6, 10, {1206u, 1269330u}},
        {6, 11, {1362u, 1632380u}},
        {7, 4, {336u, 86958u, 17452570u}},
        {7, 5, {538u, 231670u}},
        {7, 6, {700u, 410246u}},
        {7, 8, {1062u, 972576u}},
        {7, 9, {1238u, 1327332u}},
        {7, 10, {1470u, 1908904u}},
        {7, 11, {1660u, 2449992u}},
        {8, 4, {416u, 138416u}},
        {8, 5, {662u, 361592u}},
        {8, 6, {898u, 680772u}},
        {8, 7, {1062u, 962776u}},
        {8, 9, {1520u, 2030972u}},
        {8, 10, {1772u, 2807746u}},
        {8, 11, {2008u, 3629182u}},
        {9, 4, {528u, 227014u}},
        {9, 5, {770u, 499794u}},
        {9, 6, {1054u, 954344u}},
        {9, 7, {1238u, 1327454u}},
        {9, 8, {1520u, 2044976u}},
        {9, 10, {1992u, 3593496u}},
        {9, 11, {2348u, 5006378u}},
        {10, 4, {622u, 314818u}},
        {10, 5, {868u, 645336u}},
        {10, 6, {1206u, 1262386u}},
        {10, 7, {1470u, 1903712u}},
        {10, 8, {1772u, 2798294u}},
        {10, 9, {1992u, 3582788u}},
        {10, 11, {2556u, 5942516u}},
        {11, 4, {748u, 461456u}},
        {11, 5, {972u, 822774u}},
        {11, 6, {1362u, 1635618u}},
        {11, 7, {1660u, 2449756u}},
        {11, 8, {2008u, 3624134u}},
        {11, 9, {2348u, 4990380u}},
        {11, 10, {2556u, 5975674u}},
    };
    return table;
}

TEST(RectPerft, StartPositionsMatchTheTable) {
    for (const RectPerft& c : rectPerftTable()) {
        const BoardShape shape(c.width, c.height);
        Position pos = Position::start(shape);
        for (size_t d = 0; d < c.leaves.size(); ++d)
            EXPECT_EQ(perft(pos, static_cast<int>(d + 1)), c.leaves[d])
                << shapeName(shape) << " depth " << d + 1;
        EXPECT_EQ(pos, Position::start(shape)) << "perft must leave the position unchanged";
    }
}

// The simple generator reproduces depths 1 and 2 of the table, and depth 3 where it is quick
// (2 million leaves).
TEST(RectPerft, SimpleGeneratorReproducesTheTable) {
    int checked = 0;
    for (const RectPerft& c : rectPerftTable()) {
        SimpleBoard b = SimpleBoard::from(Position::start(BoardShape(c.width, c.height)));
        for (size_t d = 0; d < c.leaves.size() && (d < 2 || c.leaves[d] <= 2'000'000); ++d) {
            EXPECT_EQ(b.perft(static_cast<int>(d + 1)), c.leaves[d])
                << c.width << "x" << c.height << " depth " << d + 1;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 114);  // depths 1-2 of all 56, depth 3 of 4x5 and 5x4
}

// Random games, fixed seeds: at every ply the engine's moves are the reference's moves, the
// count agrees, every move is legal, and the boards stay equal to the end of the game.
TEST(RectPlayout, EngineAgreesWithSimpleGeneratorMoveByMove) {
    const BoardShape shapes[] = {BoardShape(6, 5), BoardShape(4, 7), BoardShape(11, 4),
                                 BoardShape(5, 9), BoardShape(10, 8)};
    for (const BoardShape shape : shapes) {
        for (uint32_t seed = 1; seed <= 3; ++seed) {
            std::mt19937 rng(seed * 7919 + static_cast<uint32_t>(shape.width * 16 + shape.height));
            Position pos = Position::start(shape);
            SimpleBoard ref = SimpleBoard::from(pos);
            for (int ply = 0;; ++ply) {
                MoveList mine;
                pos.generateMoves(mine);
                std::vector<Move> theirs = ref.moves();
                const auto byPacked = [](Move a, Move b) { return a.packed() < b.packed(); };
                std::sort(mine.begin(), mine.end(), byPacked);
                std::sort(theirs.begin(), theirs.end(), byPacked);
                ASSERT_EQ(mine, theirs) << shapeName(shape) << " seed " << seed << " ply " << ply;
                ASSERT_EQ(pos.countMoves(), mine.size());
                ASSERT_EQ(pos.isGameOver(), mine.empty());
                if (mine.empty()) break;
                const Move m = mine[rng() % mine.size()];
                ASSERT_TRUE(pos.isLegal(m));
                pos.makeMove(m);
                ref.play(m);
                ASSERT_EQ(pos.hash(), pos.computeHash());
                ASSERT_EQ(SimpleBoard::from(pos).cells, ref.cells);
            }
        }
    }
}

// The evaluation's compile-time bitboard operations take the width as N and serve every height:
// their queen slides and king steps agree with the rules core's on tall and wide rectangles
// (a file on 4x11 is ten steps long, more than a width-4 board's rows would need); so does
// the single square's reach from the ray tables, from any square (an amazon's too).
template <int N>
void expectBoardOpsAgree(int height, uint32_t seed) {
    const BoardShape shape(N, height);
    Position pos = Position::start(shape);
    std::mt19937 rng(seed);
    MoveList moves;
    for (int ply = 0; ply < 12 && !pos.isGameOver(); ++ply) {
        const Bitboard empty = pos.emptySquares();
        for (int sq = 0; sq < shape.squareCount(); ++sq) {
            EXPECT_EQ(BoardOps<N>::queenReachFrom(sq, empty),
                      BoardOps<N>::queenReach(squareBit(sq), empty & ~squareBit(sq)))
                << shapeName(shape) << " " << squareName(sq, shape);
            if (!testBit(empty, sq)) continue;
            EXPECT_EQ(BoardOps<N>::queenReach(squareBit(sq), empty & ~squareBit(sq)),
                      pos.queenReach(sq))
                << shapeName(shape) << " " << squareName(sq, shape);
            EXPECT_EQ(BoardOps<N>::kingNeighbours(squareBit(sq)) & pos.geometry().boardMask(),
                      pos.geometry().kingNeighbours(squareBit(sq)))
                << shapeName(shape) << " " << squareName(sq, shape);
        }
        pos.generateMoves(moves);
        pos.makeMove(moves[rng() % moves.size()]);
    }
}

TEST(RectBoardOps, SlidesAndStepsMatchTheRulesCore) {
    expectBoardOpsAgree<4>(11, 1);
    expectBoardOpsAgree<5>(9, 2);
    expectBoardOpsAgree<8>(11, 3);
    expectBoardOpsAgree<11>(4, 4);
    expectBoardOpsAgree<6>(7, 5);
    expectBoardOpsAgree<7>(10, 6);
    expectBoardOpsAgree<9>(5, 7);
    expectBoardOpsAgree<10>(10, 8);
    expectBoardOpsAgree<6>(5, 5);
}

// Moves that would leave the rectangle are never legal, even where the square index exists on
// a square board of the same width.
TEST(RectPosition, IndicesAboveTheTopRowAreNotLegal) {
    const BoardShape shape(6, 5);
    Position pos = Position::start(shape);
    const int offTop = 5 * 6 + 1;  // b6 on a 6x6 board: past the 6x5 board's last square
    EXPECT_FALSE(pos.isLegal(Move{1, static_cast<uint8_t>(offTop), 1}));
    EXPECT_EQ(popCount(pos.emptySquares()), 30 - 8);
    EXPECT_EQ(popCount(pos.geometry().boardMask()), 30);
}

}  // namespace
}  // namespace hippolyta
