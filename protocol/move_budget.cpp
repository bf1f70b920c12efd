#include "protocol/move_budget.h"

#include <spdlog/spdlog.h>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/search/stoppers.h"
#include "protocol/gtp_commands.h"

namespace hippolyta {

TimeManagerOptions timeManagerOptions(GtpState& state) {
    TimeManagerOptions o;
    o.lagBufferSeconds = state.options().lagBufferSeconds;
    o.capSeconds = state.options().moveTimeCapSeconds;
    o.fallbackSeconds = state.engine().config().moveTimeSeconds;
    o.fallbackVisits = state.engine().config().visits;
    return o;
}

TimeBudget moveBudget(GtpState& state, Color c) {
    Position pos = state.game().position();
    pos.setSideToMove(c);
    return computeBudget(state.time().settings(), state.time().clock(c), pos,
                         timeManagerOptions(state));
}

SearchLimits moveLimits(GtpState& state, Color c) {
    if (!state.time().settings().hasLimit()) return state.engine().defaultLimits();
    const TimeBudget budget = moveBudget(state, c);
    spdlog::debug("time: {} to move: optimum {} s, maximum {} s, {} moves left ({})", colorName(c),
                  formatSeconds(budget.optimum), formatSeconds(budget.maximum),
                  formatSeconds(budget.movesLeft), budget.reason);
    auto chain = StopperChain::standard(budget);
    SearchLimits limits = limitsForChain(chain);
    limits.onReport = [chain](const SearchResult& r) {
        if (!chain->shouldStop(r)) return false;
        spdlog::debug("time: stopped by {} after {} s, {} simulations, {} visits",
                      chain->stoppedBy(), formatSeconds(r.seconds), r.simulations, r.visits);
        return true;
    };
    return limits;
}

void recordMoveTime(GtpState& state, Color c, double elapsed) {
    if (!state.time().settings().hasLimit()) return;
    state.time().charge(c, elapsed);
    const ClockState& clock = state.time().clock(c);
    spdlog::debug("time: {} moved in {} s; own clock now {} s, stones {}", colorName(c),
                  formatSeconds(elapsed), formatSeconds(clock.secondsLeft), clock.stonesLeft);
}

std::string describeTimeDebug(GtpState& state, Color c) {
    const TimeBudget b = moveBudget(state, c);
    return describeTimeControl(state.time()) + "\nbudget " + colorName(c) + " optimum " +
           formatSeconds(b.optimum) + " maximum " + formatSeconds(b.maximum) + " moves_left " +
           formatSeconds(b.movesLeft) + "\nreason " + b.reason;
}

}  // namespace hippolyta
