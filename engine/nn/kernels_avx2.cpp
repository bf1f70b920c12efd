// The AVX2/FMA convolution, compiled for AVX2 by function attributes so that the portable
// release build (x86-64-v2) carries it; called only where avx2Supported().
#include "engine/nn/kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

namespace hippolyta {

namespace {

// V vectors of 8 output channels, starting at co0, for W output squares side by side in one
// row (W = 2 shares each weight load between two squares); every tap of every square must be on
// the board or all of them skip it, which the caller ensures.
template <int V, int W>
__attribute__((target("avx2,fma"))) inline void convSquares(const Conv3x3& c, const float* in,
                                                            const float* residual, bool relu,
                                                            float* out, int row, int col, int co0) {
    __m256 acc[W][V];
    for (int s = 0; s < W; ++s)
        for (int v = 0; v < V; ++v)
            acc[s][v] = _mm256_loadu_ps(c.bias + co0 + 8 * v);
    for (int tap = 0; tap < 9; ++tap) {
        const int r = row + tap / 3 - 1, q = col + tap % 3 - 1;
        if (r < 0 || q < 0 || r >= c.n || q + W - 1 >= c.n) continue;
        const float* x = in + (r * c.n + q) * c.cin;
        const float* w = c.weights + tap * c.cin * c.cout + co0;
        for (int ci = 0; ci < c.cin; ++ci, w += c.cout) {
            __m256 wv[V];
            for (int v = 0; v < V; ++v)
                wv[v] = _mm256_loadu_ps(w + 8 * v);
            for (int s = 0; s < W; ++s) {
                const __m256 xv = _mm256_broadcast_ss(x + s * c.cin + ci);
                for (int v = 0; v < V; ++v)
                    acc[s][v] = _mm256_fmadd_ps(xv, wv[v], acc[s][v]);
            }
        }
    }
    const __m256 zero = _mm256_setzero_ps();
    for (int s = 0; s < W; ++s) {
        const int at = (row * c.n + col + s) * c.cout + co0;
        for (int v = 0; v < V; ++v) {
            __m256 sum = acc[s][v];
            if (residual) sum = _mm256_add_ps(sum, _mm256_loadu_ps(residual + at + 8 * v));
            if (relu) sum = _mm256_max_ps(sum, zero);
            _mm256_storeu_ps(out + at + 8 * v, sum);
        }
    }
}

// All output channels of W squares from (row, col), in chunks of at most 4 vectors (for a pair:
// 8 accumulators, 4 weights and a broadcast, within the 16 vector registers).
template <int W>
__attribute__((target("avx2,fma"))) inline void convRun(const Conv3x3& c, const float* in,
                                                        const float* residual, bool relu,
                                                        float* out, int row, int col) {
    for (int co0 = 0; co0 < c.cout;) {
        const int left = (c.cout - co0) / 8;
        if (left >= 4) {
            convSquares<4, W>(c, in, residual, relu, out, row, col, co0);
            co0 += 32;
        } else if (left == 3) {
            convSquares<3, W>(c, in, residual, relu, out, row, col, co0);
            co0 += 24;
        } else if (left == 2) {
            convSquares<2, W>(c, in, residual, relu, out, row, col, co0);
            co0 += 16;
        } else {
            convSquares<1, W>(c, in, residual, relu, out, row, col, co0);
            co0 += 8;
        }
    }
}

}  // namespace

__attribute__((target("avx2,fma"))) void conv3x3Avx2(const Conv3x3& c, const float* in,
                                                     const float* residual, bool relu, float* out) {
    // Edge columns alone (their taps differ from their neighbours'), the inside two by two.
    for (int row = 0; row < c.n; ++row) {
        convRun<1>(c, in, residual, relu, out, row, 0);
        int col = 1;
        for (; col + 1 < c.n - 1; col += 2)
            convRun<2>(c, in, residual, relu, out, row, col);
        for (; col < c.n; ++col)
            convRun<1>(c, in, residual, relu, out, row, col);
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
