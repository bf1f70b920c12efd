#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <random>

#include "engine/core/notation.h"
#include "engine/eval/evaluation.h"
#include "reference_distances.h"

namespace hippolyta {
namespace {

constexpr int kInf = kUnreached;  // distance of a square a side cannot reach

int emptyNeighbours(const Position& pos, int sq) {
    const int n = pos.width();
    int count = 0;
    for (const Direction d : kDirections) {
        const int c = sq % n + d.dc, r = sq / n + d.dr;
        if (c >= 0 && r >= 0 && c < n && r < n && pos.at(r * n + c) == Piece::Empty) ++count;
    }
    return count;
}

// The evaluation terms computed square by square from breadth-first distances.
EvalTerms referenceTerms(const Position& pos, const EvalWeights& w) {
    const Color me = pos.sideToMove(), you = opposite(me);
    const auto q0 = referenceDistances(pos, me, true), q1 = referenceDistances(pos, you, true);
    const auto k0 = referenceDistances(pos, me, false), k1 = referenceDistances(pos, you, false);
    EvalTerms t;
    auto delta = [&](int a, int b) {
        if (a == kInf && b == kInf) return 0.0;
        if (a == b) return w.tieBonus;
        return a < b ? 1.0 : -1.0;
    };
    forEachSquare(pos.emptySquares(), [&](int s) {
        t.t1 += delta(q0[s], q1[s]);
        t.t2 += delta(k0[s], k1[s]);
        t.c1 += 2 * ((q0[s] < kInf ? std::ldexp(1.0, -q0[s]) : 0) -
                     (q1[s] < kInf ? std::ldexp(1.0, -q1[s]) : 0));
        if (k0[s] < kInf || k1[s] < kInf) t.c2 += std::clamp((k1[s] - k0[s]) / 6.0, -1.0, 1.0);
        if (q0[s] < kInf && q1[s] < kInf && std::abs(q0[s] - q1[s]) <= 6)
            t.w += std::ldexp(1.0, -std::abs(q0[s] - q1[s]));
    });
    for (const Color side : {me, you}) {
        forEachSquare(pos.amazons(side), [&](int a) {
            int m = 0;
            forEachSquare(pos.queenReach(a), [&](int s) { m += emptyNeighbours(pos, s); });
            double v = std::sqrt(static_cast<double>(m));
            if (m < w.trappedBelow) v -= w.trappedPenalty * (1 - m / w.trappedBelow);
            t.mobility += side == me ? v : -v;
        });
    }
    return t;
}

TEST(EvalTerms, SymmetricPositionHasOnlyTieBonuses) {
    // 4x4, a1 against d4: four squares each side reaches first, six tied (b2 c3 a4 d1 b3 c2).
    const Position pos = parsePosition("3B/4/4/W3 w");
    EvalWeights w;
    EvalTerms t;
    evaluate(pos, w, &t);
    EXPECT_NEAR(t.t1, 6 * w.tieBonus, 1e-9);
    EXPECT_NEAR(t.c1, 0, 1e-9);
    EXPECT_NEAR(t.c2, 0, 1e-9);
    EXPECT_NEAR(t.mobility, 0, 1e-9);
    EXPECT_EQ(t.ownMobility[0], t.oppMobility[0]);
}

TEST(EvalTerms, TrappedAmazonIsPunished) {
    // White's a1 amazon has a single free neighbour; Black's is free.
    const Position open = parsePosition("5/5/5/5/W3B w");
    const Position trapped = parsePosition("5/5/5/xx3/W3B w");
    EvalWeights w;
    EvalTerms a, b;
    evaluate(open, w, &a);
    evaluate(trapped, w, &b);
    EXPECT_LT(b.ownMobility[0], a.ownMobility[0]);
    EXPECT_LT(b.mobility, a.mobility - 2);
    EXPECT_LT(b.score, a.score);
}

TEST(EvalTerms, EveryTermMatchesSquareBySquareReference) {
    std::mt19937_64 rng(3);
    EvalWeights w;
    for (int trial = 0; trial < 40; ++trial) {
        Position pos = Position::start(trial % 3 == 0 ? 8 : 10);
        MoveList moves;
        for (int i = 0; i < 6 + trial; ++i) {
            pos.generateMoves(moves);
            if (moves.empty()) break;
            pos.makeMove(moves[rng() % moves.size()]);
        }
        EvalTerms t;
        const double score = evaluate(pos, w, &t);
        const EvalTerms ref = referenceTerms(pos, w);
        const std::string where = formatPosition(pos);
        EXPECT_NEAR(t.t1, ref.t1, 1e-9) << where;
        EXPECT_NEAR(t.t2, ref.t2, 1e-9) << where;
        EXPECT_NEAR(t.c1, ref.c1, 1e-9) << where;
        EXPECT_NEAR(t.c2, ref.c2, 1e-9) << where;
        EXPECT_NEAR(t.w, ref.w, 1e-9) << where;
        EXPECT_NEAR(t.mobility, ref.mobility, 1e-9) << where;
        const double p = t.phase;
        EXPECT_NEAR(p, std::clamp(ref.w / w.phaseScale, 0.0, 1.0), 1e-9);
        const std::array<TermWeights, kEvalTerms> tw = termWeightsFor(w, pos.width());
        EXPECT_NEAR(score,
                    tw[0].at(p) * ref.t1 + tw[1].at(p) * ref.t2 + tw[2].at(p) * ref.c1 +
                        tw[3].at(p) * ref.c2 + tw[4].at(p) * ref.mobility,
                    1e-6)
            << where;
    }
}

TEST(EvalTerms, WinProbabilityIsALogistic) {
    EvalWeights w;
    EXPECT_DOUBLE_EQ(winProbability(0, w), 0.5);
    EXPECT_NEAR(winProbability(5, w) + winProbability(-5, w), 1.0, 1e-12);
    EXPECT_GT(winProbability(10, w), winProbability(5, w));
}

}  // namespace
}  // namespace hippolyta
