// Text forms of squares, moves and positions: pure parse-and-format, no streams.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

// Thrown for any malformed square, move or position text; what() explains the problem.
class NotationError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

enum class MoveStyle {
    Slash,        // d1-d7/g7: the canonical GTP form (Quarry reads it)
    Parenthesis,  // d1-d7(g7): the text-mode and plain-record form
    Dash,         // d1-d7-g7
};

// The board shapes below may be an int n: the n x n board.
std::string squareName(int sq, BoardShape shape);
// Parses `a1`..; columns a.. from the left, rows 1.. from the bottom, any case. Refuses a square
// off the board.
int parseSquare(std::string_view text, BoardShape shape);
// "6x5": width by height.
std::string shapeName(BoardShape shape);
// Parses "N" (the N x N board) or "WxH" (either case of x); throws NotationError for other text.
// The sizes are not range-checked (BoardShape::isSupported does that); a huge number reads as 0.
BoardShape parseShape(std::string_view text);

std::string formatMove(Move m, BoardShape shape, MoveStyle style = MoveStyle::Slash);
// Accepts d1-d7/g7, d1-d7-g7, d1-d7xg7, d1-d7(g7), d1d7g7, d1d7,d7g7 and d1 d7 g7, any case.
// Checks only the syntax and the board bounds, not legality.
Move parseMove(std::string_view text, BoardShape shape);

// The compact position string, e.g. "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w": ranks from the
// top, so the number of ranks is the height and each rank's length the width.
std::string formatPosition(const Position& pos);
Position parsePosition(std::string_view text);

char colorLetter(Color c);
const char* colorName(Color c);  // "white" / "black"
// Parses w, white, b, black in any case; throws NotationError otherwise.
Color parseColor(std::string_view text);

}  // namespace hippolyta
