// The SAU front's own game clock. The platform sends no time information (it only shows each
// side's elapsed time), so a championship engine keeps a whole game's time itself: a fixed
// number of seconds for all its moves, less a safety margin, spent through the engine's time
// manager (engine/search/time_manager.h) as sudden death on its own clock.
#pragma once

#include "engine/core/position.h"
#include "engine/search/search_types.h"
#include "engine/search/time_manager.h"

namespace hippolyta {

class SauClock {
  public:
    // The margin kept back from the game time: this share of it, at least kMinMarginSeconds,
    // at most half of it. It stands for what our own measurement misses: the pipes, the
    // platform's window messages between a move's arrival and its clock's update, and the
    // other engine sharing the machine.
    static constexpr double kMarginShare = 0.05;
    static constexpr double kMinMarginSeconds = 1.0;

    // gameSeconds 0: no clock (limitsFor then answers the fallback of `options`).
    SauClock(double gameSeconds, const TimeManagerOptions& options);

    bool limited() const { return gameSeconds_ > 0; }
    double gameSeconds() const { return gameSeconds_; }
    double marginSeconds() const;
    double usedSeconds() const { return used_; }
    // What the time manager may still spend: the game time less the margin and what is used.
    double leftSeconds() const;

    // The budget of the next move of pos's side to move, and the limits that spend it (the
    // standard stopper chain: optimum, maximum, proof, an unreachable runner-up).
    TimeBudget budgetFor(const Position& pos) const;
    SearchLimits limitsFor(const Position& pos) const;

    void charge(double seconds) { used_ += seconds > 0 ? seconds : 0; }
    void reset() { used_ = 0; }

  private:
    double gameSeconds_;
    TimeManagerOptions options_;
    double used_ = 0;
};

}  // namespace hippolyta
