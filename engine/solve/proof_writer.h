// Writes the proof certificate (proof_check.h) of a position the solver proved (a win or a
// loss for the side to move). Winning moves come from the solver's table (re-solving a subtree
// whose entry was replaced); a move into a position already in the proof is preferred, which keeps
// the proof small. Separated positions the region values decide become count records, partly
// separated ones the bounds decide bound records, and those local search decides local records.
#pragma once

#include <string>
#include <vector>

#include "engine/check/proof_check.h"
#include "engine/solve/dfpn.h"

namespace hippolyta {

struct ProofStats {
    uint64_t records = 0;
    uint64_t countLeaves = 0;
    uint64_t boundLeaves = 0;
    uint64_t localLeaves = 0;
    uint64_t resolves = 0;  // subtrees solved again (their table entries were replaced)
};

// The proof file's bytes; throws std::runtime_error if a subtree cannot be proved again within
// the limits.
std::string buildProof(DfpnSolver& solver, const Position& root, bool rootWins,
                       const DfpnLimits& limits, ProofStats& stats);

// Proofs joined from the proof files of a root's children (a split's subproblems), each child's
// records in a scope of its own ('S'). Each file's framing, position and result are checked
// against the child it stands for; its records are left to checkProof. Throw
// std::runtime_error naming the child at fault.
// The root's mover wins by `move`; childProof proves the child a loss for its mover, or,
// when `symmetry` is not 0, the child's image under that symmetry (a 'Y' record).
std::string proofOfWinByMove(const Position& root, Move move, const std::string& childProof,
                             int symmetry = 0);
// A reply's proof for proofOfLoss: the proof file of the child's image under `symmetry` (0:
// of the child itself). An image is written as a 'Y' record, followed by the image's records
// unless they are already in the proof (an earlier reply's image).
struct ReplyProof {
    std::string bytes;
    int symmetry = 0;
};
std::string proofOfLoss(const Position& root, const std::vector<ReplyProof>& replies);

}  // namespace hippolyta
