// The player's guide for the solver (engine/solve/move_guide.h): the search's learned move prior
// or its hand-set order, and the queen-territory evaluation. The one place where the solver
// meets the player's code.
#pragma once

#include "engine/solve/move_guide.h"

namespace hippolyta {

class PlayerGuide final : public MoveGuide {
  public:
    void scoreMoves(const Position& pos, bool learned, std::vector<GuidedMove>& out) const override;
    double evaluate(const Position& pos) const override;
};

// One shared guide (it holds no state: safe from several threads).
const MoveGuide& playerGuide();

}  // namespace hippolyta
