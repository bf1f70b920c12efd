// What the tree search asks of a policy-and-value network (engine/nn's backends implement it,
// engine/nn/backend.h: a position at a time through their batched computations and a cache).
// The search sees only this interface, so it compiles without engine/nn (the Botzone single
// file leaves the network out and never has one). Implementations are immutable to the search
// and safe to call from several search threads at once.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/move.h"
#include "engine/core/position.h"

namespace hippolyta {

class SearchNet {
  public:
    virtual ~SearchNet() = default;
    // The side to move's win probability at pos; probs gets the policy's probability of each of
    // `moves` (pos's legal moves), in their order, summing to 1.
    virtual float evaluateForSearch(const Position& pos, const MoveList& moves,
                                    std::vector<float>& probs) const = 0;
    // Names the net (its file's checksum), for settings that must not mix nets.
    virtual uint64_t netChecksum() const = 0;
};

// Whether a net plays on pos's board. The nets are trained on square boards only, and a net
// adopted for one size (onlySize, by an SPRT there) stays off the others; 0: every square board.
inline bool netPlaysOn(const Position& pos, int onlySize) {
    return pos.geometry().isSquare() && (onlySize == 0 || pos.width() == onlySize);
}

}  // namespace hippolyta
