// The stoppers one by one, then the chain and the limits it produces. Snapshots are built by
// hand: no search runs and nothing depends on timing.
#include <gtest/gtest.h>

#include "engine/search/stoppers.h"

namespace hippolyta {
namespace {

const Move kA{0, 1, 2};
const Move kB{3, 4, 5};

TimeBudget clockBudget(double optimum, double maximum) {
    TimeBudget b;
    b.hasClock = true;
    b.optimum = optimum;
    b.maximum = maximum;
    return b;
}

// A snapshot after `seconds` of this search: `sims` simulations, `reused` visits kept from an
// earlier tree, and the top two candidates' visits.
SearchResult snapshot(double seconds, uint64_t sims, uint64_t top, uint64_t second,
                      uint64_t reused = 0, Move best = kA) {
    SearchResult r;
    r.seconds = seconds;
    r.simulations = sims;
    r.visits = sims + reused;
    r.move = best;
    CandidateInfo a, b;
    a.move = best;
    a.visits = top;
    b.move = best == kA ? kB : kA;
    b.visits = second;
    r.candidates = {a, b};
    return r;
}

// What the chain would derive, with the target and the soft-stop permission given.
StopInput input(const SearchResult& r, const TimeBudget& b, double target, bool soft = true) {
    StopInput in{r, b};
    in.elapsed = r.seconds;
    in.rate = r.seconds > 0 ? r.simulations / r.seconds : 0;
    in.effective = r.seconds + (in.rate > 0 ? (r.visits - r.simulations) / in.rate : 0);
    in.softAllowed = soft;
    in.target = target;
    return in;
}

TEST(Stoppers, ProvenStopsAtOnce) {
    const TimeBudget b = clockBudget(1, 3);
    SearchResult r = snapshot(0.01, 10, 8, 2);
    ProvenStopper s;
    EXPECT_FALSE(s.shouldStop(input(r, b, 1, false)));
    r.proven = true;
    EXPECT_TRUE(s.shouldStop(input(r, b, 1, false)));
}

TEST(Stoppers, HardLimitIsTheMaximum) {
    const TimeBudget b = clockBudget(1, 3);
    HardLimitStopper s;
    EXPECT_FALSE(s.shouldStop(input(snapshot(2.99, 3000, 1500, 1400), b, 3, false)));
    EXPECT_TRUE(s.shouldStop(input(snapshot(3.0, 3000, 1500, 1400), b, 3, false)));
}

TEST(Stoppers, OptimumStopsAtTheTargetOnceSoftStopsAreAllowed) {
    const TimeBudget b = clockBudget(1, 3);
    OptimumStopper s;
    EXPECT_FALSE(s.shouldStop(input(snapshot(0.9, 900, 800, 50), b, 1)));
    EXPECT_TRUE(s.shouldStop(input(snapshot(1.0, 1000, 900, 50), b, 1)));
    EXPECT_FALSE(s.shouldStop(input(snapshot(1.0, 1000, 900, 50), b, 1, false)));
    EXPECT_FALSE(s.shouldStop(input(snapshot(1.5, 1500, 700, 650), b, 2))) << "extended target";
}

TEST(Stoppers, UnreachableStopsWhenTheRunnerUpCannotCatchUp) {
    const TimeBudget b = clockBudget(1, 3);
    UnreachableStopper s;
    // 1000 simulations a second and 0.5 s to the target: at most 500 more for the runner-up.
    EXPECT_TRUE(s.shouldStop(input(snapshot(0.5, 500, 480, 10, 500), b, 1)))
        << "the reuse took the time left";
    EXPECT_FALSE(s.shouldStop(input(snapshot(0.5, 500, 480, 10), b, 1))) << "gap 470 < 500";
    // Reused visits count as time already spent: 0.25 s of reuse leaves 0.25 s, 250 sims.
    EXPECT_TRUE(s.shouldStop(input(snapshot(0.5, 500, 700, 400, 250), b, 1)));
    // An extended target leaves time to catch up.
    EXPECT_FALSE(s.shouldStop(input(snapshot(0.5, 500, 480, 10, 500), b, 2)));
    EXPECT_FALSE(s.shouldStop(input(snapshot(0.5, 500, 480, 10, 500), b, 1, false)));
}

TEST(Stoppers, UnreachableNeverStopsWithoutARate) {
    const TimeBudget b = clockBudget(1, 3);
    UnreachableStopper s;
    EXPECT_FALSE(s.shouldStop(input(snapshot(0, 0, 100, 0, 100), b, 1)));
}

TEST(StopperChain, StableSearchStopsAtTheOptimum) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    EXPECT_FALSE(chain->shouldStop(snapshot(0.5, 500, 300, 200)));
    EXPECT_TRUE(chain->shouldStop(snapshot(1.0, 1000, 600, 390)));
    EXPECT_EQ(chain->stoppedBy(), "optimum");
}

// One move a period: a settled search, a reused tree and a runner-up that cannot catch up stop
// nothing; the maximum and a proof still do.
TEST(StopperChain, APeriodPerMoveIsSearchedToTheMaximum) {
    TimeBudget b = clockBudget(0.9, 0.9);
    b.unusedTimeKept = false;
    const auto chain = StopperChain::standard(b);
    EXPECT_FALSE(chain->shouldStop(snapshot(0.3, 300, 290, 5, 5000)));
    EXPECT_FALSE(chain->shouldStop(snapshot(0.89, 890, 880, 5)));
    EXPECT_TRUE(chain->shouldStop(snapshot(0.9, 900, 890, 5)));
    EXPECT_EQ(chain->stoppedBy(), "maximum");
    SearchResult proven = snapshot(0.2, 200, 190, 5);
    proven.proven = true;
    const auto other = StopperChain::standard(b);
    EXPECT_TRUE(other->shouldStop(proven));
    EXPECT_EQ(other->stoppedBy(), "proven");
    // The same budget with its unused time kept stops at once on the reused tree.
    const auto kept = StopperChain::standard(clockBudget(0.9, 0.9));
    EXPECT_TRUE(kept->shouldStop(snapshot(0.3, 300, 290, 5, 5000)));
}

TEST(StopperChain, CloseTopTwoExtendTowardTheMaximum) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    EXPECT_FALSE(chain->shouldStop(snapshot(1.0, 1000, 500, 450)));
    EXPECT_FALSE(chain->shouldStop(snapshot(1.9, 1900, 950, 900)));
    EXPECT_TRUE(chain->shouldStop(snapshot(2.0, 2000, 1000, 950)));
    EXPECT_EQ(chain->stoppedBy(), "optimum");
}

