// The df-pn solver, the region database, region values and proof certificates (engine/solve).
#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "engine/core/byte_order.h"
#include "engine/core/file_io.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/eval/final_score.h"
#include "engine/guide/player_guide.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"
#include "engine/solve/region_db.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

// The rules page's defective territory: White on b2 with a1 and c1 free (two squares, one
// move); Black walled in on d4 (no move) or with d4 free beside c4 (one move).
const char* kDefectiveWins = "xxxB/xxxx/xWxx/1x1x w";
const char* kDefectiveLoses = "xxB1/xxxx/xWxx/1x1x w";

const RegionDatabase& smallDb() {
    static const RegionDatabase db = RegionDatabase::build(6);
    return db;
}

using Solved = solver_test::Proved;

Solved solveWithProof(const Position& pos, size_t tableMb = 16) {
    RegionValuer valuer(&smallDb());
    DfpnSettings settings;
    settings.tableMb = tableMb;
    return solver_test::solveAndProve(pos, settings, valuer);
}

using solver_test::reseal;

TEST(RegionDatabase, DefectiveTerritoryHasFewerMovesThanSquares) {
    const RegionDatabase& db = smallDb();
    // a1 + b2 + c1 in the frame: bits 0, 9, 2; the amazon on b2 (9): one move, not two.
    EXPECT_EQ(db.lookupFrame((1u << 0) | (1u << 9) | (1u << 2), 9), 1);
    // A line of three with the amazon at an end: two moves (every square used).
    EXPECT_EQ(db.lookupFrame(0b111, 0), 2);
    // The same on a board: the rules example.
    const Position pos = parsePosition(kDefectiveWins);
    const Geometry& geo = pos.geometry();
    const Bitboard cells = squareBit(parseSquare("a1", 4)) | squareBit(parseSquare("b2", 4)) |
                           squareBit(parseSquare("c1", 4));
    EXPECT_EQ(db.lookup(geo, cells, parseSquare("b2", 4)), 1);
}

TEST(RegionDatabase, AgreesWithTheRegionCounterOnEveryRegionUpToFiveSquares) {
    RegionCounter counter(1000000);
    int checked = 0;
    for (const RegionDbEntry& e : smallDb().entries()) {
        if (popCount(e.shape) > 5) continue;
        // Embed the frame at (1, 1) of a 10 x 10 board.
        Bitboard cells = 0;
        for (uint64_t b = e.shape; b; b &= b - 1) {
            const int f = __builtin_ctzll(b);
            cells |= squareBit((f / 8 + 1) * 10 + f % 8 + 1);
        }
        const Bitboard amazon = squareBit((e.amazon / 8 + 1) * 10 + e.amazon % 8 + 1);
        const MoveBounds b = counter.count(10, amazon, cells & ~amazon);
        ASSERT_TRUE(b.exact());
        ASSERT_EQ(b.lower, e.moves) << "shape " << e.shape << " amazon " << int(e.amazon);
        ++checked;
    }
    EXPECT_EQ(checked, 1 + 4 * 2 + 20 * 3 + 110 * 4 + 638 * 5);  // fixed polyplets x squares
}

TEST(RegionDatabase, RoundTripsAndRefusesDamage) {
    const RegionDatabase db = RegionDatabase::build(4);
    const std::string bytes = db.serialize();
    const RegionDatabase back = RegionDatabase::parse(bytes);
    ASSERT_EQ(back.size(), db.size());
    for (size_t i = 0; i < db.size(); ++i)
        EXPECT_EQ(back.entries()[i].moves, db.entries()[i].moves);
    std::string damaged = bytes;
    damaged[40] ^= 1;
    EXPECT_THROW(RegionDatabase::parse(damaged), RegionDatabaseError);
    EXPECT_THROW(RegionDatabase::parse(bytes.substr(0, bytes.size() - 3)), RegionDatabaseError);
    std::string otherVersion = bytes;
    otherVersion[8] = 2;
    try {
        RegionDatabase::parse(reseal(otherVersion));
        FAIL() << "another version was read";
    } catch (const RegionDatabaseError& e) {
        EXPECT_NE(std::string(e.what()).find("version 2"), std::string::npos);
    }
    const RegionDatabase missing = RegionDatabase::lazy(
        [] { return readWholeFile("/nonexistent/regions.hrdb"); }, "/nonexistent/regions.hrdb");
    EXPECT_THROW(missing.size(), RegionDatabaseError);  // loaded (and refused) on first use
}

TEST(RegionValues, CountDefectiveTerritoriesExactly) {
    RegionValuer valuer(nullptr);
    const SideMoves m = valuer.movesLeft(parsePosition(kDefectiveLoses));
    ASSERT_TRUE(m.separated);
    EXPECT_EQ(m.white.lower, 1);
    EXPECT_EQ(m.white.upper, 1);
    EXPECT_EQ(m.black.lower, 1);
    // One move each and White to move: White runs out first, though it has two squares.
    EXPECT_EQ(valuer.outcome(parsePosition(kDefectiveLoses)), Outcome::Loss);
    EXPECT_EQ(valuer.outcome(parsePosition(kDefectiveWins)), Outcome::Win);
    EXPECT_FALSE(valuer.movesLeft(Position::start(4)).separated);
}

