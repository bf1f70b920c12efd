// Runs SPSA (spsa.h) through the match core: every iteration is a game pair between the engine
// with theta + c_k delta and with theta - c_k delta, refereed, recorded and tabled like any
// match (DIR/results.tsv, DIR/games/). theta follows from the table alone, so a rerun with the
// same DIR resumes after the last complete pair, and a kill loses at most the pair in play.
// DIR/theta.tsv gets theta after every batch (appended and flushed), for plots.
//
// Batches and shards: the pairs of a batch (`batch` consecutive iterations) are all played at
// the theta left by the batches before, and their steps are then applied in order, so a batch
// can be played in parallel. Shard I of N plays the pairs k with (k - 1) mod N = I into its own
// table (DIR/results-I-of-N.tsv) and reads the others' tables in the same DIR (a shared
// directory) to follow theta; it waits when the rest of a batch is still in play elsewhere.
// One batch is the same run as the sequential SPSA.
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
    int batch = 1;  // pairs played at one theta; at least the shard count
    int shardIndex = 0, shardCount = 1;
    double pollSeconds = 2;  // a shard's wait for the others between checks
    CoreConfig core;         // size, clock, referee, concurrency, outDir (required)
};

// theta after the complete batches among rows (games 2k-1 and 2k are iteration k), and the
// number of iterations they hold. Rows must name the sides "plus" and "minus".
std::vector<double> spsaThetaFromRows(const SpsaRunConfig& config, const std::vector<GameRow>& rows,
                                      int& iterations);

// Plays the missing iterations. Returns 0 when all are done, 130 when interrupted.
int runSpsa(const SpsaRunConfig& config, std::ostream& out, std::ostream& err,
            const std::atomic<bool>* interrupt);

}  // namespace hippolyta
