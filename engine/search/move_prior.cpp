#include "engine/search/move_prior.h"

#include <algorithm>
#include <functional>
#include <limits>

#include "engine/search/move_prior_internal.h"

namespace hippolyta {

namespace {

using namespace prior_detail;

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

// Appends to out the moves of one block that can still be among the best (those not below
// top's threshold), and offers each to top.
template <int N>
void scoreBlock(const MoveBlock& b, const PriorWeights& w,
                const std::array<float, kMaxSquares>& arrowValue, TopScores& top,
                std::vector<ScoredMove>& out) {
    using Ops = BoardOps<N>;
    const Bitboard nearTo = Ops::kingNeighbours(squareBit(b.to));
    const Bitboard nearFrom = Ops::kingNeighbours(squareBit(b.from));
    listBlockMoves(b, top, out, [&](int arrow) {
        float v = b.base;
        if (arrow == b.from)
            v += w[L::kBack];
        else
            v += arrowValue[arrow] + (testBit(nearFrom, arrow) ? w[L::kBesideFrom] : 0.0f);
        if (testBit(nearTo, arrow)) v += w[L::kHem];
        return v;
    });
}

// Scores the moves of pos into out and returns how many legal moves there are. With keep > 0,
// a (from, to) block whose every move scores below the keep-th best score so far is counted
// but not listed: out then holds every move that can be among the keep best, so that sorting
// it (by a total order) gives the same first keep moves as sorting them all. The blocks are
// then scored best bound first, so the keep-th best rises early and most blocks are skipped.
template <int N>
size_t scoreN(const Position& pos, const PriorWeights& w, size_t keep,
              std::vector<ScoredMove>& out) {
    out.clear();
    const SquareFacts s = squareFacts<N>(pos);
    std::array<float, kMaxSquares> arrowValue{}, landValue{};
    forEachSquare(pos.emptySquares(), [&](int sq) {
        arrowValue[sq] = squareValue(w, L::kArrow, s, sq);
        landValue[sq] = squareValue(w, L::kLand, s, sq);
    });
    auto baseOf = [&](int to, int room) { return w[L::kRoom + roomBucket(room)] + landValue[to]; };
    ScoreScratch& scr = scratch();
    TopScores top(keep, scr.top);
    size_t total = 0;
    if (!keep) {  // every move is listed: no bounds, each block scored as it comes
        forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
            total += popCount(arrows);
            const MoveBlock b{arrows, baseOf(to, room), kNoBound, static_cast<uint8_t>(from),
                              static_cast<uint8_t>(to)};
            scoreBlock<N>(b, w, arrowValue, top, out);
        });
        return total;
    }
    const ArrowBands bands(arrowValue, pos.emptySquares());
    // Float addition rounds monotonically, so adding the largest terms, in the order the
    // scores add theirs, bounds every score of a block. The largest shot is the best arrow
    // beside the origin (which adds that bonus), the best elsewhere, or the shot back home.
    auto bestShot = [&](int from, Bitboard arrows) {
        const Bitboard nearFrom = BoardOps<N>::kingNeighbours(squareBit(from));
        arrows &= ~squareBit(from);
        return std::max({bands.bestOf(arrows & nearFrom) + w[L::kBesideFrom],
                         bands.bestOf(arrows & ~nearFrom), w[L::kBack]});
    };
    const float hemBonus = std::max(w[L::kHem], 0.0f);
    std::vector<MoveBlock>& blocks = scr.blocks;
    blocks.clear();
    forEachAmazonMove<N>(pos, [&](int from, int to, Bitboard arrows, int room) {
        const float base = baseOf(to, room);
        total += popCount(arrows);
        blocks.push_back({arrows, base, (base + bestShot(from, arrows)) + hemBonus,
                          static_cast<uint8_t>(from), static_cast<uint8_t>(to)});
    });
    // Best bound first, from a heap: only the few blocks that can matter are ever popped.
    auto lowerBound = [](const MoveBlock& a, const MoveBlock& b) { return a.bound < b.bound; };
    std::make_heap(blocks.begin(), blocks.end(), lowerBound);
    for (auto end = blocks.end(); end != blocks.begin(); --end) {
        if (blocks.front().bound < top.threshold()) break;
        std::pop_heap(blocks.begin(), end, lowerBound);
        scoreBlock<N>(*(end - 1), w, arrowValue, top, out);
    }
    return total;
}

}  // namespace

PriorWeights zeroPriorWeights() {
    PriorWeights w;
    w.fill(0.0f);
    return w;
}

// prior1 (engine/weights/candidates/prior1.weights): fitted by hippolyta-train prior to 35,775
// positions of 8x8 and 10x10 self-play; adopted after an SPRT (docs/learning-results.md,
// "Adopted changes"). The literals are the file's, so the shipped file and these defaults are
// the same floats.
PriorWeights fittedPriorWeights() {
    static const float kFitted[L::kCount] = {
        // arrow: class 0..9, opponent amazons adjacent 0..3, own adjacent 0..3, empty neighbours
        0.0f, -0.027808846905827522f, 0.0f, -0.09521720558404922f, -0.2358683943748474f,
        -0.510864794254303f, 0.23433756828308105f, 0.5175302028656006f, 0.0f, 0.0f,
        -0.5657767653465271f, 0.07433599978685379f, 0.36509081721305847f, 0.008458464406430721f,
        0.37137317657470703f, -0.12866008281707764f, -0.3350606858730316f, -0.0255439355969429f,
        -0.02185884304344654f,
        // landing square: the same block
        0.0f, -0.1709338128566742f, 0.0f, -0.18395714461803436f, -0.06510108709335327f,
        -0.0731302946805954f, 0.4931223392486572f, 0.0f, 0.0f, 0.0f, -0.20367830991744995f,
        0.1330849677324295f, 0.07365027815103531f, -0.0030569417867809534f, 0.13292916119098663f,
        0.2003631591796875f, -0.2758999466896057f, -0.05739236995577812f, 0.29812029004096985f,
        // the moving amazon's room, buckets 0..5
        1.4772058725357056f, 0.9698560237884521f, 0.5140121579170227f, -0.27878159284591675f,
        -1.0466176271438599f, -1.6356748342514038f,
        // hem, back, beside_from
        -0.3268500566482544f, 0.11789152026176453f, 0.4010753333568573f};
    PriorWeights w;
    std::copy(std::begin(kFitted), std::end(kFitted), w.begin());
    return w;
}

void moveFeatures(const Position& pos, std::vector<MoveFeatures>& out) {
    withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        featuresN<N>(pos, out);
    });
}

void scoreMovesLearned(const Position& pos, const PriorWeights& weights,
                       std::vector<ScoredMove>& out) {
    scoreBestMovesLearned(pos, weights, 0, out);
}

size_t scoreBestMovesLearned(const Position& pos, const PriorWeights& weights, size_t keep,
                             std::vector<ScoredMove>& out) {
    size_t total = 0;
    withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;
        total = scoreN<N>(pos, weights, keep, out);
    });
    return total;
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
