// How long the text-mode AI thinks per move: a default schedule that keeps a whole game inside
// a fixed budget per side, or the limits the user set with `limit`.
#pragma once

#include <cstdint>

#include "adapters/text/text_front.h"
#include "engine/core/position.h"
#include "engine/search/engine.h"

namespace hippolyta {

class TextMoveBudget {
  public:
    // configVisits: EngineConfig::visits (0: use options.moveVisits).
    TextMoveBudget(const TextOptions& options, uint64_t configVisits);

    void setSeconds(double seconds);  // a fixed time per move, with no visit cap
    void setVisits(uint64_t visits);  // a visit cap, the time rule unchanged
    void reset();                     // back to the default schedule

    // Limits for the side to move of pos, which has already spent spentSeconds in this game.
    // The default schedule divides what is left of the side's budget by the most moves the side
    // can still have to make (each move fills one empty square), so the total never exceeds it;
    // no move gets more than options.maxMoveSeconds.
    SearchLimits limitsFor(const Position& pos, double spentSeconds) const;

  private:
    TextOptions options_;
    uint64_t defaultVisits_;
    double fixedSeconds_ = 0;  // 0: the schedule
    uint64_t visits_;
};

}  // namespace hippolyta
