// The shipped move prior (fittedPriorWeights) on hand-made positions, and the agreement of the
// compiled-in defaults with the shipped weights file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/core/notation.h"
#include "engine/search/move_prior.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

// A square's image with the rows mirrored (c3 <-> c6 on 8x8).
int mirrorSquare(int sq, int n) {
    const std::string name = squareName(sq, n);
    return parseSquare(name.substr(0, 1) + std::to_string(n + 1 - std::stoi(name.substr(1))), n);
}

// The same position seen from the other side: rows mirrored, colours swapped.
Position colourMirror(const Position& pos) {
    const int n = pos.width();
    Position out = Position::emptyBoard(n);
    for (int sq = 0; sq < n * n; ++sq) {
        Piece p = pos.at(sq);
        if (p == Piece::WhiteAmazon)
            p = Piece::BlackAmazon;
        else if (p == Piece::BlackAmazon)
            p = Piece::WhiteAmazon;
        out.place(mirrorSquare(sq, n), p);
    }
    out.setSideToMove(opposite(pos.sideToMove()));
    return out;
}

Move topMove(const Position& pos) {
    std::vector<ScoredMove> moves;
    scoreMovesLearned(pos, fittedPriorWeights(), moves);
    EXPECT_FALSE(moves.empty());
    return std::max_element(moves.begin(), moves.end(),
                            [](const auto& a, const auto& b) { return a.score < b.score; })
        ->move;
}

struct Pocket {
    const char* position;
    const char* amazon;               // the amazon about to be shut in
    std::vector<const char*> inside;  // the pocket's squares
};

// An amazon in a pocket with one way out: one arrow on the exit would shut it in for good, so
// the move that matters is to leave while it can. The prior ranks such an escape first (and
// the same from Black's side); a move inside the pocket or of another amazon fails the test.
TEST(MovePrior, RanksTheEscapeOfAnAlmostShutInAmazonFirst) {
    const Pocket pockets[] = {
        {"5B1B/8/6B1/3W3B/4W3/xx6/2x3W1/W1x5 w", "a1", {"a1", "a2", "b1", "b2"}},
        {"7x1W/5B1x2/8xx/W9/2B7/10/3W5B/6W3/4B5/10 w", "j10", {"j10", "i10", "j9", "i9"}},
    };
    for (const Pocket& p : pockets) {
        for (bool mirror : {false, true}) {
            const Position pos =
                mirror ? colourMirror(parsePosition(p.position)) : parsePosition(p.position);
            const int n = pos.width();
            auto flip = [&](const char* name) {
                const int sq = parseSquare(name, n);
                return mirror ? mirrorSquare(sq, n) : sq;
            };
            const Move best = topMove(pos);
            const std::string text = formatMove(best, n) + " in " + formatPosition(pos);
            EXPECT_EQ(best.from, flip(p.amazon)) << text;
            const bool staysInside = std::any_of(p.inside.begin(), p.inside.end(),
                                                 [&](const char* s) { return best.to == flip(s); });
            EXPECT_FALSE(staysInside) << text;
        }
    }
}

// Weights drawn uniformly from [-1, 1]: every bonus may be negative or positive, which the
// bounds of scoreBestMovesLearned must handle either way.
PriorWeights randomPriorWeights(std::mt19937_64& rng) {
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    PriorWeights w;
    for (float& x : w)
        x = u(rng);
    return w;
}

// scoreBestMovesLearned's first `keep` moves and count equal the full list's; returns how many
// moves it listed.
size_t expectBestEqualAll(const Position& pos, const PriorWeights& w, size_t keep) {
    std::vector<ScoredMove> all, best;
    scoreMovesLearned(pos, w, all);
    sortMoves(all);
    const size_t total = scoreBestMovesLearned(pos, w, keep, best);
    EXPECT_EQ(total, all.size()) << formatPosition(pos);
    EXPECT_GE(best.size(), std::min(keep, total));
    const size_t listed = best.size();
    sortMoves(best, keep);
    for (size_t i = 0; i < std::min({keep, total, best.size()}); ++i) {
        EXPECT_EQ(best[i].move, all[i].move) << formatPosition(pos) << " #" << i;
        EXPECT_EQ(best[i].score, all[i].score) << formatPosition(pos) << " #" << i;
    }
    return listed;
}

// The search lists only the moves that can be among the best few (scoreBestMovesLearned): the
// best few must be exactly those of the full list, and the count every legal move. Positions
// from seeded random play on 8x8 and 10x10, with the shipped weights and with random ones.
TEST(MovePrior, BestMovesAreTheFirstOfAllMoves) {
    std::mt19937_64 rng(17);
    for (int n : {8, 10}) {
        for (int weights = 0; weights < 4; ++weights) {
            const PriorWeights w = weights == 0 ? fittedPriorWeights() : randomPriorWeights(rng);
            Position pos = Position::start(n);
            for (int ply = 0; ply < 30 && pos.hasLegalMove(); ++ply) {
                for (size_t keep : {1, 8, 40})
                    expectBestEqualAll(pos, w, keep);
                MoveList moves;
                pos.generateMoves(moves);
                pos.makeMove(moves[rng() % moves.size()]);
            }
        }
    }
}

// The point of the bounds: at the open 10x10 start, an expansion's 8 moves need only a small
// part of the 2,176 legal moves listed (the blocks are scored best bound first).
TEST(MovePrior, BestMovesListFewOfTheOpeningMoves) {
    const Position pos = Position::start(10);
    const size_t listed = expectBestEqualAll(pos, fittedPriorWeights(), 8);
    EXPECT_LT(listed, pos.countMoves() / 10);
}

// The Botzone file has no weights file: its compiled-in defaults must be the shipped file's
// values, or the bot would play another engine than the one the SPRTs measured.
TEST(MovePrior, CompiledDefaultsAreTheShippedWeights) {
    const std::string path =
        std::string(HIPPOLYTA_SOURCE_DIR) + "/engine/weights/hippolyta.weights";
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    const WeightsFile shipped = parseWeights(fileBytes(path), path);
    const EngineConfig defaults;
    ASSERT_FALSE(shipped.values.empty());
    for (const auto& [name, value] : shipped.values) {
        const std::optional<double> compiled = getParameter(defaults, name);
        ASSERT_TRUE(compiled.has_value()) << name;
        // Weights print with the fewest digits that read back, so the float or double agrees.
        EXPECT_EQ(static_cast<float>(*compiled), static_cast<float>(value)) << name;
    }
    // And every constant the defaults hold (a board size's own weights too) is in the file.
    std::set<std::string> inFile;
    for (const auto& entry : shipped.values)
        inFile.insert(entry.first);
    for (const std::string& name : parameterNames()) {
        if (getParameter(defaults, name)) {
            EXPECT_TRUE(inFile.count(name)) << name;
        }
    }
}

}  // namespace
}  // namespace hippolyta
