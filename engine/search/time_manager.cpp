#include "engine/search/time_manager.h"

#include <algorithm>
#include <string>

#include "engine/core/assert.h"
#include "engine/core/text_util.h"
#include "engine/search/endgame_search.h"

namespace hippolyta {

namespace {

// What one clock kind allows before the floors and caps: `allowed` is the most this move may
// take without losing (lag already taken off), `optimum` the fair share of the rest.
struct Plan {
    double allowed = 0;
    double optimum = 0;
    std::string what;
    bool unusedTimeKept = true;  // false: the period ends with this move, saved time is lost
};

double positive(double v) {
    return std::max(0.0, v);
}

std::string mainText(double left, double moves) {
    return formatSeconds(left) + " s main time left over " + formatSeconds(moves) + " moves";
}

std::string reserveText(double reserve) {
    return reserve > 0 ? ", reserve " + formatSeconds(reserve) : "";
}

// `reserve` is kept out of the optimum's pool only: the maximum may still dig into it.
Plan absolutePlan(const ClockState& clock, double m, double lag, double reserve) {
    const double left = positive(clock.secondsLeft - lag);
    return {left, positive(left - reserve) / m,
            "absolute: " + mainText(clock.secondsLeft, m) + reserveText(reserve)};
}

// The increment arrives after each move: m moves can spend the time left plus m - 1 of them,
// but this move only what is on the clock now.
Plan fischerPlan(const TimeSettings& s, const ClockState& clock, double m, double lag,
                 double reserve) {
    const double left = positive(clock.secondsLeft - lag);
    return {left, (positive(left - reserve) + s.incrementSeconds * (m - 1)) / m,
            "fischer: " + mainText(clock.secondsLeft, m) + ", increment " +
                formatSeconds(s.incrementSeconds) + reserveText(reserve)};
}

// In main time every move can also count on one period once main time is gone, and a move
// that runs into the first period keeps it. Overtime periods are never burnt on purpose.
Plan byoyomiPlan(const TimeSettings& s, const ClockState& clock, double m, double lag) {
    const double period = s.periodSeconds;
    if (clock.stonesLeft == 0 && clock.secondsLeft > 0) {
        const double main = positive(clock.secondsLeft - lag);
        return {positive(clock.secondsLeft + period - lag), main / m + positive(period - lag),
                "byoyomi: " + mainText(clock.secondsLeft, m) + ", then periods of " +
                    formatSeconds(period)};
    }
    const double left = clock.stonesLeft > 0 ? clock.secondsLeft : period;
    const int periods = clock.stonesLeft > 0 ? clock.stonesLeft : s.periods;
    return {positive(left - lag), positive(left - lag),
            "byoyomi: " + formatSeconds(left) + " s left in the period, " +
                std::to_string(periods) + " periods left",
            false};
}

// Overtime: `stones` moves must fit in what is left of the period, each keeping its lag; this
// move may take more than its share as long as the others keep lag and floor each.
Plan canadianPlan(const TimeSettings& s, const ClockState& clock, double m, double lag,
                  double floor) {
    const double perStone = s.periodSeconds / s.stones;
    if (clock.stonesLeft == 0 && clock.secondsLeft > 0) {
        const double main = positive(clock.secondsLeft - lag);
        return {positive(clock.secondsLeft + perStone - lag), main / m + positive(perStone - lag),
                "canadian: " + mainText(clock.secondsLeft, m) + ", then " +
                    std::to_string(s.stones) + " stones in " + formatSeconds(s.periodSeconds)};
    }
    const double left = clock.stonesLeft > 0 ? clock.secondsLeft : s.periodSeconds;
    const int stones = clock.stonesLeft > 0 ? clock.stonesLeft : s.stones;
    const double share = positive(left / stones - lag);
    const double others = (stones - 1) * (lag + floor);
    return {
        std::max(share, positive(left - lag - others)), share,
        "canadian: " + formatSeconds(left) + " s left for " + std::to_string(stones) + " stones",
        stones > 1};
}

// The clock's fair time per move before any lag: main time spread over the moves left, plus
// what each move gets on top (increment, period, a stone's share of a period).
double timePerMove(const TimeSettings& s, const ClockState& clock, double m) {
    const bool inMain = clock.stonesLeft == 0 && clock.secondsLeft > 0;
    switch (s.kind) {
        case TimeKind::Fischer:
            return positive(clock.secondsLeft) / m + s.incrementSeconds;
        case TimeKind::Byoyomi:
            if (inMain) return clock.secondsLeft / m + s.periodSeconds;
            return clock.stonesLeft > 0 ? clock.secondsLeft : s.periodSeconds;
        case TimeKind::Canadian:
            if (inMain) return clock.secondsLeft / m + s.periodSeconds / s.stones;
            return clock.stonesLeft > 0 ? clock.secondsLeft / clock.stonesLeft
                                        : s.periodSeconds / s.stones;
        case TimeKind::Absolute:
        default:
            return positive(clock.secondsLeft) / m;
    }
}

Plan planFor(const TimeSettings& s, const ClockState& clock, MovesLeft moves,
             const TimeManagerOptions& o) {
    const double m = moves.expected;
    const double reserve =
        o.reserveShare * s.mainSeconds * std::min(1.0, moves.most / o.reserveMoves);
    const double lag = std::min(o.lagBufferSeconds, o.lagShare * timePerMove(s, clock, m));
    HIPPOLYTA_ASSERT(!(lag < 0) && !(reserve < 0) && m >= 1);
    switch (s.kind) {
        case TimeKind::Fischer:
            return fischerPlan(s, clock, m, lag, reserve);
        case TimeKind::Byoyomi:
            return byoyomiPlan(s, clock, m, lag);
        case TimeKind::Canadian:
            return canadianPlan(s, clock, m, lag, o.floorSeconds);
        case TimeKind::Absolute:
        default:
            return absolutePlan(clock, m, lag, reserve);
    }
}

TimeBudget fallbackBudget(double movesLeft, const TimeManagerOptions& o) {
    TimeBudget b;
    b.movesLeft = movesLeft;
    b.visits = o.fallbackVisits;
    b.optimum = b.maximum = o.fallbackVisits ? 0 : o.fallbackSeconds;
    b.reason = o.fallbackVisits ? "no clock: " + std::to_string(o.fallbackVisits) + " visits"
                                : "no clock: " + formatSeconds(o.fallbackSeconds) + " s a move";
    return b;
}

}  // namespace

MovesLeft movesLeft(const Position& pos, const TimeManagerOptions& o) {
    const int empty = popCount(pos.emptySquares());
    MovesLeft m;
    m.most = std::max(1, (empty + 1) / 2);
    const double expected =
        std::max(o.minMovesLeft, o.movesPerContested * contestedEmptySquares(pos) + o.extraMoves);
    m.expected = std::min(expected, m.most);
    HIPPOLYTA_ASSERT(m.most >= 1 && m.expected >= 1 && m.expected <= m.most);
    return m;
}

double expectedMovesLeft(const Position& pos, const TimeManagerOptions& o) {
    return movesLeft(pos, o).expected;
}

TimeBudget budgetFor(const TimeSettings& settings, const ClockState& clock, MovesLeft moves,
                     uint64_t legalMoves, const TimeManagerOptions& o) {
    moves.expected = std::max(1.0, moves.expected);
    const double m = moves.expected;
    if (!settings.hasLimit()) return fallbackBudget(m, o);
    const Plan plan = planFor(settings, clock, moves, o);
    // Every plan takes its figures through positive(): no negative time.
    HIPPOLYTA_ASSERT(!(plan.allowed < 0) && !(plan.optimum < 0));
    TimeBudget b;
    b.hasClock = true;
    b.movesLeft = m;
    b.visits = o.fallbackVisits;
    b.reason = plan.what;
    b.unusedTimeKept = plan.unusedTimeKept;
    if (!plan.unusedTimeKept) b.reason += "; unused time is lost: the whole of it is searched";
    // The floor wins over the clock: a move must be answered, however late.
    const double allowed = std::max(o.floorSeconds, plan.allowed);
    if (legalMoves <= 1) {
        b.optimum = b.maximum = o.floorSeconds;
        b.reason = "one legal move; " + b.reason;
        return b;
    }
    HIPPOLYTA_ASSERT(o.floorSeconds <= allowed);  // std::clamp needs low <= high
    b.optimum = std::clamp(plan.optimum, o.floorSeconds, allowed);
    b.maximum = std::clamp(o.maxPerOptimum * b.optimum, b.optimum, allowed);
    if (o.capSeconds > 0 && b.maximum > o.capSeconds) {
        b.maximum = std::max(o.floorSeconds, o.capSeconds);
        b.optimum = std::min(b.optimum, b.maximum);
        b.reason += "; capped at " + formatSeconds(b.maximum) + " s a move (--move-time)";
    }
    // A stable search stops at the optimum, never past the hard stop, and never below the floor
    // (written so that a clock's non-finite figures do not trip it: they are the plan's to refuse).
    HIPPOLYTA_ASSERT(!(b.optimum < o.floorSeconds) && !(b.optimum > b.maximum));
    HIPPOLYTA_ASSERT(!(b.maximum > allowed));  // what the clock allows is never passed
    return b;
}

TimeBudget computeBudget(const TimeSettings& settings, const ClockState& clock, const Position& pos,
                         const TimeManagerOptions& options) {
    const MovesLeft m = movesLeft(pos, options);
    if (!settings.hasLimit()) return fallbackBudget(m.expected, options);
    return budgetFor(settings, clock, m, pos.countMoves(), options);
}

}  // namespace hippolyta
