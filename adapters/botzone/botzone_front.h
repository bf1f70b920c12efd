// The Botzone bot front (8x8 Amazons; see shared/GUIDE.md section 4 and docs/fronts.md).
#pragma once

#include <istream>
#include <ostream>

#include "engine/search/engine.h"
#include "opening-book/book.h"

namespace hippolyta {

struct BotzoneOptions {
    double turnSeconds = 0.85;      // budget per turn, safely under the platform's 1 s
    double firstTurnSeconds = 1.7;  // the game's first turn may use more (about 2 s allowed)
    int memoryMb = 256;             // cap on the search memory (the platform allows 512 MB)
    bool keepRunning = true;        // ask to stay alive between turns, keeping the search tree
    // An 8x8 opening book (owned by the caller; books of other sizes are ignored). Its move is
    // played when the policy finds a clearly sound one, by the MCTS player only; the choice
    // among the best moves follows EngineConfig::seed.
    const Book* book = nullptr;
    BookPolicy bookPolicy;
};

// Plays Botzone turns read from `in`; answers on `out`, diagnostics on `err`. Returns 0 at the
// end of the input.
int runBotzoneFront(std::istream& in, std::ostream& out, std::ostream& err,
                    const EngineConfig& config, const BotzoneOptions& options);

}  // namespace hippolyta
