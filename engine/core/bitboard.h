// 128-bit bitboards: square index = row * width + col, row 0 at the bottom (rank 1), col 0 =
// file a.
#pragma once

#include <cstdint>

#include "engine/core/assert.h"
#include "engine/core/portable.h"

namespace hippolyta {

using Bitboard = unsigned __int128;

constexpr int kMinBoardSize = 4;
constexpr int kMaxBoardSize = 11;
constexpr int kMaxSquares = kMaxBoardSize * kMaxBoardSize;
constexpr int kDefaultBoardSize = 10;

// A board of `width` columns by `height` rows, each kMinBoardSize..kMaxBoardSize. An int n
// converts to the square n x n board, so square-only callers keep passing a size.
struct BoardShape {
    int width = kDefaultBoardSize;
    int height = kDefaultBoardSize;

    constexpr BoardShape() = default;
    constexpr BoardShape(int n) : width(n), height(n) {}  // NOLINT: implicit on purpose
    constexpr BoardShape(int w, int h) : width(w), height(h) {}
    constexpr bool isSquare() const { return width == height; }
    constexpr int squareCount() const { return width * height; }
    constexpr bool isSupported() const {
        return width >= kMinBoardSize && width <= kMaxBoardSize && height >= kMinBoardSize &&
               height <= kMaxBoardSize;
    }
    friend constexpr bool operator==(BoardShape a, BoardShape b) {
        return a.width == b.width && a.height == b.height;
    }
    friend constexpr bool operator!=(BoardShape a, BoardShape b) { return !(a == b); }
};

constexpr Bitboard squareBit(int sq) {
    return Bitboard{1} << sq;
}

inline int popCount(Bitboard b) {
    return popCount64(static_cast<uint64_t>(b)) + popCount64(static_cast<uint64_t>(b >> 64));
}

// Index of the lowest set bit; b must not be empty.
inline int lowestSquare(Bitboard b) {
    HIPPOLYTA_ASSERT(b != 0);
    auto lo = static_cast<uint64_t>(b);
    return lo ? lowestBit64(lo) : 64 + lowestBit64(static_cast<uint64_t>(b >> 64));
}

// Index of the highest set bit; b must not be empty.
inline int highestSquare(Bitboard b) {
    HIPPOLYTA_ASSERT(b != 0);
    auto hi = static_cast<uint64_t>(b >> 64);
    return hi ? 64 + highestBit64(hi) : highestBit64(static_cast<uint64_t>(b));
}

// Removes and returns the lowest set bit's index.
inline int popLowest(Bitboard& b) {
    int sq = lowestSquare(b);
    b &= b - 1;
    return sq;
}

inline bool testBit(Bitboard b, int sq) {
    HIPPOLYTA_ASSERT(sq >= 0 && sq < 128);  // a shift past the width is undefined
    return (b >> sq) & 1;
}

// Calls f(square) for every set bit, lowest first.
template <typename F>
inline void forEachSquare(Bitboard b, F&& f) {
    while (b)
        f(popLowest(b));
}

}  // namespace hippolyta
