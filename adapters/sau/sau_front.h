// The SAU Game Platform front (10x10 Amazons; docs/fronts.md, "SAU Game Platform"): the referee
// program of China's university computer-games championships. It asks `name?`, starts a game
// with `new black` or `new white` (Black moves first), passes moves as `move XXXXXX`, answers an
// illegal move with `error`, ends a game with `end` and the program with `quit`. It sends no
// time: the front keeps a whole game's time on its own clock.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "engine/search/engine.h"
#include "opening-book/book.h"

namespace hippolyta {

struct SauOptions {
    // Seconds for all our moves of one game. Tournaments set their own limit, which the platform
    // does not know; 15 minutes a side is what a 2023 championship entry budgeted for itself.
    // 0: no game clock, each move as EngineConfig says (moveTimeSeconds or visits).
    double gameSeconds = 900;
    std::string name = "Hippolyta";  // answered to `name?` (no line break, tab or NUL)
    // Thinking on the opponent's time. Off by default: on the platform both engines share one
    // machine, so pondering takes the opponent's processor.
    bool ponder = false;
    double maxPonderSeconds = 600;
    double lagBufferSeconds = 0.2;  // the time manager's lag buffer (per move)
    // A 10x10 opening book (owned by the caller; other sizes are ignored), used as the GTP
    // engine uses it: the MCTS player at the levels that play from it.
    const Book* book = nullptr;
    BookPolicy bookPolicy;
};

// Reads the platform's commands from `in` until `quit` or the end of the input and answers on
// `out`, one write and one flush per answer; what it does goes to `log` (never to `out`).
// Returns the process exit code (0). Never throws for bad input.
int runSauFront(std::istream& in, std::ostream& out, std::ostream& log, const EngineConfig& config,
                const SauOptions& options);

}  // namespace hippolyta
