// Final ownership of the squares: whose territory each square ended in, the target of a
// network's ownership head (as KataGo's). Squares are Position's: row * n + col, row 0 rank 1.
//
// In a position, a square is White's (+1) if it is a White amazon's square, or an empty square
// that White's amazons can reach through empty squares (queen or king steps, any number of
// moves: its 8-connected empty region touches a White amazon) and Black's cannot; Black's (-1)
// likewise; 0 otherwise: arrows, empty squares both sides reach (still contested) and empty
// squares no amazon reaches (dead). A defective territory counts whole: with a White amazon on
// b2 and only a1 and c1 free around it, a1, b2 and c1 are White's although White gets one move
// out of them.
//
// A game played to the end fills its territories with arrows: in its last position the loser's
// territory is all arrows and only the winner's leftover squares are still empty. So a game's
// ownership is read where the territories were settled: the first position of the game in which
// no region (king-connected empty squares and amazons) holds amazons of both colours. From
// there on every square keeps its owner (regions only split), and the arrows shot into a region
// afterwards are its owner's moves. A game that ends before the sides are walled apart (amazons
// of both colours still touching) is read in its last position.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

// One entry per square (width * height, Position's indexing): +1 White's, -1 Black's, 0 neither, as
// defined above for the position itself. Pass settledPosition() for a game's final ownership.
std::vector<int8_t> ownershipMap(const Position& finalPosition);

// The position where a game's territories were settled: the first one, from start with the
// moves played in turn, in which the sides are walled apart (isSeparated); the last one if
// they never are. The moves must be legal.
Position settledPosition(const Position& start, const std::vector<Move>& moves);

// ownershipMap(settledPosition(start, moves)): a game's final ownership.
std::vector<int8_t> gameOwnership(const Position& start, const std::vector<Move>& moves);

}  // namespace hippolyta
