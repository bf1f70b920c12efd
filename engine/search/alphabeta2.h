// The classic baseline of the literature: a two-ply alpha-beta search (own move, then every
// reply) whose leaves are scored by the plain queen-distance territory count from the
// searching side's view. Exact: it returns a move of the true two-ply minimax value.
#pragma once

#include <atomic>
#include <random>

#include "engine/core/position.h"
#include "engine/search/search_types.h"

namespace hippolyta {

// Ties between moves of equal value are broken by rng. Returns early (with the best move so
// far) if `stop` is set or `seconds` (if > 0) pass.
SearchResult alphaBeta2(const Position& pos, std::mt19937_64& rng, const std::atomic<bool>& stop,
                        double seconds = 0);

}  // namespace hippolyta
