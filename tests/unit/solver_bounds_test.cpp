// Bounds on partly separated positions (engine/solve/region_value.h) and their proof records.
#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

// 5 x 5, White to move. Row 1 is a contested region a1-b1-c1 (each side reaches b1 alone).
// Win: White owns a5-d5 (three moves), Black owns nothing: 3 > 0 + 1.
const char* kBoundWin = "W3x/xxxxx/xxxxx/xxxxx/W1Bxx w";
// Loss: Black owns a5-d5 (three moves), White at most 0 + 1.
const char* kBoundLoss = "B3x/xxxxx/xxxxx/xxxxx/W1Bxx w";
// Overlap: White owns a5-e5 (four moves); a1-d2 is shared, six squares each side reaches, and
// Black on b2 has four ways out: White has 4..10 moves, Black 0..6, so the bounds decide
// nothing, and no single move walls Black in.
const char* kBoundsOverlap = "W4/xxxxx/xxxxx/1B2x/W3x w";
// Defective contested region: Black on b2 reaches a1 and c1 but makes one move there while
// White's d1 stands still. White owns a5-c5 (two moves): 2 > 0 + 2 fails, 2 > 0 + 1 holds.
const char* kDefectiveContested = "W2xx/xxxxx/xxxxx/xBxxx/1x1Wx w";

// 5 x 4: White's winning first move and a Black reply.
const char* kProofLine[] = {"b1-b2/d2", "b4-c3/c2"};

using solver_test::plainWins;
using solver_test::reseal;

using solver_test::Proved;

Proved solve(const Position& pos, bool bounds) {
    return solver_test::solveWith(pos, &DfpnSettings::bounds, bounds);
}

TEST(RegionBounds, DecidePartlySeparatedPositions) {
    RegionValuer valuer(nullptr);
    for (const char* text : {kBoundWin, kBoundLoss, kBoundsOverlap}) {
        const Position pos = parsePosition(text);
        ASSERT_FALSE(isSeparated(pos)) << text;
        // Version 1's rule values separated positions only.
        EXPECT_EQ(valuer.outcome(pos), Outcome::Unknown) << text;
    }
    EXPECT_EQ(valuer.outcome(parsePosition(kBoundWin), true), Outcome::Win);
    EXPECT_EQ(valuer.outcome(parsePosition(kBoundLoss), true), Outcome::Loss);
    EXPECT_EQ(valuer.outcome(parsePosition(kBoundsOverlap), true), Outcome::Unknown);
    // The plain game agrees where the bounds decide.
    EXPECT_TRUE(plainWins(parsePosition(kBoundWin)));
    EXPECT_FALSE(plainWins(parsePosition(kBoundLoss)));
}

TEST(RegionBounds, ReachStopsAtTheOtherSidesAmazons) {
    // Contested row 1: a1 W, b1 empty, c1 B, d1 e1 empty. White reaches b1 only (c1 is a
    // wall while Black stands still), Black reaches b1, d1 and e1.
    const Position pos = parsePosition("5/5/5/xxxxx/W1B2 w");
    Bitboard regionEmpty = 0;
    for (const char* sq : {"b1", "d1", "e1"})
        regionEmpty |= squareBit(parseSquare(sq, pos.shape()));
    EXPECT_EQ(reachableSquares(pos.geometry(), pos.amazons(Color::White), regionEmpty), 1);
    EXPECT_EQ(reachableSquares(pos.geometry(), pos.amazons(Color::Black), regionEmpty), 3);
    const CheckerBounds white = checkerBounds(pos, Color::White);
    EXPECT_EQ(white.reach, 1);
    EXPECT_EQ(checkerBounds(pos, Color::Black).reach, 3);
}

TEST(RegionBounds, CountTheContestedRegionWhereItsSquaresDoNotDecide) {
    const Position pos = parsePosition(kDefectiveContested);
    EXPECT_EQ(checkerBounds(pos, Color::Black, false).reach, 2);
    EXPECT_EQ(checkerBounds(pos, Color::Black, true).reach, 1);
    EXPECT_EQ(RegionValuer(nullptr).outcome(pos, true), Outcome::Win);
    EXPECT_TRUE(plainWins(pos));
    const ProofSummary checked = checkProof(sealProof(kDefectiveContested, true, 1, "B"));
    EXPECT_TRUE(checked.valid) << checked.error;
}

