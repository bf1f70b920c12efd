#include "adapters/sau/sau_clock.h"

#include <algorithm>

#include "engine/search/stoppers.h"
#include "engine/search/time_control.h"

namespace hippolyta {

SauClock::SauClock(double gameSeconds, const TimeManagerOptions& options)
    : gameSeconds_(std::max(0.0, gameSeconds)), options_(options) {}

double SauClock::marginSeconds() const {
    return std::min(gameSeconds_ / 2, std::max(kMinMarginSeconds, kMarginShare * gameSeconds_));
}

double SauClock::leftSeconds() const {
    return std::max(0.0, gameSeconds_ - marginSeconds() - used_);
}

TimeBudget SauClock::budgetFor(const Position& pos) const {
    const TimeSettings settings =
        limited() ? TimeSettings::absolute(gameSeconds_ - marginSeconds()) : TimeSettings::none();
    ClockState clock;
    clock.secondsLeft = leftSeconds();
    clock.reported = true;
    return computeBudget(settings, clock, pos, options_);
}

SearchLimits SauClock::limitsFor(const Position& pos) const {
    return limitsForBudget(budgetFor(pos));
}

}  // namespace hippolyta
