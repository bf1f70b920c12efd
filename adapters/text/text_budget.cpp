#include "adapters/text/text_budget.h"

#include <algorithm>

namespace hippolyta {

namespace {
// Never ask for "no limit" (0) when a side has overspent; think briefly instead.
constexpr double kMinimumMoveSeconds = 0.01;
}  // namespace

TextMoveBudget::TextMoveBudget(const TextOptions& options, uint64_t configVisits)
    : options_(options),
      defaultVisits_(configVisits ? configVisits : options.moveVisits),
      visits_(defaultVisits_) {}

void TextMoveBudget::setSeconds(double seconds) {
    fixedSeconds_ = seconds;
    visits_ = 0;
}

void TextMoveBudget::setVisits(uint64_t visits) {
    visits_ = visits;
}

void TextMoveBudget::reset() {
    fixedSeconds_ = 0;
    visits_ = defaultVisits_;
}

SearchLimits TextMoveBudget::limitsFor(const Position& pos, double spentSeconds) const {
    if (fixedSeconds_ > 0) return {fixedSeconds_, visits_};
    const int movesLeft = std::max(1, (popCount(pos.emptySquares()) + 1) / 2);
    const double left = options_.sideGameSeconds - spentSeconds;
    const double share = std::min(options_.maxMoveSeconds, left / movesLeft);
    return {std::max(kMinimumMoveSeconds, share), visits_};
}

}  // namespace hippolyta
