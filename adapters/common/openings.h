// Openings for a match: read from a file (one per line: a move list from the standard start,
// or a compact position string), or drawn at random from a seed so runs are reproducible.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct Opening {
    Position start = Position::start();  // the standard start, or the position given
    std::vector<Move> moves;             // played from start before the engines take over
    bool fromPosition = false;
    std::string text;  // one line, for the results table: the moves or the position
};

// Parses an openings file for board size n. Blank lines and '#' comments are skipped. A line
// is a position string ("3B2B3/... w") or moves separated by spaces or commas (any common
// move form). Throws std::invalid_argument naming the line for a malformed line, an illegal
// move, a position of another size or a finished position, and for a file with no opening.
std::vector<Opening> parseOpenings(std::string_view text, int n);

// `plies` uniformly random legal moves from the standard start, fixed by (seed, index).
// Stops early if a side has no move (never on boards of size >= 5 for a few plies).
Opening randomOpening(int n, int plies, uint64_t seed, uint64_t index);

// The opening's text form, as parseOpenings reads it back.
std::string openingText(const Opening& opening);

}  // namespace hippolyta
