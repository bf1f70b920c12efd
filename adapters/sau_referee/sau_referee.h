// A headless referee of our own for the SAU Game Platform (docs/fronts.md, "The headless
// referee"): it plays two engines through a game with the platform's rules and message flow
// (its ProcessMove, FitRules, WinOrLose and EngineRun): `name?` to each, `new black` and
// `new white`, each legal move passed on as `move XXXXXX`, `error` for an illegal one (the turn
// stays), moves out of turn ignored, the last move and `end` in one write to the loser and `end`
// to the mover, `quit` and a kill after 1 s. Each engine's stderr is read with its stdout, as
// there. Every move is checked twice, by the platform's rules (platform_board.h) and by our
// rules core; the game is written as it goes: the exchange (transcript.txt), an SGF record
// (game.sgf) and a plain text record (game.txt), in our colours.
//
// Where the platform would wait for ever, the referee ends the game: an engine that gives no
// name, no move within the move timeout, exits, or has its moves refused maxErrors times in one
// turn loses (as does one past its time limit, when one is set; the platform only shows times).
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "adapters/sau/sau_protocol.h"
#include "engine/core/move.h"

namespace hippolyta {

struct SauRefereeConfig {
    // Each engine's command line (run by /bin/sh -c) and the folder it starts in (empty: the
    // folder of the command's first word when that has one, as the platform starts an engine in
    // its own folder; else the current one). Index 0 is Black, 1 White (SauColor's order).
    std::array<std::string, 2> commands;
    std::array<std::string, 2> folders;
    double nameSeconds = 30;      // for the answer to name? (the engine's start included)
    double moveSeconds = 600;     // the most one move may take
    double timeLimitSeconds = 0;  // each side's whole game; 0: none, as on the platform
    int maxErrors = 10;           // refused moves in one turn before the side loses
    std::string outDir;           // where the transcript and the records go (empty: nowhere)
    // Raised (by a signal handler, say): the game stops soon, without a winner; the engines get
    // quit and the records are kept, the result Void.
    const std::atomic<bool>* stop = nullptr;
};

struct SauGameResult {
    std::array<std::string, 2> names;        // as answered to name? (Black, White)
    std::optional<SauColor> winner;          // empty: no game (an engine was not ready)
    std::string reason;                      // "walled in", or why a side lost
    std::string recordResult;                // RE as in SGF: "W+", "B+T" (time), "W+F" (forfeit)
    std::vector<Move> moves;                 // in our notation, from the 10x10 start
    std::vector<double> moveSeconds;         // each move's time, as the referee measured
    std::array<double, 2> seconds{0, 0};     // time each side used, as the referee measured
    std::array<int, 2> moveCount{0, 0};      // legal moves each side made
    std::array<int, 2> refused{0, 0};        // moves answered with error
    std::array<int, 2> ignored{0, 0};        // output the platform threw away
    std::vector<std::string> disagreements;  // our rules against the platform's: always none
};

// Plays one game; `progress` gets one line per event for people (may be empty). Throws
// std::runtime_error when an engine cannot be started or the output folder cannot be written.
SauGameResult playSauGame(const SauRefereeConfig& config,
                          const std::function<void(const std::string&)>& progress);

// "black wins (walled in) after 84 moves", and similar; the same with each side's time:
// "...; black 12.3 s, white 11.9 s".
std::string describeSauOutcome(const SauGameResult& result);
std::string describeSauResult(const SauGameResult& result);

// The bytes as a transcript shows them: printable ASCII as it is, and \n, \r, \t, \0, \\ and
// \xHH for the rest.
std::string escapeBytes(const std::string& bytes);

}  // namespace hippolyta
