// Runs a GTP session: reads commands from `in` until quit or end of input, answers on `out`.
#pragma once

#include <istream>
#include <ostream>
#include <string>

#include "engine/search/engine.h"

namespace hippolyta {

struct GtpOptions {
    std::string gameLogDir;  // empty: no engine-side game log
};

// Returns the process exit code (0 after quit or end of input).
int runGtpSession(std::istream& in, std::ostream& out, const EngineConfig& config,
                  const GtpOptions& options);

}  // namespace hippolyta
