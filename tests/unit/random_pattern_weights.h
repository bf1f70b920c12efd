// Test weights: every pattern-prior weight drawn uniformly from [-1, 1] by a seeded generator.
#pragma once

#include <random>

#include "engine/search/pattern_prior.h"

namespace hippolyta {

inline PatternWeights randomPatternWeights(std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    PatternWeights w = zeroPatternWeights();
    for (float& x : w)
        x = u(rng);
    return w;
}

}  // namespace hippolyta
