// The search's scorer of the pattern prior (pattern_prior.h). Once per node: each square's
// 47-feature values (as ordering 2's scorer), its ring code on the present board, and from
// those each empty square's landing and arrow values. A move changes the board in two squares
// only (its origin empties, its landing square fills), so only the rings of the squares next to
// them differ from the tables: those are recomputed per (from, to) block, the rest read.
#include <algorithm>
#include <limits>

#include "engine/search/pattern_prior.h"
#include "engine/search/pattern_prior_internal.h"

namespace hippolyta {

namespace {

using namespace prior_detail;

constexpr float kPatternMinusInfinity = -std::numeric_limits<float>::infinity();

// One node's tables.
template <int N>
struct PatternTables {
    const PatternWeights& w;
    const Position& pos;
    SquareFacts facts;
    Cells cells;
    std::array<uint16_t, kMaxSquares> code{};
    std::array<int8_t, kMaxSquares> near{};
    std::array<float, kMaxSquares> arrow47{}, land47{}, arrowValue{}, landPattern{};
    float bestToArrow = kPatternMinusInfinity;
    const uint16_t* classes = ringClassTable();
    int classOf(unsigned ring) const { return classes[ring]; }

    PatternTables(const Position& p, std::optional<Move> last, const PatternWeights& weights)
        : w(weights), pos(p), facts(squareFacts<N>(p)), cells(cellsOf(p)) {
        HIPPOLYTA_ASSERT(weights.size() == static_cast<size_t>(PL::kCount) && p.width() == N);
        const int squares = N * p.height();
        near = nearBuckets<N>(last, squares);
        for (int sq = 0; sq < squares; ++sq)
            code[sq] = ringCodeAt<N>(cells, sq, p.height());
        forEachSquare(p.emptySquares(), [&](int sq) {
            arrow47[sq] = squareValue(w, L::kArrow, facts, sq);
            land47[sq] = squareValue(w, L::kLand, facts, sq);
            arrowValue[sq] = arrowTerms(sq, code[sq], arrow47[sq]);
            landPattern[sq] = w[PL::kLandPattern + classOf(code[sq])];
        });
        for (int d = 0; d < PL::kDistances; ++d)
            bestToArrow = std::max(bestToArrow, w[PL::kToArrow + d]);
    }
    // An arrow square's terms but the distance from the landing square: its 47-feature value
    // (or the shot back home's), its pattern and its nearness to the last move.
    float arrowTerms(int sq, unsigned ring, float linear) const {
        float v = linear + w[PL::kArrowPattern + classOf(ring)];
        if (near[sq] >= 0) v += w[PL::kArrowNear + near[sq]];
        return v;
    }

    // The arrow terms of sq for the block (from, to): corrected when sq is next to from or to,
    // or is from itself (which adds the shot back's weight instead of the square's).
    float arrowFor(int sq, int from, int to, Bitboard nearFrom, Bitboard nearTo) const {
        const bool besideFrom = testBit(nearFrom, sq), besideTo = testBit(nearTo, sq);
        if (!besideFrom && !besideTo && sq != from) return arrowValue[sq];
        unsigned ring = code[sq];
        // The move empties `from` (our amazon stood there) and fills `to` (empty before): the
        // two-bit digits subtracted and added must be those, or the arithmetic would carry into
        // a neighbour's digit and name another pattern.
        if (besideFrom) {
            HIPPOLYTA_ASSERT(((ring >> ringShift<N>(sq, from)) & 3u) == kRingOwn);
            ring -= static_cast<unsigned>(kRingOwn) << ringShift<N>(sq, from);
        }
        if (besideTo) {
            HIPPOLYTA_ASSERT(((ring >> ringShift<N>(sq, to)) & 3u) == kRingEmpty);
            ring += static_cast<unsigned>(kRingOwn) << ringShift<N>(sq, to);
        }
        HIPPOLYTA_ASSERT(ring < static_cast<unsigned>(kRingCodes));
        const float linear =
            sq == from ? w[L::kBack] : arrow47[sq] + (besideFrom ? w[L::kBesideFrom] : 0.0f);
        return arrowTerms(sq, ring, linear);
    }

