// How long to think for one move: an optimum (where a stable search stops) and a hard maximum
// (never passed), from the time settings, our own clock and the position. Pure arithmetic, no
// I/O: the protocol asks for a budget, the stoppers (stoppers.h) spend it.
//
// Every clock kind reduces to three numbers: what the clock allows this move without losing
// (minus the lag buffer), what the rest of the game can spend spread over the expected moves
// left (the optimum), and a cap of a few optima (the maximum). The lag buffer scales with the
// time per move (a fixed 0.2 s would eat a 0.25 s clock), up to lagBufferSeconds.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/position.h"
#include "engine/search/time_control.h"

namespace hippolyta {

struct TimeBudget {
    double optimum = 0;    // seconds: a stable search stops here
    double maximum = 0;    // seconds: the hard stop
    double movesLeft = 0;  // our expected moves still to think about, this one included
    uint64_t visits = 0;   // --visits: the whole limit without a clock, a cap with one
    bool hasClock = false;
    // False where what this move leaves unused is lost (a byo-yomi period, the last stone of a
    // Canadian period, one move a period): then the search spends the maximum, never less.
    bool unusedTimeKept = true;
    std::string reason;  // one line for logs and amz-time_debug
};

struct TimeManagerOptions {
    double lagBufferSeconds = 0.2;    // kept back from what the clock allows, for transport...
    double lagShare = 0.1;            // ...but at most this share of the time per move
    double capSeconds = 0;            // > 0: no move under a clock takes longer (--move-time)
    double fallbackSeconds = 1.0;     // per move without a clock (--move-time)
    uint64_t fallbackVisits = 0;      // per move without a clock (--visits), if not 0
    double floorSeconds = 0.01;       // no budget goes below this, whatever the clock says
    double maxPerOptimum = 3.0;       // the maximum is at most this many optima
    double movesPerContested = 0.25;  // expected own moves per contested empty square
    double extraMoves = 3;            // added to that, for the filling moves that still think
    double minMovesLeft = 5;          // the optimum never takes more than 1/5 of what is left
    // Sudden death and Fischer keep this share of the main time out of the optimum's pool, so
    // the moves that still think late in a long game are not starved; it is released as the
    // board fills (in full while the side may still have reserveMoves moves or more).
    double reserveShare = 0.03;
    double reserveMoves = 10;
};

struct MovesLeft {
    double expected = 1;  // our expected moves still to think about, this one included
    double most = 1;      // the most we can still make: ceil(empty squares / 2)
};

// Expected own moves left for the side to move: grows with the contested empty area (the
// part of the board where moves still need thought), bounded by the moves the empty squares
// allow (every move fills one square, so the side to move has at most ceil(empty / 2)).
double expectedMovesLeft(const Position& pos, const TimeManagerOptions& options);
MovesLeft movesLeft(const Position& pos, const TimeManagerOptions& options);

// The budget for the side to move of pos. `clock` is that side's clock as last reported (or
// the settings' main time if never reported).
TimeBudget computeBudget(const TimeSettings& settings, const ClockState& clock, const Position& pos,
                         const TimeManagerOptions& options);

// The arithmetic alone, for known moves left and legal moves (tests use this).
TimeBudget budgetFor(const TimeSettings& settings, const ClockState& clock, MovesLeft moves,
                     uint64_t legalMoves, const TimeManagerOptions& options);

}  // namespace hippolyta
