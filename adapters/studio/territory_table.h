// The territory table behind the Studio's territory lead (studio_territory.h): for each vacant
// square, the chance that the side to move owns it at the end of the game less the chance that
// the opponent does, looked up by a cell of cheap features of the square. The table was fitted
// to the final ownership of 10x10 and 8x8 self-play games by the learned-territory fit that the
// search tried and did not adopt (docs/learning-results.md, "Removed from the product"; the fit,
// `hippolyta-train territory`, can be read at commit 2f1a32c). Only the Studio reads it.
//
// A square's cell: the game stage (arrows placed, in quarters of the board); for each side, its
// queen distance (1, 2, 3, 4+, unreached) and king distance (1..4, 5+, unreached) to the square;
// and the board's balance (the squares the side to move reaches first by queen moves less the
// opponent's, in seven bands).
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/position.h"

namespace hippolyta {

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

// P(own) - P(opponent) per cell, from the side to move's view: 8x8's table for boards up to 8
// columns, 10x10's above.
using TerritoryValues = std::array<float, TerritoryLayout::kCells>;
const TerritoryValues& territoryValuesFor(int width);

// The cell of every empty square of pos (kNoCell elsewhere).
constexpr uint16_t kNoCell = 0xffff;
void territoryCells(const Position& pos, std::array<uint16_t, kMaxSquares>& cells);

}  // namespace hippolyta
