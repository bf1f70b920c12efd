// The university assignment's text interface (see shared/text-mode.md and docs/fronts.md).
#pragma once

#include <cstdint>
#include <istream>
#include <ostream>

#include "engine/search/engine.h"

namespace hippolyta {

struct TextOptions {
    // Thinking time of one AI side over a whole game under the default schedule. Two AI sides
    // in one process (a fully automatic game) stay under twice this; a remote game between two
    // programs likewise.
    double sideGameSeconds = 30;
    // The most one move may take under the default schedule, so that the program stays
    // responsive (and exits soon after its input closes) even late in a game.
    double maxMoveSeconds = 3;
    // Visits per AI move under the default schedule, so that `seed N` games repeat exactly; the
    // time schedule stays as a cap. EngineConfig::visits, when set, replaces it.
    uint64_t moveVisits = 20000;
};

// Reads commands from `in`; AI moves and results go to `out`, errors to `err`.
// Returns the process exit code.
int runTextFront(std::istream& in, std::ostream& out, std::ostream& err, const EngineConfig& config,
                 const TextOptions& options);
int runTextFront(std::istream& in, std::ostream& out, std::ostream& err,
                 const EngineConfig& config);

}  // namespace hippolyta
