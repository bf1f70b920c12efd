// When to stop thinking about a move: a chain of small stoppers (lc0's idea), each looking at
// the search's progress snapshot and the move's TimeBudget. The first that says stop wins.
//
//   ProvenStopper       the root is proven: nothing left to learn
//   HardLimitStopper    the maximum is reached (the search enforces it too)
//   OptimumStopper      the optimum is reached, unless the best move is unstable (the top two
//                       are close in visits, or the best changed recently): then it extends
//                       toward the maximum
//   UnreachableStopper  the runner-up cannot catch up with the best in the time left at the
//                       current simulation rate (Leela Zero's have_alternate_moves)
//
// Visits reused from an earlier tree (visits - simulations) count as work done at the
// current rate: a kept or pondered subtree shortens the think. The soft stoppers never stop
// before minShare of the optimum has really been searched, and never where the clock loses
// what a move leaves unused (TimeBudget::unusedTimeKept: one move a period, as `--st` sets).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/search/search_types.h"
#include "engine/search/time_manager.h"

namespace hippolyta {

struct StopperOptions {
    double minShare = 0.1;         // of the optimum, searched for real before a soft stop
    double closeRatio = 0.75;      // runner-up visits / best visits above this: unstable
    double recentShare = 0.2;      // best changed within this share of the optimum: unstable
    double extendPerOptimum = 2;   // an unstable search may go on to this many optima
    double reportSeconds = 0.025;  // how often the search reports (capped by optimum / 10)
};

// What the stoppers see: the snapshot plus figures derived once per report.
struct StopInput {
    const SearchResult& result;
    const TimeBudget& budget;
    double elapsed = 0;        // seconds really searched
    double effective = 0;      // elapsed plus the reused visits' worth of time
    double rate = 0;           // simulations per second in this search (0 if unknown yet)
    bool softAllowed = false;  // minShare of the optimum searched: soft stops may fire
    bool unstable = false;
    double target = 0;  // where a soft stop aims now: the optimum, or its extension
};

class Stopper {
  public:
    virtual ~Stopper() = default;
    virtual const char* name() const = 0;
    virtual bool shouldStop(const StopInput& in) = 0;
};

class ProvenStopper : public Stopper {
  public:
    const char* name() const override { return "proven"; }
    bool shouldStop(const StopInput& in) override;
};

class HardLimitStopper : public Stopper {
  public:
    const char* name() const override { return "maximum"; }
    bool shouldStop(const StopInput& in) override;
};

class OptimumStopper : public Stopper {
  public:
    const char* name() const override { return "optimum"; }
    bool shouldStop(const StopInput& in) override;
};

class UnreachableStopper : public Stopper {
  public:
    const char* name() const override { return "unreachable"; }
    bool shouldStop(const StopInput& in) override;
};

// Runs the stoppers in order on each report. Keeps the state they share (when the best move
// last changed) and the name of the one that stopped the search. One chain per search.
class StopperChain {
  public:
    StopperChain(TimeBudget budget, StopperOptions options);
    // The standard chain: proven, maximum, optimum, unreachable.
    static std::shared_ptr<StopperChain> standard(const TimeBudget& budget,
                                                  const StopperOptions& options = {});

    void add(std::unique_ptr<Stopper> stopper) { stoppers_.push_back(std::move(stopper)); }
    bool shouldStop(const SearchResult& result);
    bool operator()(const SearchResult& result) { return shouldStop(result); }
    // The stopper that ended the search, or empty if none did (the search stopped itself).
    const std::string& stoppedBy() const { return stoppedBy_; }
    const TimeBudget& budget() const { return budget_; }

  private:
    StopInput inputFor(const SearchResult& result);

    TimeBudget budget_;
    StopperOptions options_;
    std::vector<std::unique_ptr<Stopper>> stoppers_;
    std::string stoppedBy_;
    bool haveBest_ = false;
    Move best_{};
    double bestSince_ = 0;  // elapsed seconds when the best move last changed
};

// The limits of one search under budget: seconds = the maximum (hard stop), visits = the
// fallback visits if any, a report every few hundredths of a second, and onReport = a fresh
// standard chain. To add another listener (streaming analysis), wrap onReport:
//   auto chain = limits.onReport;
//   limits.onReport = [chain](const SearchResult& r) { print(r); return chain(r); };
// Without a clock the budget's fallback is returned as plain {seconds, visits}.
SearchLimits limitsForBudget(const TimeBudget& budget, const StopperOptions& options = {});
// The same, keeping a handle on the chain (to log which stopper ended the search).
SearchLimits limitsForChain(const std::shared_ptr<StopperChain>& chain,
                            const StopperOptions& options = {});

}  // namespace hippolyta
