// Helpers shared by the solver tests: a reference minimax, solves with one switch set checked
// against it, and proof forgeries.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/check/proof_check.h"
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "engine/guide/player_guide.h"
#include "engine/regions/regions.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"

namespace hippolyta::solver_test {

// Reference: plain minimax with memo. True iff the side to move wins.
inline bool wins(Position& pos, std::unordered_map<uint64_t, bool>& memo) {
    if (const auto it = memo.find(pos.hash()); it != memo.end()) return it->second;
    MoveList moves;
    pos.generateMoves(moves);
    bool result = false;
    for (const Move m : moves) {
        pos.makeMove(m);
        const bool opponentWins = wins(pos, memo);
        pos.undoMove(m);
        if (!opponentWins) {
            result = true;
            break;
        }
    }
    memo[pos.hash()] = result;
    return result;
}

// wins() on a copy with a fresh memo.
inline bool plainWins(const Position& start) {
    Position pos = start;
    std::unordered_map<uint64_t, bool> memo;
    return wins(pos, memo);
}

// The positions of random games on 5 x 4 and 5 x 5 (rng seeded by the caller) that have at most
// 11 empty squares and are not separated yet: small enough for plain minimax. visit(pos, game)
// gets each, with the game's index on its board.
template <class Visit>
void forEachSmallContestedPosition(std::mt19937& rng, int gamesPerShape, Visit visit) {
    for (const char* shape : {"5x4", "5x5"}) {
        for (int game = 0; game < gamesPerShape; ++game) {
            Position pos = Position::start(parseShape(shape));
            MoveList moves;
            for (pos.generateMoves(moves); !moves.empty(); pos.generateMoves(moves)) {
                pos.makeMove(moves[rng() % moves.size()]);
                if (popCount(pos.emptySquares()) <= 11 && !isSeparated(pos)) visit(pos, game);
            }
        }
    }
}

// A solve with the given settings and valuer, and its proof when it decides.
struct Proved {
    DfpnResult result;
    std::string proof;
    ProofStats stats;
};

inline Proved solveAndProve(const Position& pos, const DfpnSettings& settings,
                            const RegionValuer& valuer) {
    DfpnSolver solver(settings, valuer, playerGuide());
    Proved p;
    p.result = solver.solve(pos, DfpnLimits{});
    if (p.result.outcome != Outcome::Unknown)
        p.proof = buildProof(solver, pos, p.result.outcome == Outcome::Win, DfpnLimits{}, p.stats);
    return p;
}

// A solve with an 8 MB table and one of the settings' switches set.
inline Proved solveWith(const Position& pos, bool DfpnSettings::*option, bool on) {
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = 8;
    settings.*option = on;
    return solveAndProve(pos, settings, valuer);
}

// Solves the small contested positions of random games (up to 9 empty squares, rng seeded by
// the caller) with one switch set, and expects plain minimax's result and a proof that checks:
// a wrong threshold or initial number shows as a wrong result, a bad proof, or no end. It also
// expects more than minPositions positions, more than a fifth of that many of each result.
inline void expectMinimaxResults(std::mt19937& rng, int gamesPerShape, bool DfpnSettings::*option,
                                 bool on, int minPositions) {
    int positions = 0, won = 0;
    forEachSmallContestedPosition(rng, gamesPerShape, [&](Position& pos, int) {
        if (!pos.hasLegalMove() || popCount(pos.emptySquares()) > 9) return;
        const Proved p = solveWith(pos, option, on);
        std::unordered_map<uint64_t, bool> memo;
        Position copy = pos;
        const bool expected = wins(copy, memo);
        ASSERT_NE(p.result.outcome, Outcome::Unknown) << formatPosition(pos);
        ASSERT_EQ(p.result.outcome == Outcome::Win, expected) << formatPosition(pos);
        const ProofSummary checked = checkProof(p.proof);
        ASSERT_TRUE(checked.valid) << formatPosition(pos) << ": " << checked.error;
        ++positions;
        won += expected;
    });
    EXPECT_GT(positions, minPositions);
    EXPECT_GT(won, minPositions / 5);
    EXPECT_GT(positions - won, minPositions / 5);
}

// A file's bytes with a new checksum at the end (a forger's edit, not a damaged file).
inline std::string reseal(std::string bytes) {
    bytes.resize(bytes.size() - 8);
    putLE(bytes, fnv1a64(bytes), 8);
    return bytes;
}

struct Forgeries {
    int tried = 0;
    std::vector<std::string> accepted;  // the moves of forgeries the checker accepted
};

// A proof of `root` whose first record ('W' and a move, after the header) is replaced by each
// of up to `tries` other legal moves in turn, and checked.
inline Forgeries forgeRootMove(const std::string& proof, Position root, int tries) {
    Forgeries out;
    const size_t at = 16 + formatPosition(root).size() + 1 + 8;
    if (proof.size() < at + 4 || proof[at] != 'W') return out;
    const Move proved{static_cast<uint8_t>(proof[at + 1]), static_cast<uint8_t>(proof[at + 2]),
                      static_cast<uint8_t>(proof[at + 3])};
    MoveList moves;
    root.generateMoves(moves);
    for (const Move m : moves) {
        if (m == proved || out.tried == tries) continue;
        ++out.tried;
        std::string forged = proof;
        forged[at + 1] = static_cast<char>(m.from);
        forged[at + 2] = static_cast<char>(m.to);
        forged[at + 3] = static_cast<char>(m.arrow);
        if (checkProof(reseal(forged)).valid) out.accepted.push_back(formatMove(m, root.shape()));
    }
    return out;
}

// 5 x 4 after White's winning first move and a Black reply, where local search and game sums
// decide positions.
inline Position fiveByFourAfterAReply() {
    Position pos = Position::start(parseShape("5x4"));
    for (const char* m : {"b1-b2/d2", "b4-c3/c2"})
        pos.makeMove(parseMove(m, pos.shape()));
    return pos;
}

// Solves pos with one switch on and expects a win whose proof has 'G' leaves, checks, and
// refuses each of 25 changed first moves.
inline void expectLocalLeavesProofRefusesForgeries(const Position& pos, bool DfpnSettings::*option,
                                                   Proved& p) {
    p = solveWith(pos, option, true);
    ASSERT_EQ(p.result.outcome, Outcome::Win);
    EXPECT_GT(p.result.localLeaves, 0u);
    const ProofSummary checked = checkProof(p.proof);
    ASSERT_TRUE(checked.valid) << checked.error;
    EXPECT_EQ(checked.localLeaves, p.stats.localLeaves);
    const Forgeries forged = forgeRootMove(p.proof, pos, 25);
    EXPECT_EQ(forged.tried, 25);
    EXPECT_TRUE(forged.accepted.empty()) << forged.accepted.front();
}

}  // namespace hippolyta::solver_test
