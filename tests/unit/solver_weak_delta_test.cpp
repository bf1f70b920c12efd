// Weak disproof numbers (DfpnSettings::weakDelta): the same results as plain minimax, proofs
// that check, and checkpoints that keep the two rules apart.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

using solver_test::Proved;

DfpnSettings weakSettings(bool weak) {
    DfpnSettings settings;
    settings.tableMb = 8;
    settings.weakDelta = weak;  // the default is true
    return settings;
}

TEST(Dfpn, WeakDisproofNumbersAgreeWithMinimaxAndTheirProofsCheck) {
    // Random small positions (fixed seed, at most 9 empty squares): a wrong threshold would
    // show as a wrong result, a proof that does not check, or a search that never ends.
    std::mt19937 rng(2811);
    RegionValuer valuer(nullptr);
    int positions = 0, won = 0;
    solver_test::forEachSmallContestedPosition(rng, 12, [&](Position& pos, int) {
        if (!pos.hasLegalMove() || popCount(pos.emptySquares()) > 9) return;
        const Proved p = solver_test::solveAndProve(pos, weakSettings(true), valuer);
        std::unordered_map<uint64_t, bool> memo;
        Position copy = pos;
        const bool expected = solver_test::wins(copy, memo);
        ASSERT_NE(p.result.outcome, Outcome::Unknown) << formatPosition(pos);
        ASSERT_EQ(p.result.outcome == Outcome::Win, expected) << formatPosition(pos);
        const ProofSummary checked = checkProof(p.proof);
        ASSERT_TRUE(checked.valid) << formatPosition(pos) << ": " << checked.error;
        ++positions;
        won += expected;
    });
    EXPECT_GT(positions, 50);
    EXPECT_GT(won, 10);
    EXPECT_GT(positions - won, 10);
}

TEST(Dfpn, WeakDisproofNumbersSolveTheFourByFourStart) {
    RegionValuer valuer(nullptr);
    const Position start = Position::start(parseShape("4x4"));
    const Proved p = solver_test::solveAndProve(start, weakSettings(true), valuer);
    EXPECT_EQ(p.result.outcome, Outcome::Loss);  // as with sums (solver_dfpn_test)
    const ProofSummary checked = checkProof(p.proof);
    EXPECT_TRUE(checked.valid) << checked.error;
    EXPECT_FALSE(checked.rootWins);
}

TEST(Dfpn, CheckpointsKeepTheDisproofRulesApart) {
    RegionValuer valuer(nullptr);
    const Position pos = Position::start(parseShape("5x4"));
    DfpnSolver weak(weakSettings(true), valuer);
    DfpnLimits limits;
    limits.nodes = 2000;
    weak.solve(pos, limits);
    const std::string fingerprint = weakSettings(true).fingerprint();
    EXPECT_NE(fingerprint, weakSettings(false).fingerprint());
    EXPECT_NE(fingerprint.find(" weak=1"), std::string::npos);
    const std::string saved = weak.saveTable(fingerprint);
    DfpnSolver sum(weakSettings(false), valuer);
    EXPECT_THROW(sum.loadTable(saved, weakSettings(false).fingerprint()), std::runtime_error);
    DfpnSolver again(weakSettings(true), valuer);
    EXPECT_NO_THROW(again.loadTable(saved, fingerprint));
}

}  // namespace
}  // namespace hippolyta
