// Move ordering for selective widening: every legal move gets a score, higher first.
//   cheap: additive per-square tables computed once per position (where the amazon lands,
//          where the arrow lands, relative to both sides' queen distances and amazons), a few
//          nanoseconds a move;
//   eval:  the full evaluation after the move, from the mover's view (about a microsecond a
//          move; for the root and heavily visited nodes).
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/position.h"
#include "engine/eval/evaluation.h"
#include "engine/search/search_types.h"

namespace hippolyta {

struct ScoredMove {
    Move move;
    float score;
};

// All legal moves of pos with cheap scores, unsorted: HandSet, or EvalFit, weights fitted to the
// evaluation by least squares (its match: docs/learning-results.md, "The hand-set search
// constants"). Learned is move_prior.h's scoreMovesLearned.
void scoreMovesCheap(const Position& pos, std::vector<ScoredMove>& out,
                     MoveOrdering order = MoveOrdering::HandSet);
// Rescores the given moves by the full evaluation after each.
void scoreMovesByEval(const Position& pos, const EvalWeights& weights,
                      std::vector<ScoredMove>& moves);
// Sorts best first; ties by packed move, so the order is deterministic.
void sortMoves(std::vector<ScoredMove>& moves);
// Puts the best `prefix` moves first, in order (the rest unordered): much cheaper than a full
// sort when only the first few are needed.
void sortMoves(std::vector<ScoredMove>& moves, size_t prefix);

}  // namespace hippolyta
