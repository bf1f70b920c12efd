// Reading Botzone's turn input from a stream: simple interaction (a turn count, then the lines
// of the history; later turns in keep-running mode one move line) or JSON (one object a line),
// told apart by the first non-blank character.
#pragma once

#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/botzone/botzone_protocol.h"

namespace hippolyta {

enum class BotzoneFormat { Simple, Json };

struct BotzoneTurnInput {
    BotzoneFormat format = BotzoneFormat::Simple;
    bool full = false;                // a whole history: the first turn, or a restart
    BotzoneHistory history;           // when full
    std::optional<BotzoneMove> move;  // otherwise the opponent's new move (empty: unreadable)
    std::vector<std::string> problems;
};

// Reads one turn. Blank lines before it are skipped; nothing at the end of the input. Reads no
// further than the turn needs, so that it never waits for input the platform will not send.
std::optional<BotzoneTurnInput> readBotzoneTurn(std::istream& in);

// Parses one JSON text: {"requests":[...],"responses":[...]} (full) or one move object
// {"x0":..,"y0":..,"x1":..,"y1":..,"x2":..,"y2":..}. Problems are described, never thrown.
BotzoneTurnInput parseBotzoneJson(std::string_view text);

// The one-line JSON answer: {"response":{"x0":..},"debug":"..."}.
std::string formatBotzoneJsonAnswer(const BotzoneMove& m, const std::string& debug);

}  // namespace hippolyta
