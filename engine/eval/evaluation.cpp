#include "engine/eval/evaluation.h"

#include <algorithm>
#include <cmath>

#include "engine/core/assert.h"
#include "engine/eval/levels.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

namespace {

constexpr int kC2Span = 6;  // c2 clamps distance differences at +-6
constexpr int kWSpan = 6;   // w ignores squares whose distances differ by more

// t = count(own first) - count(opp first) + tie * count(same distance), over reached squares.
double territory(const Levels& own, const Levels& opp, double tie) {
    Bitboard ownFirst = 0, oppFirst = 0, tied = 0;
    const int depth = std::max(own.depth, opp.depth);
    for (int k = 1; k <= depth; ++k) {
        const Bitboard o = k <= own.depth ? own.lv[k] : 0;
        const Bitboard p = k <= opp.depth ? opp.lv[k] : 0;
        ownFirst |= o & ~opp.cumAt(k);
        oppFirst |= p & ~own.cumAt(k);
        tied |= o & p;
    }
    // A square is reached first by one side, or by both at once: never two of these.
    HIPPOLYTA_ASSERT(!(ownFirst & oppFirst) && !(ownFirst & tied) && !(oppFirst & tied));
    return popCount(ownFirst) - popCount(oppFirst) + tie * popCount(tied);
}

// c1 = 2 * sum over squares of 2^-D1own - 2^-D1opp (2^-inf = 0), from level sizes.
double positionC1(const Levels& own, const Levels& opp) {
    double c1 = 0, scale = 1;
    const int depth = std::max(own.depth, opp.depth);
    for (int k = 1; k <= depth; ++k) {
        scale *= 0.5;
        const int o = k <= own.depth ? popCount(own.lv[k]) : 0;
        const int p = k <= opp.depth ? popCount(opp.lv[k]) : 0;
        c1 += scale * (o - p);
    }
    return 2 * c1;
}

// Number of squares with Dopp - Down >= t (Dopp may be infinite, Down finite).
int countAhead(const Levels& own, const Levels& opp, int t) {
    Bitboard x = 0;
    for (int k = 1; k <= own.depth; ++k)
        x |= own.lv[k] & ~opp.cumAt(k + t - 1);
    return popCount(x);
}

// c2 = sum clamp((D2opp - D2own) / 6, -1, 1) = 1/6 sum_{t=1..6} (#[diff >= t] - #[diff <= -t]).
double positionC2(const Levels& own, const Levels& opp) {
    int total = 0;
    for (int t = 1; t <= kC2Span; ++t)
        total += countAhead(own, opp, t) - countAhead(opp, own, t);
    return total / static_cast<double>(kC2Span);
}

// w = sum over squares reached by both of 2^-|D1own - D1opp| (differences past kWSpan
// ignored).
double phaseMeasure(const Levels& own, const Levels& opp) {
    double w = 0;
    for (int i = 1; i <= own.depth; ++i) {
        const int lo = std::max(1, i - kWSpan), hi = std::min(opp.depth, i + kWSpan);
        for (int j = lo; j <= hi; ++j) {
            const int n = popCount(own.lv[i] & opp.lv[j]);
            if (n) w += n * std::ldexp(1.0, -std::abs(i - j));
        }
    }
    return w;
}

inline int weightedCount(Bitboard reach, const Bitboard planes[4]) {
    return popCount(reach & planes[0]) + 2 * popCount(reach & planes[1]) +
           4 * popCount(reach & planes[2]) + 8 * popCount(reach & planes[3]);
}

double amazonValue(int mobility, const EvalWeights& w) {
    double v = std::sqrt(static_cast<double>(mobility));
    if (mobility < w.trappedBelow) v -= w.trappedPenalty * (1 - mobility / w.trappedBelow);
    return v;
}

template <int N>
double evaluateN(const Position& pos, const EvalWeights& weights, EvalTerms* terms) {
    using Ops = BoardOps<N>;
    const Color me = pos.sideToMove();
    const Bitboard empty = pos.emptySquares();
    const Bitboard amazons[2] = {pos.amazons(me), pos.amazons(opposite(me))};
    Bitboard planes[4];
    Ops::neighbourCountPlanes(empty, planes);

    // One queen move per amazon: its mobility, and together the first queen level.
    Bitboard first[2] = {0, 0};
    double mobility[2] = {0, 0};
    EvalTerms t;
    for (int s = 0; s < 2; ++s) {
        int* perAmazon = s == 0 ? t.ownMobility : t.oppMobility;
        int i = 0;
        forEachSquare(amazons[s], [&](int sq) {
            const Bitboard reach = Ops::queenReachFrom(sq, empty);
            first[s] |= reach;
            const int m = weightedCount(reach, planes);
            mobility[s] += amazonValue(m, weights);
            if (i < 4) perAmazon[i++] = m;
        });
    }

    Levels q[2], k[2];
    for (int s = 0; s < 2; ++s) {
        flood<N, true>(q[s], first[s], empty);
        flood<N, false>(k[s], Ops::kingNeighbours(amazons[s]) & empty, empty);
    }
    // A term whose weights are both 0 is left out (unless the terms are asked for).
    const std::array<TermWeights, kEvalTerms> tw = termWeightsFor(weights, N);
    const auto needed = [&](int k) { return terms || tw[k].open != 0 || tw[k].end != 0; };
    if (needed(0)) t.t1 = territory(q[0], q[1], weights.tieBonus);
    if (needed(1)) t.t2 = territory(k[0], k[1], weights.tieBonus);
    if (needed(2)) t.c1 = positionC1(q[0], q[1]);
    if (needed(3)) t.c2 = positionC2(k[0], k[1]);
    t.mobility = mobility[0] - mobility[1];
    t.w = phaseMeasure(q[0], q[1]);
    HIPPOLYTA_ASSERT(t.w >= 0 && weights.phaseScale > 0);
    t.phase = std::clamp(t.w / weights.phaseScale, 0.0, 1.0);
    const double p = t.phase;
    // Summed in the order of kEvalTermNames, which the bench signature depends on.
    const std::array<double, kEvalTerms> values = t.values();
    t.score = 0;
    for (int k = 0; k < kEvalTerms; ++k)
        t.score += tw[k].at(p) * values[k];
    if (terms) *terms = t;
    return t.score;
}

}  // namespace

