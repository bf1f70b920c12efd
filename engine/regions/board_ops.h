// Compile-time bitboard operations for boards N columns wide (N is the row stride): every shift
// amount and wrap mask is a constant, so a 128-bit shift is two instructions. Queen fills are
// per-direction Kogge-Stone occluded fills (fixed cost, no loops over squares). Use
// withBoardSize() to dispatch a runtime width to the right instantiation. One instantiation
// serves every height: the masks span N columns by kMaxBoardSize rows, so results may hold
// squares above the board's top row; callers keep only what they intersect with the board's own
// squares (empty squares, amazons), as every caller does.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "engine/core/bitboard.h"

namespace hippolyta {

template <int N>
struct BoardOps {
    static_assert(N >= kMinBoardSize && N <= kMaxBoardSize);
    static constexpr int kSquares = N * kMaxBoardSize;  // the tallest board N wide

    static constexpr Bitboard colMask(int c) {
        Bitboard m = 0;
        for (int r = 0; r < kMaxBoardSize; ++r)
            m |= squareBit(r * N + c);
        return m;
    }
    static constexpr Bitboard kBoard = (Bitboard{1} << kSquares) - 1;
    static constexpr Bitboard kNotFirstCol = kBoard & ~colMask(0);
    static constexpr Bitboard kNotLastCol = kBoard & ~colMask(N - 1);

    // Mask of destination squares that a step with column change Dc may land on without wrap.
    template <int Dc>
    static constexpr Bitboard destMask() {
        if constexpr (Dc > 0) return kNotFirstCol;
        if constexpr (Dc < 0) return kNotLastCol;
        return kBoard;
    }

    // Raw shift by K steps in direction (Dc, Dr): no masking.
    template <int Dc, int Dr, int K>
    static constexpr Bitboard rawShift(Bitboard b) {
        constexpr int delta = K * (Dr * N + Dc);
        if constexpr (delta > 0) return b << delta;
        if constexpr (delta < 0) return b >> -delta;
        return b;
    }

    // One step in direction (Dc, Dr), squares leaving the board dropped.
    template <int Dc, int Dr>
    static constexpr Bitboard step(Bitboard b) {
        return rawShift<Dc, Dr, 1>(b) & destMask<Dc>();
    }

    // Squares reached by sliding from any square of `from` in direction (Dc, Dr) through
    // `empty` (from must not intersect empty). Kogge-Stone: runs of 1, 2, 4 (and 8) steps.
    template <int Dc, int Dr>
    static Bitboard slide(Bitboard from, Bitboard empty) {
        Bitboard pro = empty & destMask<Dc>();
        Bitboard gen = from;
        gen |= pro & rawShift<Dc, Dr, 1>(gen);
        pro &= rawShift<Dc, Dr, 1>(pro);
        gen |= pro & rawShift<Dc, Dr, 2>(gen);
        // Rays across a row or a diagonal have at most N - 1 steps; along a file, as many as
        // the board is tall.
        if constexpr (N > 4 || Dc == 0) {  // rays longer than 3
            pro &= rawShift<Dc, Dr, 2>(pro);
            gen |= pro & rawShift<Dc, Dr, 4>(gen);
        }
        if constexpr (N > 8 || Dc == 0) {  // rays longer than 7
            pro &= rawShift<Dc, Dr, 4>(pro);
            gen |= pro & rawShift<Dc, Dr, 8>(gen);
        }
        return gen & empty;
    }

    // All empty squares one queen move away from some square of `from`.
    static Bitboard queenReach(Bitboard from, Bitboard empty) {
        return slide<1, 0>(from, empty) | slide<-1, 0>(from, empty) | slide<0, 1>(from, empty) |
               slide<0, -1>(from, empty) | slide<1, 1>(from, empty) | slide<-1, -1>(from, empty) |
               slide<1, -1>(from, empty) | slide<-1, 1>(from, empty);
    }

    // The queen rays of single squares: ray[d][sq] holds the squares beyond sq in direction d
    // up to the edge of the tallest board N wide; directions 0..3 raise the square index,
    // 4..7 lower it. Entry 127 (never a square) has an empty ray: it is queenReachFrom's
    // sentinel blocker upwards, as square 0 (whose downward rays are empty) is downwards.
    struct Rays {
        Bitboard ray[8][128];
    };
    static constexpr Rays makeRays() {
        constexpr int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
        constexpr int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
        Rays r{};
        for (int d = 0; d < 8; ++d)
            for (int sq = 0; sq < kSquares; ++sq)
                for (int c = sq % N + dc[d], row = sq / N + dr[d];
                     c >= 0 && c < N && row >= 0 && row < kMaxBoardSize; c += dc[d], row += dr[d])
                    r.ray[d][sq] |= squareBit(row * N + c);
        return r;
    }
    static constexpr Rays kRays = makeRays();

