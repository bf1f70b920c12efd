// Botzone's Amazons protocol (shared/GUIDE.md section 4), the pure part: moves as six numbers,
// the mapping to our squares, and the game rebuilt from a turn history. No I/O, no JSON.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move.h"

namespace hippolyta {

constexpr int kBotzoneBoardSize = 8;

// x0 y0 x1 y1 x2 y2: from, to, arrow; x the column from the left, y the row from the top of
// Botzone's picture. All -1: no move (the first mover's first request, or "I cannot move").
struct BotzoneMove {
    std::array<int, 6> v{-1, -1, -1, -1, -1, -1};

    bool isNone() const { return v == std::array<int, 6>{-1, -1, -1, -1, -1, -1}; }
    friend bool operator==(const BotzoneMove& a, const BotzoneMove& b) { return a.v == b.v; }
    friend bool operator!=(const BotzoneMove& a, const BotzoneMove& b) { return !(a == b); }
};

// Botzone (x, y) is our column x and row y counted from the bottom (square y * 8 + x): Botzone
// draws row 0 at the top, so its picture is ours mirrored top to bottom, and its first mover
// ("black", starting at (0,2) (2,0) (5,0) (7,2)) is our White. The start positions agree.
std::optional<Move> toMove(const BotzoneMove& m);  // empty if a number is off the board
BotzoneMove fromMove(Move m);

// "x0 y0 x1 y1 x2 y2"
std::string formatBotzoneMove(const BotzoneMove& m);
// Six integers separated by blanks, nothing else; empty otherwise.
std::optional<BotzoneMove> parseBotzoneMove(std::string_view line);

// One turn's input as Botzone gives it: the requests (the opponent's moves, the first one all
// -1 when we move first) and our own earlier responses. A request or response that could not be
// read is empty.
struct BotzoneHistory {
    std::vector<std::optional<BotzoneMove>> requests;
    std::vector<std::optional<BotzoneMove>> responses;
};

// The game rebuilt from a history, with our colour to move. Anything wrong (an unreadable or
// illegal move, a count that does not fit) is skipped and described in `problems`, so that a
// legal answer for our colour can still be given from the best position known.
struct BotzoneReplay {
    Game game{Position::start(kBotzoneBoardSize)};
    Color us = Color::White;
    std::vector<std::string> problems;
};
BotzoneReplay replayBotzoneHistory(const BotzoneHistory& history);

// Plays the opponent's move of a later turn (keep-running mode) on game, where the opponent of
// `us` should be to move. Returns a problem description, or "" if it was played. Whatever
// happens, `us` is to move afterwards.
std::string playBotzoneOpponentMove(Game& game, Color us, const std::optional<BotzoneMove>& m);

}  // namespace hippolyta
