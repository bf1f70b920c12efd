// The deterministic bench: fixed 10x10 positions searched with fixed visits on one thread.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/position.h"
#include "engine/search/engine.h"

namespace hippolyta {

// `key: value` figures, in print order; includes signature, evals_per_second,
// simulations_per_second, the move priors' scoring speeds (every legal move of the positions
// scored, ordering 2 and ordering 3) and elapsed_seconds.
using BenchReport = std::vector<std::pair<std::string, std::string>>;

struct BenchOptions {
    uint64_t visits = 20000;      // simulations per position (config.visits overrides)
    double threadSeconds = 0.5;   // per position, for the multi-thread figure
    int threadRounds = 2;         // timed rounds with each thread count, interleaved
    uint64_t evalCount = 300000;  // evaluations timed for evals_per_second
    int priorRounds = 1000;       // passes over the positions timed for each prior's moves/s
};

// Runs the bench with config's evaluation and search constants; with config.threads > 1 it
// also times the positions with that many threads (and with one, for the speed-up).
BenchReport runBench(const EngineConfig& config);
BenchReport runBench(const EngineConfig& config, const BenchOptions& options);

// The bench positions: the start, middle games after fixed move lists, an endgame.
std::vector<Position> benchPositions();
// The deterministic part only: a hash of the single-threaded searches' root statistics (the
// chosen moves, every root move's visits, the tree sizes) over the bench positions.
uint64_t benchSignature(const EngineConfig& config, uint64_t visits);

}  // namespace hippolyta
