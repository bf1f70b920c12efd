// Why a move is illegal, in words a player understands: for GTP's `? illegal move (REASON)` and
// the other fronts' errors. Position::isLegal says whether; this says why not.
#pragma once

#include <string>

#include "engine/core/position.h"

namespace hippolyta {

// Empty when `m` is legal for the side to move of `pos`, else the first fault found: a square
// off the board, not the mover's amazon, not a queen line, a blocked path, the arrow's likewise.
std::string illegalMoveReason(const Position& pos, Move m);

}  // namespace hippolyta