TEST(StopperChain, ExtensionNeverPassesTheMaximum) {
    const auto chain = StopperChain::standard(clockBudget(1, 1.5));
    EXPECT_FALSE(chain->shouldStop(snapshot(1.2, 1200, 600, 590)));
    EXPECT_TRUE(chain->shouldStop(snapshot(1.5, 1500, 750, 740)));
}

TEST(StopperChain, ARecentChangeOfTheBestMoveExtends) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    EXPECT_FALSE(chain->shouldStop(snapshot(0.5, 500, 300, 150, 0, kA)));
    // kB took the lead at 0.9 s: still unstable at 1.0 s (within 0.2 optima), settled by 1.2.
    EXPECT_FALSE(chain->shouldStop(snapshot(0.9, 900, 400, 380, 0, kB)));
    EXPECT_FALSE(chain->shouldStop(snapshot(1.0, 1000, 600, 300, 0, kB)));
    EXPECT_TRUE(chain->shouldStop(snapshot(1.2, 1200, 700, 400, 0, kB)));
}

TEST(StopperChain, EarlyStopWhenTheBestCannotBeCaught) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    EXPECT_TRUE(chain->shouldStop(snapshot(0.3, 300, 600, 5, 400)));
    EXPECT_EQ(chain->stoppedBy(), "unreachable");
}

// A big reused tree counts toward the move, but a minimum share is always searched.
TEST(StopperChain, ReusedVisitsShortenTheThinkDownToTheMinimumShare) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    EXPECT_FALSE(chain->shouldStop(snapshot(0.05, 50, 5000, 4800, 10000)));
    EXPECT_TRUE(chain->shouldStop(snapshot(0.1, 100, 5000, 4800, 10000)));
    EXPECT_EQ(chain->stoppedBy(), "optimum");
}

TEST(StopperChain, ProvenAndMaximumStopEvenBeforeTheMinimumShare) {
    const auto chain = StopperChain::standard(clockBudget(1, 3));
    SearchResult r = snapshot(0.01, 10, 8, 2);
    r.proven = true;
    EXPECT_TRUE(chain->shouldStop(r));
    EXPECT_EQ(chain->stoppedBy(), "proven");
    const auto tiny = StopperChain::standard(clockBudget(0.01, 0.01));
    EXPECT_TRUE(tiny->shouldStop(snapshot(0.01, 10, 5, 5)));
    EXPECT_EQ(tiny->stoppedBy(), "maximum");
}

TEST(LimitsForBudget, WithoutAClockThePlainFallback) {
    TimeBudget b;
    b.optimum = b.maximum = 2;
    const SearchLimits timed = limitsForBudget(b);
    EXPECT_EQ(timed.seconds, 2);
    EXPECT_EQ(timed.visits, 0u);
    EXPECT_FALSE(timed.onReport);
    b.optimum = b.maximum = 0;
    b.visits = 300;
    const SearchLimits counted = limitsForBudget(b);
    EXPECT_EQ(counted.seconds, 0);
    EXPECT_EQ(counted.visits, 300u);
}

TEST(LimitsForBudget, WithAClockTheMaximumAndTheChain) {
    const SearchLimits l = limitsForBudget(clockBudget(1, 3));
    EXPECT_EQ(l.seconds, 3);
    EXPECT_GT(l.reportSeconds, 0);
    EXPECT_LE(l.reportSeconds, 0.05);
    ASSERT_TRUE(l.onReport);
    EXPECT_FALSE(l.onReport(snapshot(0.5, 500, 300, 200)));
    EXPECT_TRUE(l.onReport(snapshot(1.0, 1000, 600, 390)));
    // Short budgets report more often, so the optimum is not overshot by much.
    EXPECT_LE(limitsForBudget(clockBudget(0.05, 0.15)).reportSeconds, 0.005 + 1e-12);
}

TEST(LimitsForBudget, AnotherListenerComposesWithTheChain) {
    SearchLimits l = limitsForBudget(clockBudget(1, 3));
    int seen = 0;
    auto chain = l.onReport;
    l.onReport = [chain, &seen](const SearchResult& r) {
        ++seen;
        return chain(r);
    };
    EXPECT_FALSE(l.onReport(snapshot(0.5, 500, 300, 200)));
    EXPECT_TRUE(l.onReport(snapshot(1.0, 1000, 600, 390)));
    EXPECT_EQ(seen, 2);
}

}  // namespace
}  // namespace hippolyta
