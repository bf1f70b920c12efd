// One move per own territory (engine/solve/territory_moves.h): the reduction, the solver with
// and without it, and the proof checker's 'R' records.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/notation.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"
#include "engine/solve/territory_moves.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

// 5 x 4, White to move. White's a1 owns a1-c1 (d1 and a2-d2 are arrows): two moves there
// (a1-b1/a1, then b1-c1/b1), while a1-c1/b1 leaves none. Black owns the rest: White loses.
const char* kTerritory = "B3B/5/xxxx1/W2x1 w";
// The same with a White amazon on e2, in the region Black's amazons share: not a territory.
const char* kContested = "B3B/5/xxxxW/W2x1 w";

using solver_test::reseal;

std::string moveBytes(const char* text, const Position& pos) {
    const Move m = parseMove(text, pos.shape());
    return {static_cast<char>(m.from), static_cast<char>(m.to), static_cast<char>(m.arrow)};
}

TEST(TerritoryReduction, KeepsOneMoveThatKeepsTheBestCount) {
    const Position pos = parsePosition(kTerritory);
    RegionCounter counter;
    const TerritoryReduction r = reduceTerritories(pos, counter);
    ASSERT_EQ(r.kept.size(), 1u);
    EXPECT_EQ(r.reducedFrom, squareBit(parseSquare("a1", pos.shape())));
    Position after = pos;
    after.makeMove(r.kept[0]);
    EXPECT_EQ(checkerMovesLeft(after, Color::White), 1);
    EXPECT_TRUE(r.keeps(r.kept[0]));
    EXPECT_FALSE(r.keeps(parseMove("a1-c1/b1", pos.shape())));
    // e2's region holds Black's amazons too: its moves all stay, a1's territory is reduced.
    const Position contested = parsePosition(kContested);
    const TerritoryReduction c = reduceTerritories(contested, counter);
    EXPECT_EQ(c.reducedFrom, squareBit(parseSquare("a1", pos.shape())));
    EXPECT_TRUE(c.keeps(parseMove("e2-e1/e2", pos.shape())));
}

TEST(ProofCheck, ReducedLossRecords) {
    const Position pos = parsePosition(kTerritory);
    // The kept move, then Black to move wins by counting.
    const std::string good = "R\x01" + moveBytes("a1-b1/a1", pos) + "C";
    const ProofSummary ok = checkProof(sealProof(kTerritory, false, 2, good));
    EXPECT_TRUE(ok.valid) << ok.error;
    EXPECT_EQ(ok.reducedLosses, 1u);
    // A kept move that gives up a move of the territory proves nothing about the others.
    const std::string worse = "R\x01" + moveBytes("a1-c1/b1", pos) + "C";
    const ProofSummary bad = checkProof(sealProof(kTerritory, false, 2, worse));
    EXPECT_FALSE(bad.valid);
    EXPECT_NE(bad.error.find("leaves 0 of 2 moves"), std::string::npos) << bad.error;
    // Nor does one in a region the opponent shares.
    const Position contested = parsePosition(kContested);
    const std::string shared = "R\x01" + moveBytes("e2-e1/e2", contested) + "C";
    const ProofSummary outside = checkProof(sealProof(kContested, false, 2, shared));
    EXPECT_NE(outside.error.find("outside a territory"), std::string::npos) << outside.error;
    // A reduced loss where the side to move must win, and one in a version 3 file.
    EXPECT_NE(checkProof(sealProof(kTerritory, true, 2, good)).error.find("must win"),
              std::string::npos);
    std::string v3 = sealProof(kTerritory, false, 2, good);
    v3[8] = 3;
    EXPECT_NE(checkProof(reseal(v3)).error.find("unknown record"), std::string::npos);
}

using solver_test::Proved;

Proved solve(const Position& pos, bool territories) {
    return solver_test::solveWith(pos, &DfpnSettings::territories, territories);
}

TEST(Dfpn, TerritoryReductionKeepsEveryResultAndItsProofsCheck) {
    // Random small positions (fixed seed, at most 8 empty squares): the solver gives the same
    // result with and without the reduction (without it, it agrees with plain minimax:
    // solver_bounds_test), and the reduced proofs check, 'R' records included.
    std::mt19937 rng(2806);
    int positions = 0;
    uint64_t reduced = 0;
    solver_test::forEachSmallContestedPosition(rng, 12, [&](Position& pos, int) {
        if (!pos.hasLegalMove() || popCount(pos.emptySquares()) > 8) return;  // fast solves
        const Proved on = solve(pos, true), off = solve(pos, false);
        ASSERT_NE(off.result.outcome, Outcome::Unknown);
        ASSERT_EQ(on.result.outcome, off.result.outcome) << formatPosition(pos);
        const ProofSummary checked = checkProof(on.proof);
        ASSERT_TRUE(checked.valid) << formatPosition(pos) << ": " << checked.error;
        reduced += checked.reducedLosses;
        ++positions;
    });
    EXPECT_GT(positions, 50);
    EXPECT_GT(reduced, 0u);
}

}  // namespace
}  // namespace hippolyta