TEST(RegionValues, FinalScoreKeepsTheOlympiadDefinition) {
    // Reachable squares, not moves: W+2 for the defective a1 + b2 + c1.
    const std::optional<FinalScore> s = finalScore(parsePosition(kDefectiveWins));
    ASSERT_TRUE(s.has_value());
    EXPECT_EQ(finalScoreText(*s), "W+2");
}

TEST(Dfpn, SolvesHandMadeEndgames) {
    const Solved win = solveWithProof(parsePosition(kDefectiveWins));
    EXPECT_EQ(win.result.outcome, Outcome::Win);
    ASSERT_TRUE(win.result.move.has_value());
    EXPECT_TRUE(parsePosition(kDefectiveWins).isLegal(*win.result.move));
    EXPECT_EQ(solveWithProof(parsePosition(kDefectiveLoses)).result.outcome, Outcome::Loss);
    // Not separated: White on a1 and Black on d4 share the open middle of a 4 x 4 board.
    const Solved open = solveWithProof(parsePosition("xx1B/x2x/x2x/W1xx w"));
    ASSERT_NE(open.result.outcome, Outcome::Unknown);
    EXPECT_TRUE(checkProof(open.proof).valid) << checkProof(open.proof).error;
}

TEST(Dfpn, SolvesTheFourByFourStartWithACheckedProof) {
    const Solved s = solveWithProof(Position::start(4));
    EXPECT_EQ(s.result.outcome, Outcome::Loss);  // the second player wins 4 x 4
    const ProofSummary check = checkProof(s.proof);
    EXPECT_TRUE(check.valid) << check.error;
    EXPECT_FALSE(check.rootWins);
    EXPECT_GT(check.records, 100u);
}

// The evaluation in the initial proof numbers (off by default since it costs time) only
// reorders the search: the same results as plain minimax, and proofs that check.
TEST(Dfpn, EvaluationInitialNumbersAgreeWithMinimax) {
    std::mt19937 rng(2827);
    solver_test::expectMinimaxResults(rng, 6, &DfpnSettings::evalInit, true, 25);
}

// A table far smaller than the search (1 MB: 32,768 entries against about 60,000 nodes) must
// slow it, never stall it. Two siblings whose entries shared a full bucket used to evict each
// other's result in turn while their parent picked them in turn: 4x4 took over 5 million nodes
// without an answer; it needs about 60,000.
TEST(Dfpn, ATinyTableDoesNotStallTheSearch) {
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = 1;
    DfpnSolver solver(settings, valuer, playerGuide());
    DfpnLimits limits;
    limits.nodes = 1000000;
    const DfpnResult r = solver.solve(Position::start(4), limits);
    EXPECT_EQ(r.outcome, Outcome::Loss) << r.nodes << " nodes";
}

TEST(ProofCheck, RejectsAProofWithOneMoveChanged) {
    Position pos = Position::start(4);
    MoveList moves;
    pos.generateMoves(moves);
    pos.makeMove(moves.front());  // Black to move wins (4 x 4 is a second-player win)
    const Solved s = solveWithProof(pos);
    ASSERT_EQ(s.result.outcome, Outcome::Win);
    ASSERT_TRUE(checkProof(s.proof).valid);
    const solver_test::Forgeries forged = solver_test::forgeRootMove(s.proof, pos, 25);
    EXPECT_EQ(forged.tried, 25);
    EXPECT_TRUE(forged.accepted.empty()) << forged.accepted.front();
    std::string damaged = s.proof;
    damaged[damaged.size() / 2] ^= 1;
    EXPECT_NE(checkProof(damaged).error.find("checksum"), std::string::npos);
    // A count record where the counts say otherwise is refused too.
    const std::string wrongCount = sealProof(kDefectiveLoses, true, 1, std::string(1, 'C'));
    EXPECT_NE(checkProof(wrongCount).error.find("count record disagrees"), std::string::npos);
    EXPECT_TRUE(checkProof(sealProof(kDefectiveWins, true, 1, "C")).valid);
}

