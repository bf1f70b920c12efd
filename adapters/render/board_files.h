// Pictures from files: a game record (SGF or text) or a position string at a chosen move, for
// build/bin/hippolyta-board and the HTML report.
#pragma once

#include <optional>
#include <string>

#include "adapters/render/svg_board.h"
#include "engine/core/records/game_record.h"

namespace hippolyta {

// The record's position after `plies` moves (all if none), with the last of them marked and,
// if asked, the territory: the final territory once the side to move has no move, else the
// queen-distance territory. Throws std::invalid_argument for plies past the end.
BoardPicture pictureOfRecord(const GameRecord& record, std::optional<int> plies, bool territory);

// A game record file: SGF (it opens with '(') or the plain text record the match and
// `--game-log` write. Throws std::invalid_argument with a message for people when it is
// malformed, std::runtime_error when it cannot be read.
GameRecord readRecordFile(const std::string& path);

// `input` is a game record file (SGF or text), or else a position string ("3b3/7/... w").
// Throws std::invalid_argument with a message for people when it is neither, when the record
// is malformed, or when plies are asked of a position string.
BoardPicture loadPicture(const std::string& input, std::optional<int> plies, bool territory);

}  // namespace hippolyta
