// What the solver asks of the player (engine/search, engine/eval), and nothing more: a score for
// each legal move, to order a node's children, and a static evaluation, to break ties in a new
// node's proof numbers. Both only steer the search: another guide changes node counts, never a
// result, because every result rests on the rules and exact region counts (and each proof is
// checked by the rules alone). engine/guide/player_guide.h is the player's guide.
#pragma once

#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

struct GuidedMove {
    Move move;
    float score;  // higher: tried first (ties in delta go to the higher score)
};

class MoveGuide {
  public:
    virtual ~MoveGuide() = default;
    // Every legal move of pos with a score, in any order, the same every time. `learned`: the
    // player's learned prior (DfpnSettings::priorOrder), else its cheaper hand-set order.
    virtual void scoreMoves(const Position& pos, bool learned,
                            std::vector<GuidedMove>& out) const = 0;
    // The side to move's standing by a static evaluation: above 0 ahead, below 0 behind.
    virtual double evaluate(const Position& pos) const = 0;
};

// A guide that knows nothing: moves in generation order, every evaluation 0. The solver's
// results with it are its results with any other guide (tests check that).
class PlainGuide final : public MoveGuide {
  public:
    void scoreMoves(const Position& pos, bool, std::vector<GuidedMove>& out) const override {
        MoveList moves;
        pos.generateMoves(moves);
        out.clear();
        for (const Move m : moves)
            out.push_back(GuidedMove{m, 0.0f});
    }
    double evaluate(const Position&) const override { return 0; }
};

}  // namespace hippolyta
