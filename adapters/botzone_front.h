// The Botzone bot front (8x8 Amazons; see shared/GUIDE.md section 4).
#pragma once

#include <istream>
#include <ostream>

#include "engine/search/engine.h"

namespace hippolyta {

struct BotzoneOptions {
    double turnSeconds = 0.85;       // budget per turn, safely under the platform's 1 s
    double firstTurnSeconds = 1.7;   // the first turn may use more (platform allows about 2 s)
};

// Plays Botzone turns read from `in`; answers on `out`, diagnostics on `err`.
int runBotzoneFront(std::istream& in, std::ostream& out, std::ostream& err,
                    const EngineConfig& config, const BotzoneOptions& options);

}  // namespace hippolyta
