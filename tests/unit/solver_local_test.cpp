// Local search of a lone contested region beside owned ones (engine/solve/local_game.h), its
// proof records ('G') and their checker.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/guide/player_guide.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/local_game.h"
#include "engine/solve/proof_writer.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

using solver_test::Proved;
using solver_test::reseal;

// 5 x 5, White to move. White owns a5-e5 (four moves); a1-d2 is contested (White a1, Black
// b2), too open for the bounds (White 4..10 moves, Black 0..6).
const char* kOneContested = "W4/xxxxx/xxxxx/1B2x/W3x w";
// Separated: nothing is contested.
const char* kSeparated = "W4/xxxxx/xxxxx/xBxxx/x3x w";

TEST(LocalSearch, DecidesALoneContestedRegionBesideATerritory) {
    RegionValuer valuer(nullptr);
    const Position pos = parsePosition(kOneContested);
    ASSERT_EQ(valuer.outcome(pos, true), Outcome::Unknown);  // the bounds alone do not decide
    LeafRule rule = LeafRule::None;
    const Outcome o = valuer.outcome(pos, true, ContestedRules{true, false}, &rule);
    ASSERT_NE(o, Outcome::Unknown);
    EXPECT_EQ(rule, LeafRule::Local);
    EXPECT_EQ(o == Outcome::Win, solver_test::plainWins(pos));
    // Without an owned region there is nothing to add: the whole board is left to the search.
    EXPECT_EQ(valuer.outcome(Position::start(parseShape("4x4")), true, ContestedRules{true, false}),
              Outcome::Unknown);
}

TEST(LocalSearch, AgreesWithPlainSearchAndTheCheckerOnRandomPositions) {
    // Random games on 5 x 4 and 5 x 5 (fixed seeds): wherever local search decides, plain
    // minimax of the whole board agrees, and so does the checker's own minimax, which refuses
    // the opposite claim.
    RegionValuer valuer(nullptr);
    std::mt19937 rng(2812);
    int decided = 0, won = 0;
    solver_test::forEachSmallContestedPosition(rng, 60, [&](Position& pos, int) {
        if (!pos.hasLegalMove()) return;
        LeafRule rule = LeafRule::None;
        const Outcome o = valuer.outcome(pos, false, ContestedRules{true, false}, &rule);
        if (o == Outcome::Unknown) return;
        ASSERT_EQ(rule, LeafRule::Local);
        const bool expected = solver_test::plainWins(pos);
        ASSERT_EQ(o == Outcome::Win, expected) << formatPosition(pos);
        const std::string text = formatPosition(pos);
        const ProofSummary right = checkProof(sealProof(text, expected, 1, "G"));
        ASSERT_TRUE(right.valid) << text << ": " << right.error;
        EXPECT_EQ(right.localLeaves, 1u);
        EXPECT_FALSE(checkProof(sealProof(text, !expected, 1, "G")).valid) << text;
        ++decided;
        won += expected;
    });
    EXPECT_GT(decided, 40);
    EXPECT_GT(won, 10);
    EXPECT_GT(decided - won, 10);
}

TEST(LocalSearch, SolverAgreesWithMinimaxAndItsProofsCheck) {
    std::mt19937 rng(2813);
    solver_test::expectMinimaxResults(rng, 12, &DfpnSettings::local, true, 50);
}

TEST(LocalSearch, ProofsWithLocalLeavesRejectOneMoveChanged) {
    const Position pos = solver_test::fiveByFourAfterAReply();
    Proved p;
    solver_test::expectLocalLeavesProofRefusesForgeries(pos, &DfpnSettings::local, p);
    if (HasFatalFailure()) return;
    ASSERT_GT(p.stats.localLeaves, 0u);
    // Off, the same result without local leaves.
    const Proved plain = solver_test::solveWith(pos, &DfpnSettings::local, false);
    EXPECT_EQ(plain.result.outcome, Outcome::Win);
    EXPECT_EQ(plain.result.localLeaves, 0u);
    EXPECT_EQ(plain.stats.localLeaves, 0u);
}

