// The plain text game record that tournament rules ask each program to keep: a short header
// of "Key: value" lines (players, date, board size, time control, result), then one move per
// line in d1-d7(g7) notation. Pure parse and format, no streams.
//
//   # Amazons game record
//   White: hippolyta
//   Black: other
//   Date: 2024-05-01
//   Board: 10          (W x H for a rectangle: "Board: 6x5")
//   Time: 60+1
//   Result: W+
//
//   g1-g7(b7)
//   d10-d2(e1)
//
// "Start: <position string>" appears only when the game did not start from the standard
// position. A record written as the game goes (see protocol/game_log.h) has its "Result:" line
// after the moves; the reader accepts header lines anywhere. Moves alternate from the side to
// move of the start position.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/records/game_record.h"

namespace hippolyta {

// The header lines; with includeResult false the Result line is left for the end.
std::string formatTextHeader(const GameRecord& record, bool includeResult = true);
// One move line, e.g. "d1-d7(g7)\n".
std::string formatTextMove(Move m, BoardShape shape);
// The closing "Result: W+" line (with the comment, if any, on a "Comment:" line).
std::string formatTextResult(const std::string& result, const std::string& comment = "");

std::string writeTextRecord(const GameRecord& record);
// Throws RecordError (with the line number) for a malformed line or an illegal move.
GameRecord readTextRecord(std::string_view text);

}  // namespace hippolyta
