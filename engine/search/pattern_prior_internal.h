// What the pattern prior's feature lister (pattern_prior.cpp) and scorer (pattern_scorer.cpp)
// share: the board's cells from the mover's view, ring codes, distance buckets. Internal to
// engine/search.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <vector>

#include "engine/search/move_prior_internal.h"
#include "engine/search/pattern_prior.h"

namespace hippolyta {
namespace prior_detail {

using PL = PatternLayout;

// Each square's ring state (kRingEmpty, kRingBlocked for arrows, kRingOwn, kRingOpp).
using Cells = std::array<uint8_t, kMaxSquares>;

inline Cells cellsOf(const Position& pos) {
    Cells c{};
    const Color me = pos.sideToMove();
    forEachSquare(pos.arrows(), [&](int sq) { c[sq] = kRingBlocked; });
    forEachSquare(pos.amazons(me), [&](int sq) { c[sq] = kRingOwn; });
    forEachSquare(pos.amazons(opposite(me)), [&](int sq) { c[sq] = kRingOpp; });
    return c;
}

// The ring code of sq on a board N wide and `height` tall (off-board neighbours are blocked).
template <int N>
uint16_t ringCodeAt(const Cells& cells, int sq, int height) {
    const int col = sq % N, row = sq / N;
    unsigned code = 0;
    for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
            if (!dc && !dr) continue;
            const int c = col + dc, r = row + dr;
            const unsigned s = c < 0 || c >= N || r < 0 || r >= height
                                   ? static_cast<unsigned>(kRingBlocked)
                                   : cells[static_cast<size_t>(r * N + c)];
            code |= s << (2 * ringIndex(dc, dr));
        }
    return static_cast<uint16_t>(code);
}

template <int N>
int chebyshev(int a, int b) {
    return std::max(std::abs(a % N - b % N), std::abs(a / N - b / N));
}

// The shift of neighbour `other`'s two bits in the ring of `centre` (they must be neighbours).
template <int N>
int ringShift(int centre, int other) {
    return 2 * ringIndex(other % N - centre % N, other / N - centre / N);
}

inline int distanceBucket(int d) {
    return std::min(d, PL::kDistances) - 1;
}

// distanceBucket(chebyshev(a, b)) for every pair of squares of boards N wide, at
// [a * kMaxSquares + b]: built once, read by the scorer's inner loop.
template <int N>
const uint8_t* distanceBuckets() {
    static const std::vector<uint8_t> table = [] {
        std::vector<uint8_t> t(static_cast<size_t>(kMaxSquares) * kMaxSquares, 0);
        for (int a = 0; a < kMaxSquares; ++a)
            for (int b = 0; b < kMaxSquares; ++b)
                if (a != b)
                    t[static_cast<size_t>(a * kMaxSquares + b)] =
                        static_cast<uint8_t>(distanceBucket(chebyshev<N>(a, b)));
        return t;
    }();
    return table.data();
}

// The near-last-move bucket of every square (-1: no last move known).
template <int N>
std::array<int8_t, kMaxSquares> nearBuckets(std::optional<Move> last, int squares) {
    std::array<int8_t, kMaxSquares> b;
    b.fill(-1);
    if (!last) return b;
    for (int sq = 0; sq < squares; ++sq) {
        const int d = std::min(chebyshev<N>(sq, last->to), chebyshev<N>(sq, last->arrow));
        b[static_cast<size_t>(sq)] = static_cast<int8_t>(std::min(std::max(d, 1), PL::kNear) - 1);
    }
    return b;
}

}  // namespace prior_detail
}  // namespace hippolyta
