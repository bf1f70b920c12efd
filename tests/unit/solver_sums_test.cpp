// Combinatorial games in canonical form (engine/solve/cgt.h), the values of board regions
// (region_game.h), and the solver's game sums (--sums) with their proof records.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/solve/cgt.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"
#include "engine/solve/region_game.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

constexpr GameId kZero = GameStore::kZero;

struct Games : ::testing::Test {
    GameStore s;
    GameId star() { return s.game({kZero}, {kZero}); }
    GameId up() { return s.game({kZero}, {star()}); }
    GameId half() { return s.game({kZero}, {s.integer(1)}); }
    bool fuzzy(GameId g) { return s.leftWinsMovingFirst(g) && s.rightWinsMovingFirst(g); }
};

TEST_F(Games, IntegersAndNumbersAdd) {
    EXPECT_EQ(s.add(s.integer(2), s.integer(-2)), kZero);
    EXPECT_EQ(s.add(s.integer(1), s.integer(1)), s.integer(2));
    EXPECT_EQ(s.add(half(), half()), s.integer(1));
    EXPECT_EQ(s.text(s.add(half(), s.integer(-3))), "-5/2");
    EXPECT_EQ(s.text(s.integer(-4)), "-4");
    EXPECT_TRUE(s.isNumber(half()));
    EXPECT_FALSE(s.isNumber(star()));
    // Left moving first wins exactly the positive and fuzzy games.
    EXPECT_TRUE(s.leftWinsMovingFirst(half()));
    EXPECT_FALSE(s.rightWinsMovingFirst(half()));
    EXPECT_FALSE(s.leftWinsMovingFirst(kZero));
    EXPECT_FALSE(s.rightWinsMovingFirst(kZero));
}

TEST_F(Games, CanonicalFormsDropDominatedAndReversibleOptions) {
    // {-1 | 1} is the simplest number between: 0. {0, 1 | } is 2 (0 is dominated).
    EXPECT_EQ(s.game({s.integer(-1)}, {s.integer(1)}), kZero);
    EXPECT_EQ(s.game({kZero, s.integer(1)}, {}), s.integer(2));
    // {0, * | 0} is up-star: the Left option * reverses through 0 to nothing new.
    EXPECT_EQ(s.game({kZero, star()}, {kZero}), s.add(up(), star()));
    // {1 | 1} = 1*, not 1.
    EXPECT_EQ(s.game({s.integer(1)}, {s.integer(1)}), s.add(s.integer(1), star()));
    EXPECT_EQ(s.text(star()), "*");
    EXPECT_EQ(s.text(s.add(s.integer(-5), star())), "-5*");
    EXPECT_EQ(s.text(s.game({s.integer(1)}, {s.integer(-1)})), "{1|-1}");
}

TEST_F(Games, InfinitesimalsAndSwitchesCompareRight) {
    EXPECT_EQ(s.add(star(), star()), kZero);
    EXPECT_TRUE(fuzzy(star()));
    // Up is positive but less than every positive number; up-star is fuzzy.
    EXPECT_TRUE(s.leftWinsMovingFirst(up()) && !s.rightWinsMovingFirst(up()));
    EXPECT_TRUE(s.lessOrEqual(up(), half()) && !s.lessOrEqual(half(), up()));
    EXPECT_TRUE(fuzzy(s.add(up(), star())));
    EXPECT_EQ(s.add(up(), s.negate(up())), kZero);
    // A switch {1 | -1} is its own negative, and hotter than any number it sits beside.
    const GameId pm1 = s.game({s.integer(1)}, {s.integer(-1)});
    EXPECT_EQ(s.add(pm1, pm1), kZero);
    EXPECT_TRUE(fuzzy(pm1));
    EXPECT_TRUE(fuzzy(s.add(pm1, half())));
    // {1 | -1} + 1 = {2 | 0} is still fuzzy (Right moves to 0); + 2 = {3 | 1} is positive.
    EXPECT_TRUE(fuzzy(s.add(pm1, s.integer(1))));
    EXPECT_TRUE(s.leftWinsMovingFirst(s.add(pm1, s.integer(2))));
    EXPECT_FALSE(s.rightWinsMovingFirst(s.add(pm1, s.integer(2))));
}

TEST(RegionGames, ValuesPredictWhoWinsEachRegionMovingFirst) {
    // Each contested region of random games (up to 6 empty squares: a value takes every line,
    // unlike a minimax that stops at the first win), walled off: Left (White) moving first
    // wins it iff its value is not <= 0, Right iff not >= 0; plain minimax of the walled board
    // with each side to move must agree.
    RegionGames games(200000, 1 << 20);
    std::mt19937 rng(5150);
    int valued = 0, fuzzy = 0, zero = 0;
    solver_test::forEachSmallContestedPosition(rng, 40, [&](Position& pos, int) {
        for (const Region& r : findRegions(pos)) {
            if (!r.contested || popCount(r.empty) > 6) continue;
            const std::optional<GameId> v = games.value(pos, r);
            ASSERT_TRUE(v.has_value()) << formatPosition(pos);
            Position walled = walledTo(pos, r.empty | r.amazons);
            for (const Color side : {Color::White, Color::Black}) {
                walled.setSideToMove(side);
                const bool predicted = side == Color::White
                                           ? games.store().leftWinsMovingFirst(*v)
                                           : games.store().rightWinsMovingFirst(*v);
                ASSERT_EQ(predicted, solver_test::plainWins(walled))
                    << formatPosition(walled) << " value " << games.store().text(*v);
            }
            ++valued;
            fuzzy +=
                games.store().leftWinsMovingFirst(*v) && games.store().rightWinsMovingFirst(*v);
            zero += *v == GameStore::kZero;
        }
    });
    EXPECT_GT(valued, 100);
    EXPECT_GT(fuzzy, 10);
    EXPECT_GT(zero, 5);
}

