#include "engine/search/move_order.h"

#include <algorithm>
#include <array>

#include "engine/regions/board_ops.h"
#include "engine/search/side_distances.h"

namespace hippolyta {

namespace {

constexpr uint8_t kFar = 60;

// The position as both cheap orders see it: the sides' queen distances, and the empty
// neighbours of each square.
template <int N>
struct CheapView {
    SideDistances sides;
    Bitboard planes[4];
    explicit CheapView(const Position& pos) : sides(sideDistances<N>(pos, kFar)) {
        BoardOps<N>::neighbourCountPlanes(sides.empty, planes);
    }
    int emptyNeighbours(int sq) const {
        return static_cast<int>(testBit(planes[0], sq)) + 2 * testBit(planes[1], sq) +
               4 * testBit(planes[2], sq) + 8 * testBit(planes[3], sq);
    }
};

// Version 1: weights fitted by least squares to the full evaluation after each move (about
// 24,000 moves from self-play positions on 8x8 and 10x10; R^2 about 0.4). It plays worse
// than the hand-set version 0: the fit copies quirks of the evaluation (it likes arrows in
// squares only we reach).
template <int N>
void scoreCheapN(const Position& pos, std::vector<ScoredMove>& out) {
    using Ops = BoardOps<N>;
    const CheapView<N> view(pos);
    const Bitboard empty = view.sides.empty, own = view.sides.own, opp = view.sides.opp;

    // Value of an arrow on each square, and of an amazon landing on it.
    std::array<float, kMaxSquares> arrowValue{}, landValue{};
    forEachSquare(empty, [&](int sq) {
        const int a = view.sides.toOwn[sq], b = view.sides.toOpp[sq];
        const int nb = view.emptyNeighbours(sq);
        float v;
        if (b == kFar) {
            v = 4.29f;  // walled off from the opponent
        } else if (a == b) {
            v = 1.37f;
        } else if (a > b) {
            v = 3.05f * std::min(a - b, 4);  // deeper into the opponent's area
        } else {
            v = 0.20f * std::min(b - a, 4);
        }
        const Bitboard around = Ops::kingNeighbours(squareBit(sq));
        v += 0.49f * popCount(around & opp) - 1.60f * popCount(around & own);
        v += 0.05f * (b == 1) + 0.47f * (a == 1) - 0.32f * nb;
        arrowValue[sq] = v;
        const bool contested = a != kFar && b != kFar && std::abs(a - b) <= 1;
        landValue[sq] = 0.67f * nb - 2.09f * contested + 0.68f * popCount(around & opp) -
                        1.21f * std::min(b, 6);
    });

    forEachSquare(own, [&](int from) {
        const Bitboard reach = Ops::queenReachFrom(from, empty);
        const int mobility = popCount(reach);
        // Moving an amazon with little room is urgent.
        const float leave = 0.72f * (mobility < 6) - 0.55f * mobility;
        const Bitboard vacated = empty | squareBit(from);
        const Bitboard nearFrom = Ops::kingNeighbours(squareBit(from));
        forEachSquare(reach, [&](int to) {
            const Bitboard toBit = squareBit(to);
            const Bitboard nearTo = Ops::kingNeighbours(toBit);
            const Bitboard arrows = Ops::queenReachFrom(to, vacated);
            const float base = landValue[to] + leave + 0.35f * popCount(arrows);
            forEachSquare(arrows, [&](int arrow) {
                float s = base;
                if (arrow == from) {
                    s += 0.43f;
                } else {
                    s += arrowValue[arrow];
                    // The moved amazon no longer guards its old neighbours.
                    if (testBit(nearFrom, arrow) && testBit(own, from)) s += 1.60f;
                }
                if (testBit(nearTo, arrow)) s -= 0.45f;  // hems in the amazon just moved
                out.push_back({Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                                    static_cast<uint8_t>(arrow)},
                               s});
            });
        });
    });
}

// Appends the moves from-to/arrow for every arrow square in `arrows`, scored base plus the
// arrow square's value; writes in place (no per-move capacity checks).
inline void appendMoves(std::vector<ScoredMove>& out, int from, int to, Bitboard arrows, float base,
                        const std::array<float, kMaxSquares>& arrowValue) {
    const size_t start = out.size();
    out.resize(start + popCount(arrows));
    ScoredMove* dst = out.data() + start;
    const Move m{static_cast<uint8_t>(from), static_cast<uint8_t>(to), 0};
    while (arrows) {
        const int arrow = popLowest(arrows);
        dst->move = m;
        dst->move.arrow = static_cast<uint8_t>(arrow);
        dst->score = base + arrowValue[arrow];
        ++dst;
    }
}

// Version 0, the default: hand-set weights. Arrows go where they cut the opponent (contested
// squares, squares next to its amazons), amazons to roomy or contested squares; an amazon with
// little room moves first.
template <int N>
void scoreHandN(const Position& pos, std::vector<ScoredMove>& out) {
    using Ops = BoardOps<N>;
    const CheapView<N> view(pos);
    const Bitboard empty = view.sides.empty, own = view.sides.own, opp = view.sides.opp;
    const Bitboard nearOpp = Ops::kingNeighbours(opp), nearOwn = Ops::kingNeighbours(own);

    // Value of an arrow on each square and of an amazon landing on it.
    std::array<float, kMaxSquares> arrowValue{}, landValue{};
    forEachSquare(empty, [&](int sq) {
        const int nb = view.emptyNeighbours(sq);
        const int a = view.sides.toOwn[sq], b = view.sides.toOpp[sq];
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
        const Bitboard reach = Ops::queenReachFrom(from, empty);
        // Moving an amazon with little room is urgent; leaving a roomy square costs a little.
        const float leave = popCount(reach) < 6 ? 1.5f : 0.0f;
        const Bitboard vacated = empty | squareBit(from);
        forEachSquare(reach, [&](int to) {
            const float base = landValue[to] + leave;
            const Bitboard toBit = squareBit(to);
            const Bitboard nearTo = Ops::kingNeighbours(toBit);
            const Bitboard arrows = Ops::queenReachFrom(to, vacated);
            // arrowValue[from] is 0 (it was occupied). Arrows next to the amazon just moved
            // hem it in.
            appendMoves(out, from, to, arrows & ~nearTo, base, arrowValue);
            appendMoves(out, from, to, arrows & nearTo, base - 0.8f, arrowValue);
        });
    });
}

}  // namespace

void scoreMovesCheap(const Position& pos, std::vector<ScoredMove>& out, MoveOrdering order) {
    withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        out.clear();
        if (order == MoveOrdering::HandSet)
            scoreHandN<N>(pos, out);
        else
            scoreCheapN<N>(pos, out);
    });
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

namespace {
// A function object, not a function pointer, so that the sorts can inline it (the comparison
// is a tenth of a 10x10 search's profile). A total order: the result is unique.
struct Better {
    bool operator()(const ScoredMove& a, const ScoredMove& b) const {
        if (a.score != b.score) return a.score > b.score;
        return a.move.packed() < b.move.packed();
    }
};
}  // namespace

void sortMoves(std::vector<ScoredMove>& moves) {
    std::sort(moves.begin(), moves.end(), Better{});
}

void sortMoves(std::vector<ScoredMove>& moves, size_t prefix) {
    if (prefix >= moves.size() / 2) return sortMoves(moves);
    std::partial_sort(moves.begin(), moves.begin() + prefix, moves.end(), Better{});
}

}  // namespace hippolyta
