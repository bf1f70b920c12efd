// The AVX2/FMA convolution, compiled for AVX2 by function attributes so that the portable
// release build (x86-64-v2) carries it; called only where avx2Supported().
#include "engine/nn/kernels.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

namespace hippolyta {

namespace {

// V vectors of 8 output channels, starting at co0, for one output square.
template <int V>
__attribute__((target("avx2,fma"))) inline void convSquare(const Conv3x3& c, const float* in,
                                                           const float* residual, bool relu,
                                                           float* out, int row, int col, int co0) {
    __m256 acc[V];
    for (int v = 0; v < V; ++v)
        acc[v] = _mm256_loadu_ps(c.bias + co0 + 8 * v);
    for (int tap = 0; tap < 9; ++tap) {
        const int r = row + tap / 3 - 1, q = col + tap % 3 - 1;
        if (r < 0 || q < 0 || r >= c.n || q >= c.n) continue;
        const float* x = in + (r * c.n + q) * c.cin;
        const float* w = c.weights + tap * c.cin * c.cout + co0;
        for (int ci = 0; ci < c.cin; ++ci, w += c.cout) {
            const __m256 xv = _mm256_broadcast_ss(x + ci);
            for (int v = 0; v < V; ++v)
                acc[v] = _mm256_fmadd_ps(xv, _mm256_loadu_ps(w + 8 * v), acc[v]);
        }
    }
    const int at = (row * c.n + col) * c.cout + co0;
    const __m256 zero = _mm256_setzero_ps();
    for (int v = 0; v < V; ++v) {
        __m256 s = acc[v];
        if (residual) s = _mm256_add_ps(s, _mm256_loadu_ps(residual + at + 8 * v));
        if (relu) s = _mm256_max_ps(s, zero);
        _mm256_storeu_ps(out + at + 8 * v, s);
    }
}

}  // namespace

__attribute__((target("avx2,fma"))) void conv3x3Avx2(const Conv3x3& c, const float* in,
                                                     const float* residual, bool relu, float* out) {
    for (int row = 0; row < c.n; ++row)
        for (int col = 0; col < c.n; ++col)
            for (int co0 = 0; co0 < c.cout;) {
                const int left = (c.cout - co0) / 8;
                if (left >= 4) {
                    convSquare<4>(c, in, residual, relu, out, row, col, co0);
                    co0 += 32;
                } else if (left == 3) {
                    convSquare<3>(c, in, residual, relu, out, row, col, co0);
                    co0 += 24;
                } else if (left == 2) {
                    convSquare<2>(c, in, residual, relu, out, row, col, co0);
                    co0 += 16;
                } else {
                    convSquare<1>(c, in, residual, relu, out, row, col, co0);
                    co0 += 8;
                }
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
