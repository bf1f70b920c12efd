// The AVX2/FMA convolution, compiled for AVX2 by function attributes so that the portable
// release build (x86-64-v2) carries it; called only where avx2Supported().
#include "engine/nn/kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#include <cstddef>

namespace hippolyta {

namespace {

// W output squares computed together, each weight load shared by all W: square s reads its
// input at in + s * inStep and writes at out + s * outStep. Either W neighbours in one row
// (steps of one square, `span` W columns) or the same square of W positions of the batch
// (steps of one board, span 1). Every tap of every square must be on the board or all of them
// skip it: the span's columns decide.
struct Squares {
    int row, col, span;
    size_t inStep, outStep;
};

// V vectors of 8 output channels, starting at co0, for the W squares of g.
template <int V, int W>
__attribute__((target("avx2,fma"))) inline void convSquares(const Conv3x3& c, const float* in,
                                                            const float* residual, bool relu,
                                                            float* out, const Squares& g, int co0) {
    __m256 acc[W][V];
    for (int s = 0; s < W; ++s)
        for (int v = 0; v < V; ++v)
            acc[s][v] = _mm256_loadu_ps(c.bias + co0 + 8 * v);
    for (int tap = 0; tap < 9; ++tap) {
        const int r = g.row + tap / 3 - 1, q = g.col + tap % 3 - 1;
        if (r < 0 || q < 0 || r >= c.n || q + g.span - 1 >= c.n) continue;
        const float* x = in + (r * c.n + q) * c.cin;
        const float* w = c.weights + tap * c.cin * c.cout + co0;
        for (int ci = 0; ci < c.cin; ++ci, w += c.cout) {
            __m256 wv[V];
            for (int v = 0; v < V; ++v)
                wv[v] = _mm256_loadu_ps(w + 8 * v);
            for (int s = 0; s < W; ++s) {
                const __m256 xv = _mm256_broadcast_ss(x + s * g.inStep + ci);
                for (int v = 0; v < V; ++v)
                    acc[s][v] = _mm256_fmadd_ps(xv, wv[v], acc[s][v]);
            }
        }
    }
    const __m256 zero = _mm256_setzero_ps();
    const size_t at = static_cast<size_t>(g.row * c.n + g.col) * c.cout + co0;
    for (int s = 0; s < W; ++s) {
        const size_t o = at + s * g.outStep;
        for (int v = 0; v < V; ++v) {
            __m256 sum = acc[s][v];
            if (residual) sum = _mm256_add_ps(sum, _mm256_loadu_ps(residual + o + 8 * v));
            if (relu) sum = _mm256_max_ps(sum, zero);
            _mm256_storeu_ps(out + o + 8 * v, sum);
        }
    }
}

// All output channels of W squares, in chunks of at most 4 vectors (for a pair: 8
// accumulators, 4 weights and a broadcast, within the 16 vector registers).
template <int W>
__attribute__((target("avx2,fma"))) inline void convRun(const Conv3x3& c, const float* in,
                                                        const float* residual, bool relu,
                                                        float* out, const Squares& g) {
    for (int co0 = 0; co0 < c.cout;) {
        const int left = (c.cout - co0) / 8;
        if (left >= 4) {
            convSquares<4, W>(c, in, residual, relu, out, g, co0);
            co0 += 32;
        } else if (left == 3) {
            convSquares<3, W>(c, in, residual, relu, out, g, co0);
            co0 += 24;
        } else if (left == 2) {
            convSquares<2, W>(c, in, residual, relu, out, g, co0);
            co0 += 16;
        } else {
            convSquares<1, W>(c, in, residual, relu, out, g, co0);
            co0 += 8;
        }
    }
}

// One position: edge columns alone (their taps differ from their neighbours'), the inside two
// by two.
__attribute__((target("avx2,fma"))) void convOne(const Conv3x3& c, const float* in,
                                                 const float* residual, bool relu, float* out) {
    const size_t inStep = c.cin, outStep = c.cout;
    for (int row = 0; row < c.n; ++row) {
        convRun<1>(c, in, residual, relu, out, Squares{row, 0, 1, inStep, outStep});
        int col = 1;
        for (; col + 1 < c.n - 1; col += 2)
            convRun<2>(c, in, residual, relu, out, Squares{row, col, 2, inStep, outStep});
        for (; col < c.n; ++col)
            convRun<1>(c, in, residual, relu, out, Squares{row, col, 1, inStep, outStep});
    }
}

// Two positions: every square, edges included, paired with the same square of the other board,
// whose taps are the same.
__attribute__((target("avx2,fma"))) void convPair(const Conv3x3& c, const float* in,
                                                  const float* residual, bool relu, float* out) {
    const size_t squares = static_cast<size_t>(c.n) * c.n;
    const Squares g0{0, 0, 1, squares * c.cin, squares * c.cout};
    for (int row = 0; row < c.n; ++row)
        for (int col = 0; col < c.n; ++col) {
            Squares g = g0;
            g.row = row;
            g.col = col;
            convRun<2>(c, in, residual, relu, out, g);
        }
}

}  // namespace

__attribute__((target("avx2,fma"))) void conv3x3Avx2(const Conv3x3& c, const float* in,
                                                     const float* residual, bool relu, float* out) {
    const size_t squares = static_cast<size_t>(c.n) * c.n;
    const size_t inBoard = squares * c.cin, outBoard = squares * c.cout;
    int p = 0;
    for (; p < c.batch; p += 2) {
        const float* res = residual ? residual + p * outBoard : nullptr;
        if (p + 1 < c.batch)
            convPair(c, in + p * inBoard, res, relu, out + p * outBoard);
        else
            convOne(c, in + p * inBoard, res, relu, out + p * outBoard);
    }
}

}  // namespace hippolyta

#else

namespace hippolyta {
void conv3x3Avx2(const Conv3x3& c, const float* in, const float* residual, bool relu, float* out) {
    conv3x3Generic(c, in, residual, relu, out);
}
}  // namespace hippolyta

#endif
