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

std::string squareName(int sq, int n);
// Parses `a1`..; columns a.. from the left, rows 1.. from the bottom, any case.
int parseSquare(std::string_view text, int n);

std::string formatMove(Move m, int n, MoveStyle style = MoveStyle::Slash);
// Accepts d1-d7/g7, d1-d7-g7, d1-d7xg7, d1-d7(g7), d1d7g7, d1d7,d7g7 and d1 d7 g7, any case.
// Checks only the syntax and the board bounds, not legality.
Move parseMove(std::string_view text, int n);

// The compact position string, e.g. "3B2B3/10/10/B8B/10/10/W8W/10/10/3W2W3 w".
std::string formatPosition(const Position& pos);
Position parsePosition(std::string_view text);

char colorLetter(Color c);
const char* colorName(Color c);  // "white" / "black"
// Parses w, white, b, black in any case; throws NotationError otherwise.
Color parseColor(std::string_view text);

}  // namespace hippolyta
