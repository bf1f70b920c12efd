// Weak disproof numbers (DfpnSettings::weakDelta): the same results as plain minimax, proofs
// that check, and checkpoints that keep the two rules apart.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/notation.h"
#include "engine/guide/player_guide.h"
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
    std::mt19937 rng(2811);
    solver_test::expectMinimaxResults(rng, 12, &DfpnSettings::weakDelta, true, 50);
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
    DfpnSolver weak(weakSettings(true), valuer, playerGuide());
    DfpnLimits limits;
    limits.nodes = 2000;
    weak.solve(pos, limits);
    const std::string fingerprint = weakSettings(true).fingerprint();
    EXPECT_NE(fingerprint, weakSettings(false).fingerprint());
    EXPECT_NE(fingerprint.find(" weak=1"), std::string::npos);
    const std::string saved = weak.saveTable(fingerprint);
    DfpnSolver sum(weakSettings(false), valuer, playerGuide());
    EXPECT_THROW(sum.loadTable(saved, weakSettings(false).fingerprint()), std::runtime_error);
    DfpnSolver again(weakSettings(true), valuer, playerGuide());
    EXPECT_NO_THROW(again.loadTable(saved, fingerprint));
}

}  // namespace
}  // namespace hippolyta