    // queenReach(squareBit(sq), empty & ~squareBit(sq)), from the rays: per direction the
    // first square not empty ends the ray; whether empty holds sq itself does not matter (an
    // amazon's own square, or its landing square with the amazon on it). Faster than the fills
    // for one square.
    static Bitboard queenReachFrom(int sq, Bitboard empty) {
        static_assert(kSquares < 127, "square 127 is the rays' sentinel");
        const Bitboard blocked = ~empty;
        Bitboard reach = 0;
        for (int d = 0; d < 4; ++d) {
            const Bitboard ray = kRays.ray[d][sq];
            reach |= ray ^ kRays.ray[d][lowestSquare((ray & blocked) | squareBit(127))];
        }
        for (int d = 4; d < 8; ++d) {
            const Bitboard ray = kRays.ray[d][sq];
            reach |= ray ^ kRays.ray[d][highestSquare((ray & blocked) | Bitboard{1})];
        }
        return reach & empty;
    }

    // Every square a king step away from some square of b.
    static Bitboard kingNeighbours(Bitboard b) {
        const Bitboard row = step<1, 0>(b) | step<-1, 0>(b);
        const Bitboard wide = row | b;
        return row | step<0, 1>(wide) | step<0, -1>(wide);
    }

    // Squares a king step away from b, including b: cheaper when b's own squares do not matter.
    static Bitboard kingDilate(Bitboard b) {
        const Bitboard row =
            b | (rawShift<1, 0, 1>(b) & kNotFirstCol) | (rawShift<-1, 0, 1>(b) & kNotLastCol);
        return (row | rawShift<0, 1, 1>(row) | rawShift<0, -1, 1>(row)) & kBoard;
    }

    // Bit-sliced count of the empty king-neighbours of every square: plane[i] holds bit i of
    // the count (0..8).
    static void neighbourCountPlanes(Bitboard empty, Bitboard plane[4]) {
        const Bitboard n[8] = {step<1, 0>(empty),  step<-1, 0>(empty), step<0, 1>(empty),
                               step<0, -1>(empty), step<1, 1>(empty),  step<-1, -1>(empty),
                               step<1, -1>(empty), step<-1, 1>(empty)};
        Bitboard p0 = 0, p1 = 0, p2 = 0, p3 = 0;
        for (const Bitboard x : n) {
            const Bitboard c0 = p0 & x;
            p0 ^= x;
            const Bitboard c1 = p1 & c0;
            p1 ^= c0;
            const Bitboard c2 = p2 & c1;
            p2 ^= c1;
            p3 |= c2;
        }
        plane[0] = p0;
        plane[1] = p1;
        plane[2] = p2;
        plane[3] = p3;
    }
};

// Queen distance of every empty square from `amazons` (the number of queen moves through
// empty squares), `unreached` where none gets there.
template <int N>
void queenDistanceTable(Bitboard amazons, Bitboard empty, uint8_t unreached,
                        std::array<uint8_t, kMaxSquares>& d) {
    d.fill(unreached);
    Bitboard frontier = amazons;
    for (uint8_t k = 1; frontier; ++k) {
        frontier = BoardOps<N>::queenReach(frontier, empty);
        empty &= ~frontier;
        forEachSquare(frontier, [&](int sq) { d[sq] = k; });
    }
}

// Calls f(std::integral_constant<int, N>()) with N = n (a board's width, Position::width()), so
// that a generic lambda can read its N as decltype(argument)::value; throws for unsupported sizes.
template <typename F>
decltype(auto) withBoardSize(int n, F&& f) {
    switch (n) {
        case 4:
            return f(std::integral_constant<int, 4>());
        case 5:
            return f(std::integral_constant<int, 5>());
        case 6:
            return f(std::integral_constant<int, 6>());
        case 7:
            return f(std::integral_constant<int, 7>());
        case 8:
            return f(std::integral_constant<int, 8>());
        case 9:
            return f(std::integral_constant<int, 9>());
        case 10:
            return f(std::integral_constant<int, 10>());
        case 11:
            return f(std::integral_constant<int, 11>());
        default:
            throw std::out_of_range("unsupported board size");
    }
}

}  // namespace hippolyta