TEST(LocalSearch, AWinDecidedAtTheRootStillNamesAWinningMove) {
    // A 4x6 reply to b1-b4/c5. With local search a subtree's root can be decided where none
    // of its children is decided at once (their own searches run out of budget); the winning
    // move must then be proven, not guessed: a guess made the proof's builder fail here.
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = 64;
    settings.local = true;
    const Position pos = parsePosition("1BB1/B1x1/1W1x/3B/W2W/2W1 w");
    const Proved p = solver_test::solveAndProve(pos, settings, valuer);
    ASSERT_EQ(p.result.outcome, Outcome::Win);
    const ProofSummary checked = checkProof(p.proof);
    EXPECT_TRUE(checked.valid) << checked.error;
    EXPECT_GT(checked.localLeaves, 0u);
}

TEST(LocalSearch, FreeMovesDecideWhenTheyOutnumberTheSquares) {
    // A lone contested region of 2 empty squares: 3 free moves win, 2 against lose, whatever
    // the amazons do; no search is needed either way.
    Position pos = parsePosition("xxxxx/xxxxx/xxxxx/xxxxx/W2Bx w");
    LocalGameSolver solver(1, 100);
    EXPECT_EQ(solver.solve(pos, 3), Outcome::Win);
    EXPECT_EQ(solver.solve(pos, -2), Outcome::Loss);
    EXPECT_EQ(solver.nodesSearched(), 0u);
    // In between it must search: a budget of one node runs out, and stays out.
    EXPECT_EQ(solver.solve(pos, 0), Outcome::Unknown);
    EXPECT_EQ(solver.solve(pos, 0), Outcome::Unknown);
    LocalGameSolver enough(1000, 100);
    // With a budget that suffices, the region's result: here the whole board's.
    EXPECT_EQ(enough.solve(pos, 0) == Outcome::Win, solver_test::plainWins(pos));
}

TEST(ProofCheck, LocalRecords) {
    const bool result = solver_test::plainWins(parsePosition(kOneContested));
    EXPECT_TRUE(checkProof(sealProof(kOneContested, result, 1, "G")).valid);
    const ProofSummary wrong = checkProof(sealProof(kOneContested, !result, 1, "G"));
    EXPECT_FALSE(wrong.valid);
    EXPECT_NE(wrong.error.find("local record disagrees (4 free moves to 0)"), std::string::npos)
        << wrong.error;
    const ProofSummary separated = checkProof(sealProof(kSeparated, true, 1, "G"));
    EXPECT_NE(separated.error.find("local record in a separated position"), std::string::npos)
        << separated.error;
    // Two contested regions are not a version 6 local record's (from version 7 they are).
    const char* twoContested = "W1Bx1/xxxxx/xxxxx/1B2x/W3x w";
    std::string v6 = sealProof(twoContested, true, 1, "G");
    v6[8] = 6;
    const ProofSummary two = checkProof(reseal(v6));
    EXPECT_NE(two.error.find("two contested regions"), std::string::npos) << two.error;
    const bool twoResult = solver_test::plainWins(parsePosition(twoContested));
    EXPECT_TRUE(checkProof(sealProof(twoContested, twoResult, 1, "G")).valid);
    EXPECT_FALSE(checkProof(sealProof(twoContested, !twoResult, 1, "G")).valid);
    // Version 4 files have no local records; a version after this build's is not read.
    std::string v4 = sealProof(kOneContested, result, 1, "G");
    v4[8] = 4;
    EXPECT_NE(checkProof(reseal(v4)).error.find("unknown record"), std::string::npos);
    std::string next = sealProof(kOneContested, result, 1, "G");
    next[8] = static_cast<char>(kProofVersion + 1);
    EXPECT_NE(
        checkProof(reseal(next)).error.find("proof version " + std::to_string(kProofVersion + 1)),
        std::string::npos);
}

TEST(Dfpn, CheckpointsKeepLocalSearchApart) {
    DfpnSettings on, off;  // off: the default
    on.local = true;
    EXPECT_NE(on.fingerprint().find(" local=1"), std::string::npos);
    EXPECT_EQ(off.fingerprint().find("local"), std::string::npos);
    RegionValuer valuer(nullptr);
    on.tableMb = off.tableMb = 8;
    DfpnSolver solver(on, valuer, playerGuide());
    DfpnLimits limits;
    limits.nodes = 2000;
    solver.solve(Position::start(parseShape("5x4")), limits);
    const std::string saved = solver.saveTable(on.fingerprint());
    DfpnSolver other(off, valuer, playerGuide());
    EXPECT_THROW(other.loadTable(saved, off.fingerprint()), std::runtime_error);
}

}  // namespace
}  // namespace hippolyta
