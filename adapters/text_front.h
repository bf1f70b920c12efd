// The university assignment's text interface (see shared/text-mode.md).
#pragma once

#include <istream>
#include <ostream>

#include "engine/search/engine.h"

namespace hippolyta {

// Reads commands from `in`; AI moves and results go to `out`, errors to `err`.
// Returns the process exit code.
int runTextFront(std::istream& in, std::ostream& out, std::ostream& err,
                 const EngineConfig& config);

}  // namespace hippolyta