TEST(RegionBounds, SolverUsesThemAndTheProofChecks) {
    const Proved win = solve(parsePosition(kBoundWin), true);
    ASSERT_EQ(win.result.outcome, Outcome::Win);
    EXPECT_EQ(win.result.nodes, 1u);  // decided at the root
    EXPECT_EQ(win.result.boundLeaves, 1u);
    ASSERT_TRUE(win.result.move.has_value());
    const ProofSummary checked = checkProof(win.proof);
    EXPECT_TRUE(checked.valid) << checked.error;
    EXPECT_EQ(checked.boundLeaves, 1u);
    const Proved loss = solve(parsePosition(kBoundLoss), true);
    ASSERT_EQ(loss.result.outcome, Outcome::Loss);
    EXPECT_EQ(loss.result.nodes, 1u);
    EXPECT_TRUE(checkProof(loss.proof).valid) << checkProof(loss.proof).error;
    // Without bounds the search goes on to separation, with the same results.
    const Proved plain = solve(parsePosition(kBoundWin), false);
    EXPECT_EQ(plain.result.outcome, Outcome::Win);
    EXPECT_EQ(plain.result.boundLeaves, 0u);
    EXPECT_EQ(plain.stats.boundLeaves, 0u);
}

TEST(RegionBounds, OverlappingBoundsAreSearched) {
    const Position pos = parsePosition(kBoundsOverlap);
    const Proved p = solve(pos, true);
    ASSERT_NE(p.result.outcome, Outcome::Unknown);
    EXPECT_EQ(p.result.outcome == Outcome::Win, plainWins(pos));
    EXPECT_GT(p.result.nodes, 1u);
    const ProofSummary checked = checkProof(p.proof);
    EXPECT_TRUE(checked.valid) << checked.error;
    EXPECT_EQ(checked.rootWins, plainWins(pos));
}

TEST(RegionBounds, AgreeWithPlainSearchOnRandomPositions) {
    // Random games on 5 x 4 and 5 x 5 (fixed seeds); wherever the bounds decide a position
    // that is not separated yet, plain minimax must give the same result.
    RegionValuer valuer(nullptr);
    std::mt19937 rng(2801);
    int decided = 0, won = 0;
    solver_test::forEachSmallContestedPosition(rng, 60, [&](Position& pos, int) {
        const Outcome o = valuer.outcome(pos, true);
        if (o == Outcome::Unknown || !pos.hasLegalMove()) return;
        ASSERT_EQ(o == Outcome::Win, plainWins(pos)) << formatPosition(pos);
        ++decided;
        won += o == Outcome::Win;
    });
    EXPECT_GT(decided, 30);
    EXPECT_GT(won, 5);
    EXPECT_GT(decided - won, 5);
}

TEST(ProofCheck, BoundRecords) {
    // Right claims are accepted, a wrong one refused with the counts.
    EXPECT_TRUE(checkProof(sealProof(kBoundWin, true, 1, "B")).valid);
    EXPECT_TRUE(checkProof(sealProof(kBoundLoss, false, 1, "B")).valid);
    const ProofSummary wrong = checkProof(sealProof(kBoundLoss, true, 1, "B"));
    EXPECT_FALSE(wrong.valid);
    EXPECT_NE(wrong.error.find("bound record disagrees (0 + 1 moves to 3 + 1)"), std::string::npos)
        << wrong.error;
    // Overlapping bounds prove nothing either way.
    EXPECT_FALSE(checkProof(sealProof(kBoundsOverlap, true, 1, "B")).valid);
    EXPECT_FALSE(checkProof(sealProof(kBoundsOverlap, false, 1, "B")).valid);
    // A count record needs a separated position; a version 1 file has no bound records.
    EXPECT_FALSE(checkProof(sealProof(kBoundWin, true, 1, "C")).valid);
    std::string v1 = sealProof(kBoundWin, true, 1, "B");
    v1[8] = 1;
    EXPECT_NE(checkProof(reseal(v1)).error.find("unknown record"), std::string::npos);
    std::string next = sealProof(kBoundWin, true, 1, "B");
    next[8] = static_cast<char>(kProofVersion + 1);
    EXPECT_NE(
        checkProof(reseal(next)).error.find("proof version " + std::to_string(kProofVersion + 1)),
        std::string::npos);
}

TEST(ProofCheck, RejectsAProofWithBoundLeavesAndOneMoveChanged) {
    // 5 x 4 after b1-b2/d2 and a Black reply, White to move and win: a proof with bound
    // leaves whose first move, replaced by any other legal move, is refused.
    Position pos = Position::start(parseShape("5x4"));
    for (const char* m : kProofLine)
        pos.makeMove(parseMove(m, pos.shape()));
    const Proved p = solve(pos, true);
    ASSERT_EQ(p.result.outcome, Outcome::Win);
    ASSERT_GT(p.stats.boundLeaves, 0u);
    ASSERT_TRUE(checkProof(p.proof).valid) << checkProof(p.proof).error;
    const solver_test::Forgeries forged = solver_test::forgeRootMove(p.proof, pos, 25);
    EXPECT_EQ(forged.tried, 25);
    EXPECT_TRUE(forged.accepted.empty()) << forged.accepted.front();
}

}  // namespace
}  // namespace hippolyta
