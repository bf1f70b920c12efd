#include "engine/search/stoppers.h"

#include <algorithm>

namespace hippolyta {

namespace {

// The snapshot's best move: the most visited candidate, else the move it would play.
std::optional<Move> bestOf(const SearchResult& r) {
    if (!r.candidates.empty()) return r.candidates.front().move;
    return r.move;
}

}  // namespace

bool ProvenStopper::shouldStop(const StopInput& in) {
    return in.result.proven;
}

bool HardLimitStopper::shouldStop(const StopInput& in) {
    return in.elapsed >= in.budget.maximum;
}

bool OptimumStopper::shouldStop(const StopInput& in) {
    return in.softAllowed && in.effective >= in.target;
}

// At most every simulation still to come goes to the runner-up: if even that cannot close the
// gap before the target (and the maximum), the best move is settled.
bool UnreachableStopper::shouldStop(const StopInput& in) {
    const auto& c = in.result.candidates;
    if (!in.softAllowed || c.empty() || in.rate <= 0) return false;
    const uint64_t second = c.size() > 1 ? c[1].visits : 0;
    const double gap = static_cast<double>(c[0].visits - std::min(second, c[0].visits));
    const double timeLeft =
        std::max(0.0, std::min(in.target - in.effective, in.budget.maximum - in.elapsed));
    return gap > in.rate * timeLeft;
}

StopperChain::StopperChain(TimeBudget budget, StopperOptions options)
    : budget_(std::move(budget)), options_(options) {}

std::shared_ptr<StopperChain> StopperChain::standard(const TimeBudget& budget,
                                                     const StopperOptions& options) {
    auto chain = std::make_shared<StopperChain>(budget, options);
    chain->add(std::make_unique<ProvenStopper>());
    chain->add(std::make_unique<HardLimitStopper>());
    chain->add(std::make_unique<OptimumStopper>());
    chain->add(std::make_unique<UnreachableStopper>());
    return chain;
}

StopInput StopperChain::inputFor(const SearchResult& r) {
    StopInput in{r, budget_};
    in.elapsed = r.seconds;
    if (r.simulations > 0 && r.seconds > 0) in.rate = r.simulations / r.seconds;
    // Where the clock loses what a move leaves, stopping early saves nothing: reused visits earn
    // no credit and no soft stop fires, so the search goes on to the maximum.
    const bool saving = budget_.unusedTimeKept;
    const uint64_t reused = r.visits > r.simulations ? r.visits - r.simulations : 0;
    in.effective = in.elapsed + (saving && in.rate > 0 ? reused / in.rate : 0);
    in.softAllowed = saving && in.elapsed >= options_.minShare * budget_.optimum;

    const std::optional<Move> best = bestOf(r);
    if (best && haveBest_ && !(*best == best_)) bestSince_ = in.elapsed;
    if (best) {
        best_ = *best;
        haveBest_ = true;
    }
    const auto& c = r.candidates;
    const bool close =
        c.size() > 1 && static_cast<double>(c[1].visits) >= options_.closeRatio * c[0].visits;
    const bool recent =
        bestSince_ > 0 && in.elapsed - bestSince_ < options_.recentShare * budget_.optimum;
    in.unstable = close || recent;
    in.target = in.unstable ? std::min(budget_.maximum, options_.extendPerOptimum * budget_.optimum)
                            : budget_.optimum;
    return in;
}

bool StopperChain::shouldStop(const SearchResult& result) {
    const StopInput in = inputFor(result);
    for (const auto& s : stoppers_) {
        if (s->shouldStop(in)) {
            stoppedBy_ = s->name();
            return true;
        }
    }
    return false;
}

SearchLimits limitsForChain(const std::shared_ptr<StopperChain>& chain,
                            const StopperOptions& options) {
    const TimeBudget& b = chain->budget();
    if (!b.hasClock) return SearchLimits(b.maximum, b.visits);
    SearchLimits limits(b.maximum, b.visits);
    limits.reportSeconds = std::clamp(b.optimum / 10, 0.005, options.reportSeconds);
    limits.onReport = [chain](const SearchResult& r) { return chain->shouldStop(r); };
    return limits;
}

SearchLimits limitsForBudget(const TimeBudget& budget, const StopperOptions& options) {
    return limitsForChain(StopperChain::standard(budget, options), options);
}

}  // namespace hippolyta
