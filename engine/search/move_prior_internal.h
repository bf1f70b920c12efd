// Pieces the learned priors share (move_prior.cpp, pattern_prior.cpp, pattern_scorer.cpp): the
// per-square facts, the move generator by (from, to) blocks, and the bounded scorer's helpers.
// Internal to engine/search.
#pragma once

#include <algorithm>
#include <array>
#include <functional>
#include <limits>
#include <vector>

#include "engine/regions/board_ops.h"
#include "engine/search/move_prior.h"
#include "engine/search/side_distances.h"

namespace hippolyta {
namespace prior_detail {

using L = PriorLayout;
constexpr uint8_t kUnreached = 255;

// The per-square facts both the scorer and the feature lister read.
struct SquareFacts {
    std::array<uint8_t, kMaxSquares> cls{}, oppAdj{}, ownAdj{}, empties{};
};

inline int squareClass(int own, int opp) {
    if (own == kUnreached) return opp == kUnreached ? 0 : 2;
    if (opp == kUnreached) return 1;
    return std::clamp(own - opp, -3, 3) + 6;
}

template <int N>
SquareFacts squareFacts(const Position& pos) {
    using Ops = BoardOps<N>;
    const SideDistances d = sideDistances<N>(pos, kUnreached);
    SquareFacts f;
    forEachSquare(d.empty, [&](int sq) {
        const Bitboard around = Ops::kingNeighbours(squareBit(sq));
        f.cls[sq] = static_cast<uint8_t>(squareClass(d.toOwn[sq], d.toOpp[sq]));
        f.oppAdj[sq] = static_cast<uint8_t>(std::min(popCount(around & d.opp), L::kAdjacent - 1));
        f.ownAdj[sq] = static_cast<uint8_t>(std::min(popCount(around & d.own), L::kAdjacent - 1));
        f.empties[sq] = static_cast<uint8_t>(popCount(around & d.empty));
    });
    return f;
}

inline int roomBucket(int room) {
    return room <= 2 ? 0 : room <= 5 ? 1 : room <= 9 ? 2 : room <= 15 ? 3 : room <= 24 ? 4 : 5;
}

// Calls f(from, to, arrows, reachCount) for every amazon move of the side to move, with the
// arrow squares of that move as a bitboard.
template <int N, typename F>
void forEachAmazonMove(const Position& pos, F&& f) {
    using Ops = BoardOps<N>;
    const Bitboard empty = pos.emptySquares();
    forEachSquare(pos.amazons(pos.sideToMove()), [&](int from) {
        const Bitboard reach = Ops::queenReachFrom(from, empty);
        const int room = popCount(reach);
        const Bitboard vacated = empty | squareBit(from);
        forEachSquare(reach, [&](int to) { f(from, to, Ops::queenReachFrom(to, vacated), room); });
    });
}

inline void addSquare(MoveFeatures& m, int block, const SquareFacts& s, int sq) {
    m.add(block + s.cls[sq], 1);
    m.add(block + L::kClasses + s.oppAdj[sq], 1);
    m.add(block + L::kClasses + L::kAdjacent + s.ownAdj[sq], 1);
    m.add(block + L::kClasses + 2 * L::kAdjacent, s.empties[sq]);
}

template <class Weights>
float squareValue(const Weights& w, int block, const SquareFacts& s, int sq) {
    return w[block + s.cls[sq]] + w[block + L::kClasses + s.oppAdj[sq]] +
           w[block + L::kClasses + L::kAdjacent + s.ownAdj[sq]] +
           w[block + L::kClasses + 2 * L::kAdjacent] * s.empties[sq];
}

// The k best scores seen so far (k small): below the k-th, a move cannot be among the k best.
// The heap lives in a buffer the caller keeps, so that an expansion allocates nothing.
class TopScores {
  public:
    TopScores(size_t k, std::vector<float>& buffer) : k_(k), best_(buffer) { best_.clear(); }
    float threshold() const {
        return k_ && best_.size() == k_ ? best_.front() : -std::numeric_limits<float>::infinity();
    }
    void add(float v) {
        if (!k_) return;
        if (best_.size() < k_) {
            best_.push_back(v);
            std::push_heap(best_.begin(), best_.end(), std::greater<float>());
        } else if (v > best_.front()) {
            std::pop_heap(best_.begin(), best_.end(), std::greater<float>());
            best_.back() = v;
            std::push_heap(best_.begin(), best_.end(), std::greater<float>());
        }
        HIPPOLYTA_ASSERT(best_.size() <= k_);
    }

  private:
    size_t k_;
    std::vector<float>& best_;
};

// The empty squares split into value bands, so that the best arrow value of a set of squares
// is bounded by the top of the highest band it meets: a few bitboard tests, not a scan.
class ArrowBands {
  public:
    static constexpr int kBands = 16;
    ArrowBands(const std::array<float, kMaxSquares>& value, Bitboard empty) {
        float lo = std::numeric_limits<float>::infinity(), hi = -lo;
        forEachSquare(empty, [&](int sq) {
            lo = std::min(lo, value[sq]);
            hi = std::max(hi, value[sq]);
        });
        const float width = (hi - lo) / kBands;
        top_.fill(-std::numeric_limits<float>::infinity());
        forEachSquare(empty, [&](int sq) {
            const int b =
                width > 0 ? std::min(kBands - 1, static_cast<int>((value[sq] - lo) / width)) : 0;
            squares_[b] |= squareBit(sq);
            top_[b] = std::max(top_[b], value[sq]);
        });
    }
    // The largest value among squares (-infinity if none is banded).
    float bestOf(Bitboard squares) const {
        for (int b = kBands - 1; b >= 0; --b)
            if (squares & squares_[b]) return top_[b];
        return -std::numeric_limits<float>::infinity();
    }

  private:
    std::array<Bitboard, kBands> squares_{};
    std::array<float, kBands> top_{};
};

// One amazon move (from, to) with all its arrow squares, and an upper bound of their scores
// (kNoBound where every move is listed and no bound is computed).
constexpr float kNoBound = std::numeric_limits<float>::infinity();
struct MoveBlock {
    Bitboard arrows;
    float base, bound;
    uint8_t from, to;
};

struct ScoreScratch {
    std::vector<MoveBlock> blocks;
    std::vector<float> top;
};

// Appends the moves of block b whose score value(arrow) is not below top's threshold (the
// keep-th best so far), each one raising it: the listing both scorers share.
template <typename Value>
void listBlockMoves(const MoveBlock& b, TopScores& top, std::vector<ScoredMove>& out, Value value) {
    const size_t start = out.size();
    out.resize(start + popCount(b.arrows));
    ScoredMove* dst = out.data() + start;
    float threshold = top.threshold();
    Bitboard arrows = b.arrows;
    while (arrows) {
        const int arrow = popLowest(arrows);
        const float v = value(arrow);
        // The bounded listing is sound only if no move scores above its block's bound.
        HIPPOLYTA_ASSERT(!(v > b.bound));
        if (v < threshold) continue;
        dst->move = Move{b.from, b.to, static_cast<uint8_t>(arrow)};
        dst->score = v;
        ++dst;
        top.add(v);
        HIPPOLYTA_ASSERT(!(top.threshold() < threshold));  // the k-th best only rises
        threshold = top.threshold();
    }
    out.resize(static_cast<size_t>(dst - out.data()));
}

inline ScoreScratch& scratch() {
    static thread_local ScoreScratch s;
    return s;
}

}  // namespace prior_detail
}  // namespace hippolyta
