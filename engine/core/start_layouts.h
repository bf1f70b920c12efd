// Start layouts of every board shape: today's formula on square boards, the small-board
// convention of the solver papers on their boards, the formula on other rectangles (see
// docs/solver.md, "Board layouts").
#pragma once

#include <array>

#include "engine/core/bitboard.h"

namespace hippolyta {

struct SquareCoord {
    int col;
    int row;  // 0 = rank 1, at the bottom
};

// White's four amazons; Black's stand on the same columns, mirrored top to bottom.
struct StartLayout {
    BoardShape shape;
    std::array<SquareCoord, 4> white;
};

// The solver papers' small-board layout: White on b1, a2 and their mirrors across the board,
// (1,0) (width-2,0) (0,1) (width-1,1). It equals formulaLayout() while both sides are 4..6.
StartLayout cornerLayout(BoardShape shape);

// The layout from the offsets: with kc = (width-1)/3 and kr = (height-1)/3, White on (kc,0)
// (width-1-kc,0) (0,kr) (width-1,kr). On square boards this is the standard start.
StartLayout formulaLayout(BoardShape shape);

// The published small-board layouts (the table in start_layouts.cpp), in table order.
const StartLayout* publishedLayoutsBegin();
const StartLayout* publishedLayoutsEnd();

// The start layout of a shape: the published one where the table has it, else the formula.
StartLayout startLayout(BoardShape shape);

}  // namespace hippolyta
