// The endgame suite's timing: how long the search takes to prove the results of positions a few
// plies before real games' boards separate (tools/endgame_suite.py builds the suite file;
// docs/solver.md, "The engine's endgame"). Like the bench, not part of the Botzone file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/position.h"
#include "engine/search/bench.h"

namespace hippolyta {

// The positions of a suite file: one position string a line; '#' starts a comment, blank lines
// are skipped. Throws NotationError naming the line of a bad position.
std::vector<Position> parseSuite(const std::string& text);

struct ProofTiming {
    bool proven = false;
    double winrate = 0.5;  // the side to move's (exact when proven)
    double seconds = 0;    // until the root was proven, else the whole search
    uint64_t simulations = 0;
};

// Searches `pos` afresh on one thread, with config's constants, until the root is proven or
// capSeconds pass.
ProofTiming timeToProof(const EngineConfig& config, const Position& pos, double capSeconds);
// The suite's totals: positions, proven, median and total seconds to proof of the proven ones,
// their simulations.
BenchReport suiteSummary(const std::vector<ProofTiming>& timings);

}  // namespace hippolyta