TEST(Dfpn, CheckpointRefusesOtherSettingsAndDamage) {
    RegionValuer valuer(nullptr);
    DfpnSolver solver(DfpnSettings{}, valuer, playerGuide());
    DfpnLimits limits;
    limits.nodes = 5000;
    solver.solve(Position::start(4), limits);
    const std::string saved = solver.saveTable("settings A");
    // Entries of 24 bytes after magic, version and length, fingerprint, nodes and count, and
    // before the checksum; the one-node leaves are left out (found again at a node each).
    const size_t first = 8 + 8 + std::string("settings A").size() + 16;
    const size_t count = (saved.size() - first - 8) / 24;
    ASSERT_GT(count, 100u);
    for (size_t i = 0; i < count; ++i) {
        uint32_t work = 0;
        std::memcpy(&work, saved.data() + first + 24 * i + 16, 4);  // little-endian
        ASSERT_GE(work, 2u) << "entry " << i;
    }
    DfpnSolver resumed(DfpnSettings{}, valuer, playerGuide());
    resumed.loadTable(saved, "settings A");
    const DfpnResult r = resumed.solve(Position::start(4), DfpnLimits{});
    EXPECT_EQ(r.outcome, Outcome::Loss);
    DfpnSolver other(DfpnSettings{}, valuer, playerGuide());
    EXPECT_THROW(other.loadTable(saved, "settings B"), std::runtime_error);
    std::string damaged = saved;
    damaged[saved.size() / 2] ^= 4;
    EXPECT_THROW(other.loadTable(damaged, "settings A"), std::runtime_error);
    // An entry count 2^61 too large, resealed: its 24-fold wraps around to the true size in
    // 64 bits, and a reader that multiplied would read 2^61 entries past the buffer.
    std::string wrapped = saved;
    const size_t countAt = first - 8;
    const uint64_t wrappedCount = getLE(saved, countAt, 8) + (uint64_t{1} << 61);
    for (int b = 0; b < 8; ++b)
        wrapped[countAt + b] = static_cast<char>(wrappedCount >> (8 * b));
    EXPECT_THROW(other.loadTable(reseal(wrapped), "settings A"), std::runtime_error);
}

// The nodes of a win's winning child, proved after the root was decided, count in the root's
// result, and they stay within the root's node budget.
TEST(Dfpn, WinningChildNodesCountWithinTheBudget) {
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.sums = true;
    settings.tableMb = 8;
    std::mt19937 rng(4949);
    int decidedRoots = 0;
    solver_test::forEachSmallContestedPosition(rng, 12, [&](Position& pos, int) {
        if (!pos.hasLegalMove()) return;
        DfpnSolver probe(settings, valuer, playerGuide());
        if (probe.decided(pos) != Outcome::Win) return;
        ++decidedRoots;
        for (const uint64_t budget : {uint64_t{50}, uint64_t{400}, UINT64_MAX}) {
            DfpnSolver solver(settings, valuer, playerGuide());
            DfpnLimits limits;
            limits.nodes = budget;
            const uint64_t before = solver.nodes();
            const DfpnResult r = solver.solve(pos, limits);
            EXPECT_EQ(r.nodes, solver.nodes() - before) << formatPosition(pos);
            // A node may be counted past the budget before the search sees it has run out.
            if (budget != UINT64_MAX) {
                EXPECT_LE(r.nodes, budget + 1) << formatPosition(pos);
            }
            if (r.outcome == Outcome::Win && r.move) {
                Position child = pos;
                child.makeMove(*r.move);
                EXPECT_FALSE(solver_test::plainWins(child)) << formatPosition(pos);
            }
        }
    });
    EXPECT_GT(decidedRoots, 5);
}

}  // namespace
}  // namespace hippolyta

namespace hippolyta {
namespace {

// The solver meets the player only through its guide (engine/solve/move_guide.h): a guide that
// knows nothing (generation order, no evaluation) changes how many nodes a solve takes, never
// its result, and its proofs check.
TEST(Dfpn, TheGuideChangesNodeCountsNeverResults) {
    RegionValuer valuer(nullptr);
    const PlainGuide plain;
    DfpnSettings settings;
    settings.tableMb = 8;
    settings.evalInit = true;  // the guide's evaluation is asked too
    std::mt19937 rng(4747);
    int positions = 0, differentCounts = 0;
    solver_test::forEachSmallContestedPosition(rng, 6, [&](Position& pos, int) {
        if (!pos.hasLegalMove() || popCount(pos.emptySquares()) > 9) return;
        DfpnSolver guided(settings, valuer, playerGuide());
        DfpnSolver blind(settings, valuer, plain);
        const DfpnResult a = guided.solve(pos, DfpnLimits{});
        const DfpnResult b = blind.solve(pos, DfpnLimits{});
        ASSERT_NE(a.outcome, Outcome::Unknown) << formatPosition(pos);
        ASSERT_EQ(a.outcome, b.outcome) << formatPosition(pos);
        ProofStats stats;
        const std::string proof =
            buildProof(blind, pos, b.outcome == Outcome::Win, DfpnLimits{}, stats);
        ASSERT_TRUE(checkProof(proof).valid) << formatPosition(pos);
        ++positions;
        differentCounts += a.nodes != b.nodes;
    });
    EXPECT_GT(positions, 40);
    EXPECT_GT(differentCounts, 0) << "the guides never differed: the test shows nothing";
}

}  // namespace
}  // namespace hippolyta
