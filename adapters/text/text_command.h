// Parsing of one input line of the text-mode front (shared/text-mode.md): pure, no I/O.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/bitboard.h"
#include "engine/core/move.h"

namespace hippolyta {

enum class TextCommandKind {
    Empty,     // blank or comment-only line
    New,       // new
    Move,      // d1-d7(g7) or d1 d7 g7
    Seed,      // seed N
    Auto,      // auto COLOR
    Manual,    // manual COLOR
    Dump,      // dump
    Quit,      // quit
    Undo,      // undo (extra)
    Limit,     // limit SECONDS | limit visits N | limit default (extra)
    Position,  // position STRING: set up a compact position string (extra)
    Help,      // help (extra)
    Bad,       // anything else
};

struct TextCommand {
    TextCommandKind kind = TextCommandKind::Empty;
    std::string text;  // the line without comment and outer blanks, for error messages
    // Move: the move, or empty when the text has the form of a move but names squares off the
    // board (a well-formed but illegal move).
    std::optional<Move> move;
    uint64_t seed = 0;
    Color color = Color::White;
    // Limit: a fixed number of seconds per AI move (0: none), a visit cap (0: none), or back to
    // the default schedule.
    double seconds = 0;
    uint64_t visits = 0;
    bool defaultLimits = false;
    std::string position;  // Position: the compact position string
};

// Parses one line for a board of that shape: case-insensitive, leading blanks allowed, '#' starts a
// comment. Never throws; malformed commands come back as Bad.
TextCommand parseTextCommand(std::string_view line, BoardShape shape);

// The text of `help`: one command per line; contains no '*' and no line starting with "===".
std::string textHelp();

}  // namespace hippolyta
