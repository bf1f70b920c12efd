// The referee of one game between two GTP engines: it sets both up, plays the opening,
// asks for moves in turn, checks each with the rules core and runs the clock. Whatever goes
// wrong is blamed on the engine at fault, which loses the game.
#pragma once

#include <optional>
#include <string>

#include "adapters/common/openings.h"
#include "adapters/match/match_engine.h"
#include "adapters/match/results_table.h"
#include "adapters/match/time_control.h"
#include "engine/core/notation.h"
#include "engine/core/records/game_record.h"

namespace hippolyta {

struct RefereeOptions {
    MatchTimeControl timeControl;
    double graceSeconds = 0.5;               // a move is late only past its allowance plus this
    double commandTimeout = 10;              // for commands other than genmove
    double untimedMoveTimeout = 60;          // genmove without a time control: a hang after this
    MoveStyle moveStyle = MoveStyle::Slash;  // how moves are sent with play
};

struct GameResult {
    Color winner = Color::White;
    EndReason reason = EndReason::NoMoves;
    int territory = 0;        // the winner's territory at the end (no moves); 0 otherwise
    std::string detail;       // what happened, e.g. "black played d1-d2/d3, which is illegal"
    GameRecord record;        // the moves played, clocks after each move, result and comment
    double used[2] = {0, 0};  // seconds each side thought, by Color index
};

// Plays one game. openingSgf is the path of an SGF of the opening position for `loadsgf`
// (needed only for openings given as a position). Throws Aborted if the abort flag is raised.
GameResult playGame(MatchEngine& white, MatchEngine& black, const Opening& opening,
                    const std::string& openingSgf, const RefereeOptions& options);

}  // namespace hippolyta
