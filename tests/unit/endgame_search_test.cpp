#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "engine/core/notation.h"
#include "engine/search/endgame_search.h"
#include "engine/search/engine.h"
#include "tests/unit/solver_test_helpers.h"

namespace hippolyta {
namespace {

using solver_test::wins;

// True iff the side to move can force a win within `depth` plies (memo keyed by depth).
bool winWithin(Position& pos, int depth, std::unordered_map<uint64_t, bool>& memo) {
    if (depth <= 0) return false;
    const uint64_t key = pos.hash() * 64 + depth;
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    MoveList moves, replies;
    pos.generateMoves(moves);
    bool result = false;
    for (const Move m : moves) {
        pos.makeMove(m);
        pos.generateMoves(replies);
        bool all = true;  // every reply still loses (vacuously true if there is none)
        for (const Move r : replies) {
            pos.makeMove(r);
            all = winWithin(pos, depth - 2, memo);
            pos.undoMove(r);
            if (!all) break;
        }
        pos.undoMove(m);
        if (all) {
            result = true;
            break;
        }
    }
    memo[key] = result;
    return result;
}

// Plies of the shortest forced win (odd), or -1 if none within maxPlies.
int shortestWin(Position& pos, int maxPlies) {
    std::unordered_map<uint64_t, bool> memo;
    for (int d = 1; d <= maxPlies; d += 2)
        if (winWithin(pos, d, memo)) return d;
    return -1;
}

// Random small endgames: 5x5 or 6x6 boards played out randomly until few squares are left.
std::vector<Position> smallEndgames(int count, uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> out;
    while (static_cast<int>(out.size()) < count) {
        Position pos = Position::start(rng() % 2 ? 5 : 6);
        MoveList moves;
        while (popCount(pos.emptySquares()) > 9) {
            pos.generateMoves(moves);
            if (moves.empty()) break;
            pos.makeMove(moves[rng() % moves.size()]);
        }
        if (pos.hasLegalMove()) out.push_back(pos);
    }
    return out;
}

TEST(EndgameSearch, AgreesWithMinimaxOnSmallEndgames) {
    const std::atomic<bool> stop{false};
    int wonPositions = 0;
    for (const Position& start : smallEndgames(60, 21)) {
        Position pos = start;
        std::unordered_map<uint64_t, bool> memo;
        const bool expected = wins(pos, memo);
        EndgameSearch solver(10'000'000);
        const EndgameResult r = solver.solve(start, kEndgameUnbounded, stop);
        ASSERT_NE(r.outcome, Outcome::Unknown) << formatPosition(start);
        EXPECT_EQ(r.outcome == Outcome::Win, expected) << formatPosition(start);
        if (r.outcome == Outcome::Win) {
            ++wonPositions;
            ASSERT_TRUE(r.move && start.isLegal(*r.move));
            Position after = start;
            after.makeMove(*r.move);
            std::unordered_map<uint64_t, bool> memo2;
            EXPECT_FALSE(wins(after, memo2)) << "the solver's move must keep the win";
        }
    }
    EXPECT_GT(wonPositions, 10);
}

TEST(EndgameSearch, FindsForcedWinsThatTakeSeveralMoves) {
    // Positions whose shortest forced win needs at least three plies (two moves of ours):
    // the solver proves them, and the engine plays a move that keeps the win.
    const std::atomic<bool> stop{false};
    int found = 0;
    for (const Position& start : smallEndgames(80, 33)) {
        Position pos = start;
        const int plies = shortestWin(pos, 7);
        if (plies < 3) continue;
        ++found;
        EndgameSearch solver(10'000'000);
        const EndgameResult r = solver.solve(start, kEndgameUnbounded, stop);
        ASSERT_EQ(r.outcome, Outcome::Win) << formatPosition(start);
        if (plies <= 3) {
            EXPECT_EQ(r.plies, plies) << "the shallow iterations find quick wins";
        }

        EngineConfig config;
        config.seed = 1;
        Engine engine(config);
        SearchLimits limits;
        limits.visits = 300;
        const SearchResult chosen = engine.chooseMove(Game(start), limits);
        ASSERT_TRUE(chosen.move);
        Position after = start;
        after.makeMove(*chosen.move);
        std::unordered_map<uint64_t, bool> memo;
        EXPECT_FALSE(wins(after, memo)) << formatPosition(start);
        EXPECT_TRUE(chosen.proven);
    }
    EXPECT_GE(found, 3) << "the sample should hold multi-move wins";
}

TEST(EndgameSearch, StopsAtItsBudget) {
    const std::atomic<bool> stop{false};
    EndgameSearch solver(1000);
    const EndgameResult r = solver.solve(Position::start(10), kEndgameUnbounded, stop);
    EXPECT_EQ(r.outcome, Outcome::Unknown);
    EXPECT_LE(r.nodes, 1010u);
}

TEST(EndgameSearch, ContestedSquaresCount) {
    EXPECT_EQ(contestedEmptySquares(Position::start(10)), 92);
    EXPECT_EQ(contestedEmptySquares(parsePosition("xB2/xxxx/xWxx/1x1x w")), 0);
}

}  // namespace
}  // namespace hippolyta
