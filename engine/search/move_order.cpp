#include "engine/search/move_order.h"

#include <algorithm>
#include <array>

#include "engine/eval/board_ops.h"

namespace hippolyta {

namespace {

constexpr uint8_t kFar = 60;

// Queen distance of every square from a side's amazons (kFar where unreached).
template <int N>
void queenDistanceTable(Bitboard amazons, Bitboard empty, std::array<uint8_t, kMaxSquares>& d) {
    d.fill(kFar);
    Bitboard frontier = amazons;
    for (uint8_t k = 1; frontier; ++k) {
        frontier = BoardOps<N>::queenReach(frontier, empty);
        empty &= ~frontier;
        forEachSquare(frontier, [&](int sq) { d[sq] = k; });
    }
}

template <int N>
void scoreCheapN(const Position& pos, std::vector<ScoredMove>& out) {
    using Ops = BoardOps<N>;
    out.clear();
    const Color me = pos.sideToMove();
    const Bitboard empty = pos.emptySquares();
    const Bitboard own = pos.amazons(me), opp = pos.amazons(opposite(me));
    std::array<uint8_t, kMaxSquares> dOwn, dOpp;
    queenDistanceTable<N>(own, empty, dOwn);
    queenDistanceTable<N>(opp, empty, dOpp);
    Bitboard planes[4];
    Ops::neighbourCountPlanes(empty, planes);
    const Bitboard nearOpp = Ops::kingNeighbours(opp), nearOwn = Ops::kingNeighbours(own);

    // Value of an arrow on each square and of an amazon landing on it.
    std::array<float, kMaxSquares> arrowValue{}, landValue{};
    forEachSquare(empty, [&](int sq) {
        const int nb = testBit(planes[0], sq) + 2 * testBit(planes[1], sq) +
                       4 * testBit(planes[2], sq) + 8 * testBit(planes[3], sq);
        const int a = dOwn[sq], b = dOpp[sq];
        float v;
        if (b == kFar) {
            v = -2.0f;  // only we reach it: an arrow there wastes our own square
        } else if (a == kFar) {
            v = 0.2f;
        } else {
            const int diff = a - b;  // > 0: the opponent is closer
            v = diff == 0 ? 1.5f : diff > 0 ? 1.2f - 0.2f * std::min(diff, 4) : 0.8f + 0.3f * diff;
        }
        int oppAdj = 0, ownAdj = 0;
        if (testBit(nearOpp, sq)) oppAdj = popCount(Ops::kingNeighbours(squareBit(sq)) & opp);
        if (testBit(nearOwn, sq)) ownAdj = popCount(Ops::kingNeighbours(squareBit(sq)) & own);
        arrowValue[sq] = v + 1.2f * oppAdj - 0.6f * ownAdj;
        const bool contested = a != kFar && b != kFar && std::abs(a - b) <= 1;
        landValue[sq] = 0.25f * nb + (contested ? 0.6f : 0.0f) + 0.4f * oppAdj;
    });

    forEachSquare(own, [&](int from) {
        const Bitboard reach = Ops::queenReach(squareBit(from), empty);
        // Moving an amazon with little room is urgent; leaving a roomy square costs a little.
        const float leave = popCount(reach) < 6 ? 1.5f : 0.0f;
        const Bitboard vacated = empty | squareBit(from);
        forEachSquare(reach, [&](int to) {
            const float base = landValue[to] + leave;
            const Bitboard toBit = squareBit(to);
            const Bitboard nearTo = Ops::kingNeighbours(toBit);
            const Bitboard arrows = Ops::queenReach(toBit, vacated & ~toBit);
            forEachSquare(arrows, [&](int arrow) {
                float s = base + (arrow == from ? 0.0f : arrowValue[arrow]);
                if (testBit(nearTo, arrow)) s -= 0.8f;  // hems in the amazon just moved
                out.push_back({Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                                    static_cast<uint8_t>(arrow)},
                               s});
            });
        });
    });
}

}  // namespace

void scoreMovesCheap(const Position& pos, std::vector<ScoredMove>& out) {
    withBoardSize(pos.size(), [&]<int N>() { scoreCheapN<N>(pos, out); });
}

void scoreMovesByEval(const Position& pos, const EvalWeights& weights,
                      std::vector<ScoredMove>& moves) {
    Position p = pos;
    for (ScoredMove& sm : moves) {
        p.makeMove(sm.move);
        sm.score = static_cast<float>(-evaluate(p, weights));
        p.undoMove(sm.move);
    }
}

void sortMoves(std::vector<ScoredMove>& moves) {
    std::sort(moves.begin(), moves.end(), [](const ScoredMove& a, const ScoredMove& b) {
        if (a.score != b.score) return a.score > b.score;
        return a.move.packed() < b.move.packed();
    });
}

}  // namespace hippolyta
