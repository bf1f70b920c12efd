// The learned territory model: every empty square's final owner (the side to move, the
// opponent, or neither) predicted from cheap features of the square, by a lookup table fitted to
// the ownership maps of self-play games (hippolyta-train territory; docs/learning.md).
//
// A square's cell: the game stage (arrows placed, in quarters of the board); for each side, its
// queen distance (1, 2, 3, 4+, unreached) and king distance (1..4, 5+, unreached) to the square;
// and the balance of the whole board (the squares the side to move reaches first by queen moves
// less the opponent's, in seven bands), which tells who the contested squares will likely go
// to. Being reached by both sides by queen moves is the same as lying in a region both reach,
// so the cell says that too. The table holds P(own) and P(opponent) per cell; the evaluation
// sums P(own) - P(opponent) over the empty squares (its `ownership` term).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct Levels;

struct TerritoryLayout {
    static constexpr int kStages = 4;
    static constexpr int kQueenClasses = 5;    // distance 1, 2, 3, 4+, unreached
    static constexpr int kKingClasses = 6;     // distance 1..4, 5+, unreached
    static constexpr int kBalanceClasses = 7;  // see balanceClass()
    // Strides of the cell index: stage, own queen, opponent queen, own king, opponent king,
    // balance.
    static constexpr int kBalance = 1;
    static constexpr int kOppKing = kBalance * kBalanceClasses;
    static constexpr int kOwnKing = kOppKing * kKingClasses;
    static constexpr int kOppQueen = kOwnKing * kKingClasses;
    static constexpr int kOwnQueen = kOppQueen * kQueenClasses;
    static constexpr int kStage = kOwnQueen * kQueenClasses;
    static constexpr int kCells = kStage * kStages;
    static int cell(int stage, int ownQueen, int oppQueen, int ownKing, int oppKing, int balance) {
        return stage * kStage + ownQueen * kOwnQueen + oppQueen * kOppQueen + ownKing * kOwnKing +
               oppKing * kOppKing + balance * kBalance;
    }
    // The band of the queen-territory balance: <= -12, -11..-6, -5..-2, -1..1, 2..5, 6..11, 12+.
    static int balanceClass(int balance) {
        return balance <= -12  ? 0
               : balance <= -6 ? 1
               : balance <= -2 ? 2
               : balance <= 1  ? 3
               : balance <= 5  ? 4
               : balance <= 11 ? 5
                               : 6;
    }
};

// Which table a board uses: 8x8's up to 8 columns, 10x10's above.
enum class TerritoryBoard { Small = 0, Large = 1 };
inline TerritoryBoard territoryBoardOf(int width) {
    return width <= 8 ? TerritoryBoard::Small : TerritoryBoard::Large;
}
constexpr int kTerritoryBoards = 2;

// P(own) and P(opponent) per cell, from the side to move's view.
struct TerritoryTable {
    std::array<float, TerritoryLayout::kCells> own{};
    std::array<float, TerritoryLayout::kCells> opp{};
};

// The expected ownership P(own) - P(opponent) per cell, as the evaluation reads it.
using TerritoryValues = std::array<float, TerritoryLayout::kCells>;
TerritoryValues territoryValues(const TerritoryTable& table);

// The compiled-in tables (engine/eval/territory_tables.cpp, written by hippolyta-train
// territory from the committed table files engine/weights/territory-*.table).
const TerritoryValues& builtInTerritoryValues(TerritoryBoard board);

// The stage of a position: arrows placed, in quarters of the squares not holding amazons.
int territoryStage(const Position& pos);

// The cell of every empty square (kNoCell elsewhere) from the flooded queen and king levels
// of the side to move [0] and the opponent [1].
constexpr uint16_t kNoCell = 0xffff;
void territoryCells(const Levels queen[2], const Levels king[2], Bitboard empty, int stage,
                    uint16_t* cells);
// The same from a position (floods its own levels; for fitting and tests).
void territoryCells(const Position& pos, std::array<uint16_t, kMaxSquares>& cells);

// The sum over the empty squares of the values of their cells.
double learnedTerritory(const Levels queen[2], const Levels king[2], Bitboard empty, int stage,
                        const TerritoryValues& values);

}  // namespace hippolyta
