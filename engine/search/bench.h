// The deterministic bench: fixed 10x10 positions searched with fixed visits on one thread.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/search/engine.h"

namespace hippolyta {

// `key: value` figures, in print order; includes signature, evals_per_second,
// simulations_per_second and elapsed_seconds.
using BenchReport = std::vector<std::pair<std::string, std::string>>;

BenchReport runBench(const EngineConfig& config);

}  // namespace hippolyta
