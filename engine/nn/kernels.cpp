#include "engine/nn/kernels.h"

#include <algorithm>
#include <cstddef>

namespace hippolyta {

bool avx2Supported() {
#if defined(__x86_64__) || defined(__i386__)
    static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    return supported;
#else
    return false;
#endif
}

NnKernels resolveKernels(NnKernels k) {
    if (k == NnKernels::Generic) return k;
    return avx2Supported() ? NnKernels::Avx2 : NnKernels::Generic;
}

namespace {

// Square (row, col) of P positions of the batch, side by side: each weight row is read once for
// all P (the batch's gain), and each position sums in the order it would alone.
template <int P>
void convSquare(const Conv3x3& c, const float* in, const float* residual, bool relu, float* out,
                int row, int col) {
    const size_t squares = static_cast<size_t>(c.n) * c.n;
    const size_t inBoard = squares * c.cin, outBoard = squares * c.cout;
    float acc[P][256];
    for (int p = 0; p < P; ++p)
        std::copy(c.bias, c.bias + c.cout, acc[p]);
    for (int tap = 0; tap < 9; ++tap) {
        const int r = row + tap / 3 - 1, q = col + tap % 3 - 1;
        if (r < 0 || q < 0 || r >= c.n || q >= c.n) continue;
        const float* x = in + (r * c.n + q) * c.cin;
        const float* w = c.weights + tap * c.cin * c.cout;
        for (int ci = 0; ci < c.cin; ++ci, w += c.cout) {
            float xv[P];
            for (int p = 0; p < P; ++p)
                xv[p] = x[p * inBoard + ci];
            for (int co = 0; co < c.cout; ++co) {
                const float wv = w[co];
                for (int p = 0; p < P; ++p)
                    acc[p][co] += xv[p] * wv;
            }
        }
    }
    const size_t at = static_cast<size_t>(row * c.n + col) * c.cout;
    for (int p = 0; p < P; ++p)
        for (int co = 0; co < c.cout; ++co) {
            const size_t i = p * outBoard + at + co;
            const float v = acc[p][co] + (residual ? residual[i] : 0.0f);
            out[i] = relu ? std::max(v, 0.0f) : v;
        }
}

template <int P>
void convPositions(const Conv3x3& c, const float* in, const float* residual, bool relu,
                   float* out) {
    for (int row = 0; row < c.n; ++row)
        for (int col = 0; col < c.n; ++col)
            convSquare<P>(c, in, residual, relu, out, row, col);
}

}  // namespace

void conv3x3Generic(const Conv3x3& c, const float* in, const float* residual, bool relu,
                    float* out) {
    const size_t squares = static_cast<size_t>(c.n) * c.n;
    // Up to 4 positions at a time: their accumulators stay in L1.
    for (int p = 0; p < c.batch;) {
        const int left = c.batch - p;
        const int take = std::min(left, 4);
        const float* res = residual ? residual + p * squares * c.cout : nullptr;
        const float* src = in + p * squares * c.cin;
        float* dst = out + p * squares * c.cout;
        if (take == 4)
            convPositions<4>(c, src, res, relu, dst);
        else if (take == 3)
            convPositions<3>(c, src, res, relu, dst);
        else if (take == 2)
            convPositions<2>(c, src, res, relu, dst);
        else
            convPositions<1>(c, src, res, relu, dst);
        p += take;
    }
}

}  // namespace hippolyta
