// Runs SPSA (spsa.h) through the match core: every iteration is a game pair between the engine
// with theta + c_k delta and with theta - c_k delta, refereed, recorded and tabled like any
// match (DIR/results.tsv, DIR/games/). theta follows from the table alone, so a rerun with the
// same DIR resumes after the last complete pair, and a kill loses at most the pair in play.
// DIR/theta.tsv gets theta after every iteration (appended and flushed), for plots.
#pragma once

#include <atomic>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/match/match_core.h"
#include "adapters/match/results_table.h"
#include "adapters/training/spsa.h"

namespace hippolyta {

struct SpsaRunConfig {
    std::string engine;  // the engine's command line; each side adds --param NAME=VALUE
    std::vector<SpsaParam> params;
    SpsaSchedule schedule;
    uint64_t seed = 1;  // the signs and the openings
    int randomPlies = 2;
    CoreConfig core;  // size, clock, referee, concurrency, outDir (required)
};

// theta after the complete pairs among rows (games 2k-1 and 2k are iteration k), and their
// number. Rows must name the sides "plus" and "minus".
std::vector<double> spsaThetaFromRows(const SpsaRunConfig& config, const std::vector<GameRow>& rows,
                                      int& iterations);

// Plays the missing iterations. Returns 0 when all are done, 130 when interrupted.
int runSpsa(const SpsaRunConfig& config, std::ostream& out, std::ostream& err,
            const std::atomic<bool>* interrupt);

}  // namespace hippolyta
