#include "engine/search/move_prior.h"

#include <algorithm>

#include "engine/eval/board_ops.h"

namespace hippolyta {

namespace {

using L = PriorLayout;
constexpr uint8_t kUnreached = 255;

// The per-square facts both the scorer and the feature lister read.
struct SquareFacts {
    std::array<uint8_t, kMaxSquares> cls{}, oppAdj{}, ownAdj{}, empties{};
};

int squareClass(int own, int opp) {
    if (own == kUnreached) return opp == kUnreached ? 0 : 2;
    if (opp == kUnreached) return 1;
    return std::clamp(own - opp, -3, 3) + 6;
}

template <int N>
SquareFacts squareFacts(const Position& pos) {
    using Ops = BoardOps<N>;
    const Color me = pos.sideToMove();
    const Bitboard empty = pos.emptySquares();
    const Bitboard own = pos.amazons(me), opp = pos.amazons(opposite(me));
    std::array<uint8_t, kMaxSquares> dOwn, dOpp;
    queenDistanceTable<N>(own, empty, kUnreached, dOwn);
    queenDistanceTable<N>(opp, empty, kUnreached, dOpp);
    SquareFacts f;
    forEachSquare(empty, [&](int sq) {
        const Bitboard around = Ops::kingNeighbours(squareBit(sq));
        f.cls[sq] = static_cast<uint8_t>(squareClass(dOwn[sq], dOpp[sq]));
        f.oppAdj[sq] = static_cast<uint8_t>(std::min(popCount(around & opp), L::kAdjacent - 1));
        f.ownAdj[sq] = static_cast<uint8_t>(std::min(popCount(around & own), L::kAdjacent - 1));
        f.empties[sq] = static_cast<uint8_t>(popCount(around & empty));
    });
    return f;
}

int roomBucket(int room) {
    return room <= 2 ? 0 : room <= 5 ? 1 : room <= 9 ? 2 : room <= 15 ? 3 : room <= 24 ? 4 : 5;
}

// Calls f(from, to, arrows, reachCount) for every amazon move of the side to move, with the
// arrow squares of that move as a bitboard.
template <int N, typename F>
void forEachAmazonMove(const Position& pos, F&& f) {
    using Ops = BoardOps<N>;
    const Bitboard empty = pos.emptySquares();
    forEachSquare(pos.amazons(pos.sideToMove()), [&](int from) {
        const Bitboard reach = Ops::queenReach(squareBit(from), empty);
        const int room = popCount(reach);
        const Bitboard vacated = empty | squareBit(from);
        forEachSquare(reach, [&](int to) {
            const Bitboard toBit = squareBit(to);
            f(from, to, Ops::queenReach(toBit, vacated & ~toBit), room);
        });
    });
}

void addSquare(MoveFeatures& m, int block, const SquareFacts& s, int sq) {
    m.add(block + s.cls[sq], 1);
    m.add(block + L::kClasses + s.oppAdj[sq], 1);
    m.add(block + L::kClasses + L::kAdjacent + s.ownAdj[sq], 1);
    m.add(block + L::kClasses + 2 * L::kAdjacent, s.empties[sq]);
}

float squareValue(const PriorWeights& w, int block, const SquareFacts& s, int sq) {
    return w[block + s.cls[sq]] + w[block + L::kClasses + s.oppAdj[sq]] +
           w[block + L::kClasses + L::kAdjacent + s.ownAdj[sq]] +
           w[block + L::kClasses + 2 * L::kAdjacent] * s.empties[sq];
}

template <int N>
void featuresN(const Position& pos, std::vector<MoveFeatures>& out) {
    using Ops = BoardOps<N>;
    out.clear();
    const SquareFacts s = squareFacts<N>(pos);
    forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
        const Bitboard nearTo = Ops::kingNeighbours(squareBit(to));
        const Bitboard nearFrom = Ops::kingNeighbours(squareBit(from));
        forEachSquare(arrows, [&](int arrow) {
            MoveFeatures m;
            m.move = Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                          static_cast<uint8_t>(arrow)};
            m.add(L::kRoom + roomBucket(room), 1);
            addSquare(m, L::kLand, s, to);
            if (arrow == from) {
                m.add(L::kBack, 1);
            } else {
                addSquare(m, L::kArrow, s, arrow);
                if (testBit(nearFrom, arrow)) m.add(L::kBesideFrom, 1);
            }
            if (testBit(nearTo, arrow)) m.add(L::kHem, 1);
            out.push_back(m);
        });
    });
}

template <int N>
void scoreN(const Position& pos, const PriorWeights& w, std::vector<ScoredMove>& out) {
    using Ops = BoardOps<N>;
    out.clear();
    const SquareFacts s = squareFacts<N>(pos);
    std::array<float, kMaxSquares> arrowValue{}, landValue{};
    forEachSquare(pos.emptySquares(), [&](int sq) {
        arrowValue[sq] = squareValue(w, L::kArrow, s, sq);
        landValue[sq] = squareValue(w, L::kLand, s, sq);
    });
    forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
        const float base = w[L::kRoom + roomBucket(room)] + landValue[to];
        const Bitboard nearTo = Ops::kingNeighbours(squareBit(to));
        const Bitboard nearFrom = Ops::kingNeighbours(squareBit(from));
        const size_t start = out.size();
        out.resize(start + popCount(arrows));
        ScoredMove* dst = out.data() + start;
        while (arrows) {
            const int arrow = popLowest(arrows);
            float v = base;
            if (arrow == from)
                v += w[L::kBack];
            else
                v += arrowValue[arrow] + (testBit(nearFrom, arrow) ? w[L::kBesideFrom] : 0.0f);
            if (testBit(nearTo, arrow)) v += w[L::kHem];
            dst->move = Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to),
                             static_cast<uint8_t>(arrow)};
            dst->score = v;
            ++dst;
        }
    });
}

}  // namespace

PriorWeights zeroPriorWeights() {
    PriorWeights w;
    w.fill(0.0f);
    return w;
}

void moveFeatures(const Position& pos, std::vector<MoveFeatures>& out) {
    withBoardSize(pos.size(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        featuresN<N>(pos, out);
    });
}

void scoreMovesLearned(const Position& pos, const PriorWeights& weights,
                       std::vector<ScoredMove>& out) {
    withBoardSize(pos.size(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        scoreN<N>(pos, weights, out);
    });
}

std::string priorWeightName(int i) {
    auto squareName = [](int k) {
        if (k < L::kClasses) return "class" + std::to_string(k);
        k -= L::kClasses;
        if (k < L::kAdjacent) return "opp_adjacent" + std::to_string(k);
        k -= L::kAdjacent;
        if (k < L::kAdjacent) return "own_adjacent" + std::to_string(k);
        return std::string("empty_neighbours");
    };
    if (i < L::kLand) return "prior.arrow." + squareName(i - L::kArrow);
    if (i < L::kRoom) return "prior.land." + squareName(i - L::kLand);
    if (i < L::kHem) return "prior.room" + std::to_string(i - L::kRoom);
    if (i == L::kHem) return "prior.hem";
    if (i == L::kBack) return "prior.back";
    return "prior.beside_from";
}

}  // namespace hippolyta