    // The score's terms that depend on the block only.
    float base(int from, int to, int room, Bitboard arrows) const {
        float pattern = landPattern[to];
        if (chebyshev<N>(from, to) == 1) {
            HIPPOLYTA_ASSERT(((code[to] >> ringShift<N>(to, from)) & 3u) == kRingOwn);
            pattern = w[PL::kLandPattern +
                        classOf(static_cast<uint16_t>(code[to] - (static_cast<unsigned>(kRingOwn)
                                                                  << ringShift<N>(to, from))))];
        }
        float v = w[L::kRoom + roomBucket(room)] + land47[to];
        v += pattern;
        v += w[PL::kFromTo + distanceBucket(chebyshev<N>(from, to))];
        v += w[PL::kToRoom + roomBucket(popCount(arrows))];
        if (near[to] >= 0) v += w[PL::kLandNear + near[to]];
        return v;
    }
};

// The pattern scorer's own blocks and scores (move_prior_internal.h's types), apart from the
// linear scorer's.
ScoreScratch& patternScratch() {
    static thread_local ScoreScratch s;
    return s;
}

// The score of each move of one block; each adds, in this order, the base, the arrow's terms,
// the arrow's distance from the landing square and the hem weight.
template <int N>
class BlockMoveScore {
  public:
    BlockMoveScore(const MoveBlock& b, const PatternTables<N>& t)
        : b_(b),
          t_(t),
          nearTo_(BoardOps<N>::kingNeighbours(squareBit(b.to))),
          nearFrom_(BoardOps<N>::kingNeighbours(squareBit(b.from))),
          close_(nearTo_ | nearFrom_ | squareBit(b.from)),
          distance_(distanceBuckets<N>() + b.to * kMaxSquares),
          toArrow_(t.w.data() + PL::kToArrow),
          hem_(t.w[L::kHem]) {}
    float operator()(int arrow) const {
        float v = b_.base + (testBit(close_, arrow)
                                 ? t_.arrowFor(arrow, b_.from, b_.to, nearFrom_, nearTo_)
                                 : t_.arrowValue[arrow]);
        v += toArrow_[distance_[arrow]];
        if (testBit(nearTo_, arrow)) v += hem_;
        return v;
    }

  private:
    const MoveBlock& b_;
    const PatternTables<N>& t_;
    Bitboard nearTo_, nearFrom_, close_;
    const uint8_t* distance_;
    const float* toArrow_;
    float hem_;
};

// Appends the block's moves not below top's threshold.
template <int N>
void scoreMoveBlock(const MoveBlock& b, const PatternTables<N>& t, TopScores& top,
                    std::vector<ScoredMove>& out) {
    listBlockMoves(b, top, out, BlockMoveScore<N>(b, t));
}

// An upper bound of the scores of a block's moves: the same sum with each term's largest value
// (float addition rounds monotonically). The arrow terms of the squares far from the origin and
// the landing square are read from value bands; the few next to them are computed.
template <int N>
float patternBlockBound(const MoveBlock& b, const PatternTables<N>& t, const ArrowBands& bands) {
    using Ops = BoardOps<N>;
    const Bitboard nearTo = Ops::kingNeighbours(squareBit(b.to));
    const Bitboard nearFrom = Ops::kingNeighbours(squareBit(b.from));
    const Bitboard close = b.arrows & (nearTo | nearFrom | squareBit(b.from));
    float best = bands.bestOf(b.arrows & ~close);
    forEachSquare(close, [&](int sq) {
        best = std::max(best, t.arrowFor(sq, b.from, b.to, nearFrom, nearTo));
    });
    return ((b.base + best) + t.bestToArrow) + std::max(t.w[L::kHem], 0.0f);
}

// Every block of pos with its base and bound, in blocks; returns the number of moves.
template <int N>
size_t listBoundedBlocks(const Position& pos, const PatternTables<N>& t,
                         std::vector<MoveBlock>& blocks) {
    const ArrowBands bands(t.arrowValue, pos.emptySquares());
    size_t total = 0;
    blocks.clear();
    forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
        total += popCount(arrows);
        MoveBlock b{arrows, t.base(from, to, room, arrows), 0.0f, static_cast<uint8_t>(from),
                    static_cast<uint8_t>(to)};
        b.bound = patternBlockBound<N>(b, t, bands);
        blocks.push_back(b);
    });
    return total;
}

template <int N>
size_t scorePatternN(const Position& pos, std::optional<Move> last, const PatternWeights& w,
                     size_t keep, std::vector<ScoredMove>& out) {
    out.clear();
    const PatternTables<N> t(pos, last, w);
    ScoreScratch& scr = patternScratch();
    TopScores top(keep, scr.top);
    size_t total = 0;
    if (!keep) {  // every move is listed: no bounds
        forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
            total += popCount(arrows);
            const MoveBlock b{arrows, t.base(from, to, room, arrows), kNoBound,
                              static_cast<uint8_t>(from), static_cast<uint8_t>(to)};
            scoreMoveBlock<N>(b, t, top, out);
        });
        return total;
    }
    std::vector<MoveBlock>& blocks = scr.blocks;
    total = listBoundedBlocks<N>(pos, t, blocks);
    auto lowerBound = [](const MoveBlock& a, const MoveBlock& b) { return a.bound < b.bound; };
    std::make_heap(blocks.begin(), blocks.end(), lowerBound);
    for (auto end = blocks.end(); end != blocks.begin(); --end) {
        if (blocks.front().bound < top.threshold()) break;
        std::pop_heap(blocks.begin(), end, lowerBound);
        scoreMoveBlock<N>(*(end - 1), t, top, out);
    }
    // The bounded listing keeps at least the `keep` best (or every move, when fewer).
    HIPPOLYTA_ASSERT(out.size() >= std::min<size_t>(keep, total));
    return total;
}

}  // namespace

size_t scoreBestMovesPattern(const Position& pos, std::optional<Move> lastMove,
                             const PatternWeights& w, size_t keep, std::vector<ScoredMove>& out) {
    return withBoardSize(pos.width(), [&](auto size) {
        return scorePatternN<decltype(size)::value>(pos, lastMove, w, keep, out);
    });
}

}  // namespace hippolyta
