// One position's legal moves under a linear move model, as the prior fits see them: each move's
// features, the model's softmax over the moves and the search's visit shares as the target.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "adapters/training/training_sample.h"

namespace hippolyta {

template <typename Features>
struct MoveSoftmax {
    std::vector<Features> moves;
    std::vector<double> p, target;
    double loss = 0;  // the cross-entropy of p against the target
};

// Lists the position's moves with list(position, moves), then fills p, target and loss under
// the weights w. False (nothing to learn) when the search visited nothing or there is no move.
template <typename Features, typename Weights, typename List>
bool prepareMoveSoftmax(const FitPosition& tp, const Weights& w, MoveSoftmax<Features>& s,
                        List list) {
    uint64_t total = 0;
    std::unordered_map<uint32_t, uint32_t> visits;
    for (const auto& [move, n] : tp.visits) {
        visits[move.packed()] += n;
        total += n;
    }
    if (total == 0) return false;
    list(tp, s.moves);
    if (s.moves.empty()) return false;
    const size_t n = s.moves.size();
    s.p.assign(n, 0);
    s.target.assign(n, 0);
    double top = -1e300;
    for (size_t i = 0; i < n; ++i) {
        s.p[i] = s.moves[i].dot(w);
        top = std::max(top, s.p[i]);
        const auto it = visits.find(s.moves[i].move.packed());
        if (it != visits.end()) s.target[i] = static_cast<double>(it->second) / total;
    }
    double sum = 0;
    for (double& z : s.p)
        sum += (z = std::exp(z - top));
    s.loss = 0;
    for (size_t i = 0; i < n; ++i) {
        s.p[i] /= sum;
        if (s.target[i] > 0) s.loss -= s.target[i] * std::log(std::max(s.p[i], 1e-300));
    }
    return true;
}

}  // namespace hippolyta