SizeWeightsTable fittedSizeWeights() {
    SizeWeightsTable table;
    // t1, t2, c1, c2, mobility; open then end (engine/weights/hippolyta.weights, version 7).
    table[10].value = {0.07687937746016654, 0.8397777915810388,   0.033222852463949924,
                       0.7307158912263338,  -0.11418977375866408, -0.20071523823140056,
                       0.22837711644995357, 0.21227062266117178,  0.1867262490558752,
                       0.32663794628966947};
    return table;
}

std::array<TermWeights, kEvalTerms> termWeightsFor(const EvalWeights& weights, int size) {
    const SizeTermWeights& own = weights.bySize[static_cast<size_t>(size)];
    std::array<TermWeights, kEvalTerms> tw;
    for (int k = 0; k < kEvalTerms; ++k) {
        const TermWeights& shared = weights.*kEvalTermMembers[k];
        const double open = own.value[2 * k], end = own.value[2 * k + 1];
        tw[k] = {std::isnan(open) ? shared.open : open, std::isnan(end) ? shared.end : end};
    }
    return tw;
}

double evaluate(const Position& pos, const EvalWeights& weights, EvalTerms* terms) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        return evaluateN<N>(pos, weights, terms);
    });
}

double winProbability(double score, const EvalWeights& weights) {
    return 1.0 / (1.0 + std::exp(-score / weights.winScale));
}

int amazonMobility(const Position& pos, int square) {
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        using Ops = BoardOps<N>;
        Bitboard planes[4];
        const Bitboard empty = pos.emptySquares();
        Ops::neighbourCountPlanes(empty, planes);
        return weightedCount(Ops::queenReachFrom(square, empty), planes);
    });
}

}  // namespace hippolyta
