// The text-mode front's output lines (shared/text-mode.md): pure formatting, no I/O.
#pragma once

#include <string>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

// "* d1-d7(g7)": the line printed for an AI move.
std::string aiMoveLine(Move m, BoardShape shape);
// "* White wins." or "* Black wins.".
std::string winLine(Color winner);
// The `dump` block: "===", the rows from the top down ("   - - B ..."), "===", each line ended
// by a newline. '-' empty, 'W' white, 'B' black, 'S' arrow.
std::string formatDump(const Position& pos);

}  // namespace hippolyta
