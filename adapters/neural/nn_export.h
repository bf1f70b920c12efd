// Self-play data files to training-tensor files (tensor_file.h) for tools/neural: positions of
// held-out games (game % holdOutEvery == 0, as hippolyta-train's fits hold them out) go to a
// file of their own, so that the figures are measured on games the net never saw.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct NnExportOptions {
    std::vector<std::string> data;  // self-play files, all of one board size
    std::string trainOut, heldOut;  // tensor files to write
    int holdOutEvery = 20;
    int stride = 1;          // every stride-th ply
    int minPly = 0;          // skip the plies before it
    bool skipProven = true;  // as hippolyta-train's fits
};

struct NnExportSummary {
    uint64_t games = 0, trainPositions = 0, heldPositions = 0;
    int boardSize = 0;
};

// Throws TrainingDataError or std::runtime_error; writes nothing partial.
NnExportSummary exportTensors(const NnExportOptions& options);

// A fixed, seeded set of positions on 6x6, 8x8 and 10x10 (starts and random continuations),
// for the PyTorch reference that tests the C++ forward pass.
std::vector<Position> referencePositions();
// Writes them as PREFIX-N.tensor per board size N and their strings, one per line, as
// PREFIX.positions ("N INDEX POSITION", INDEX within its size's file).
void writeReferencePositions(const std::string& prefix);

}  // namespace hippolyta
