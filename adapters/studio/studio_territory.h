// The territory figure the Studio shows (docs/studio.md, "The territory lead"): White's
// expected territory at the end of the game less Black's, in squares, made by the Studio itself
// from the position, the same whoever is to move and whichever engine analyses. Pure: no I/O.
//
// Each vacant square counts as the chance that White owns it at the end less the chance that
// Black does:
// - in a region (8-connected vacant squares) that only one side's amazons touch, it is that
//   side's for certain: 1 (or -1); in one that no amazon touches, nobody's: 0;
// - in a region both sides touch, the chance comes from a learned territory table
//   (territory_table.h), fitted to where the squares of self-play games ended, from
//   the side to move's point of view: it holds the worth of having the move, so the figure does
//   not swing with the side to move as a count of who reaches a square first does (on a
//   rectangular board, which the table does not cover, such a square counts 0).
// Once the sides are walled apart (no region touches both), the side to move is half a square
// down: its move fills one of its own squares. So a move there that fills one of its own
// squares loses nothing, and one that cuts k squares off from all its amazons loses k.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct TerritoryEstimate {
    std::vector<double> squares;  // by square (Position's indexing): White's view, -1..1
    double lead = 0;              // White's expected territory lead, in squares
};

TerritoryEstimate estimateTerritory(const Position& pos);

// The board's shading, by square, White's view: 1 (-1) a square certain to be White's
// (Black's), as in the estimate; kReachedFirst (-kReachedFirst) a contested square White's
// (Black's) queens reach first; 0 anything else. The estimate of a contested square is only a
// chance, and early in a game near 0 everywhere: who gets there first shows more.
constexpr double kReachedFirst = 0.4;
std::vector<double> territoryPicture(const Position& pos);

// Squares (Position's indexing) as rows for the page: the top rank first, files from a, each
// value rounded to a hundredth.
nlohmann::json territoryRows(const std::vector<double>& squares, BoardShape shape);

}  // namespace hippolyta
