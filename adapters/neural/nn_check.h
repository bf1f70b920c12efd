// Loading a network file and looking at it: what `hippolyta-train nn-check` prints (the
// architecture, the value and policy at a position) and the forward pass's speed.
#pragma once

#include <ostream>
#include <string>

#include "engine/nn/network.h"

namespace hippolyta {

// Reads and checks a network file. Throws NetFileError or std::runtime_error.
Network loadNetwork(const std::string& path);

// Prints the net's architecture, then its value, ownership sum and top `topMoves` moves at pos.
void describeEvaluation(const Network& net, const Position& pos, int topMoves, std::ostream& out);

struct NnSpeed {
    double evalsPerSecond = 0;     // per second of wall time
    double evalsPerCpuSecond = 0;  // per second of this thread's CPU time (fair on a busy box)
    int evaluations = 0;
};
// Single-thread forward passes per second at pos, `batch` positions per call, for about
// `seconds` of this thread's CPU time.
NnSpeed measureSpeed(const Network& net, const Position& pos, int batch, double seconds,
                     NnKernels kernels);

}  // namespace hippolyta