TEST(RegionGames, ReportValuesEachRegionAndTheSum) {
    // b1-d2: Black's b2 with five free squares it can fill, Black's own: -5. a5-c5: White a5,
    // Black c5, b5 between: whoever moves there first takes it, *. e5: no amazon.
    const Position pos = parsePosition("W1Bx1/xxxxx/xxxxx/xB2x/x3x w");
    EXPECT_EQ(regionValuesReport(pos, 1000),
              "b1 c1 d1 b2B c2 d2 value -5\n"
              "a5W b5 c5B value *\n"
              "sum: -5*; White to move loses\n");
}

TEST(RegionGames, ABudgetThatRunsOutGivesNoValueAndStaysOut) {
    const Position pos = parsePosition("W4/5/5/5/4B w");
    const Region all = findRegions(pos).at(0);
    RegionGames games(10, 1000);
    EXPECT_FALSE(games.value(pos, all).has_value());
    EXPECT_EQ(games.givenUpSearches(), 1u);
    EXPECT_FALSE(games.value(pos, all).has_value());
    EXPECT_EQ(games.nodesSearched(), 10u);  // not searched again
}

// 5 x 5, White to move: two contested regions (a5-c5 and a1-d2), nothing owned; local search
// takes one contested region, game sums take both.
const char* kTwoContested = "W1Bx1/xxxxx/xxxxx/xB2x/W2xx w";

TEST(GameSums, DecideSeveralContestedRegionsAsPlainSearchDoes) {
    RegionValuer valuer(nullptr);
    const Position pos = parsePosition(kTwoContested);
    EXPECT_EQ(valuer.outcome(pos, true, ContestedRules{true, false}), Outcome::Unknown);
    LeafRule rule = LeafRule::None;
    const Outcome o = valuer.outcome(pos, true, ContestedRules{false, true}, &rule);
    ASSERT_NE(o, Outcome::Unknown);
    EXPECT_EQ(rule, LeafRule::Sums);
    EXPECT_EQ(o == Outcome::Win, solver_test::plainWins(pos));
}

TEST(GameSums, AgreeWithPlainSearchAndTheCheckerOnRandomPositions) {
    RegionValuer valuer(nullptr);
    std::mt19937 rng(5151);
    int decided = 0, won = 0, several = 0;
    solver_test::forEachSmallContestedPosition(rng, 60, [&](Position& pos, int) {
        if (!pos.hasLegalMove()) return;
        LeafRule rule = LeafRule::None;
        const Outcome o = valuer.outcome(pos, false, ContestedRules{false, true}, &rule);
        if (o == Outcome::Unknown) return;
        ASSERT_EQ(rule, LeafRule::Sums);
        const bool expected = solver_test::plainWins(pos);
        const std::string text = formatPosition(pos);
        ASSERT_EQ(o == Outcome::Win, expected) << text;
        const ProofSummary right = checkProof(sealProof(text, expected, 1, "G"));
        ASSERT_TRUE(right.valid) << text << ": " << right.error;
        EXPECT_FALSE(checkProof(sealProof(text, !expected, 1, "G")).valid) << text;
        int contested = 0;
        for (const Region& r : findRegions(pos))
            contested += r.contested;
        several += contested > 1;
        ++decided;
        won += expected;
    });
    EXPECT_GT(decided, 40);
    EXPECT_GT(several, 5);
    EXPECT_GT(won, 10);
    EXPECT_GT(decided - won, 10);
}

TEST(GameSums, SolverAgreesWithMinimaxAndItsProofsCheck) {
    std::mt19937 rng(5152);
    solver_test::expectMinimaxResults(rng, 12, &DfpnSettings::sums, true, 50);
}

TEST(GameSums, ProofsWithSumLeavesCheckAndRejectOneMoveChanged) {
    solver_test::Proved p;
    solver_test::expectLocalLeavesProofRefusesForgeries(solver_test::fiveByFourAfterAReply(),
                                                        &DfpnSettings::sums, p);
}

TEST(GameSums, CheckpointsKeepThemApart) {
    DfpnSettings on, off;
    on.sums = true;
    EXPECT_NE(on.fingerprint().find(" sums=1"), std::string::npos);
    EXPECT_EQ(off.fingerprint().find("sums"), std::string::npos);
}

}  // namespace
}  // namespace hippolyta
