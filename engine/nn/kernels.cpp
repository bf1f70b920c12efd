#include "engine/nn/kernels.h"

#include <algorithm>
#include <cstddef>
#include <cstring>

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

// Four floats, in the compiler's portable vector extension: SSE on x86-64, NEON on ARM.
typedef float Vec4 __attribute__((vector_size(16)));

Vec4 load4(const float* p) {
    Vec4 v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

void store4(float* p, Vec4 v) {
    std::memcpy(p, &v, sizeof v);
}

// V vectors of 4 output channels from co0, of square (row, col) of P positions side by side:
// the accumulators stay in registers (V * P = 8 of the 16) and each weight vector is loaded once
// for the P positions (the batch's gain). Each output sums in the order it would alone, so a
// position of a batch gets exactly what it gets alone.
template <int V, int P>
void convBlock(const Conv3x3& c, const float* in, const float* residual, bool relu, float* out,
               int row, int col, int co0) {
    const size_t squares = static_cast<size_t>(c.n) * c.n;
    const size_t inBoard = squares * c.cin, outBoard = squares * c.cout;
    Vec4 acc[P][V];
    for (int p = 0; p < P; ++p)
        for (int v = 0; v < V; ++v)
            acc[p][v] = load4(c.bias + co0 + 4 * v);
    for (int tap = 0; tap < 9; ++tap) {
        const int r = row + tap / 3 - 1, q = col + tap % 3 - 1;
        if (r < 0 || q < 0 || r >= c.n || q >= c.n) continue;
        const float* x = in + (r * c.n + q) * c.cin;
        const float* w = c.weights + tap * c.cin * c.cout + co0;
        for (int ci = 0; ci < c.cin; ++ci, w += c.cout) {
            Vec4 xv[P];
            for (int p = 0; p < P; ++p) {
                const float xs = x[p * inBoard + ci];
                xv[p] = Vec4{xs, xs, xs, xs};
            }
            for (int v = 0; v < V; ++v) {
                const Vec4 wv = load4(w + 4 * v);
                for (int p = 0; p < P; ++p)
                    acc[p][v] += xv[p] * wv;
            }
        }
    }
    const size_t at = static_cast<size_t>(row * c.n + col) * c.cout + co0;
    const Vec4 zero = {0, 0, 0, 0};
    for (int p = 0; p < P; ++p)
        for (int v = 0; v < V; ++v) {
            float* o = out + p * outBoard + at + 4 * v;
            Vec4 sum = acc[p][v];
            if (residual) sum += load4(residual + (o - out));
            if (relu) sum = sum > zero ? sum : zero;
            store4(o, sum);
        }
}

// Every square of P positions (1 or 2), the output channels in blocks of 8 / P vectors (32 or 16
// channels), then of 16 and 8 (cout is a multiple of 8).
template <int P>
void convPositions(const Conv3x3& c, const float* in, const float* residual, bool relu,
                   float* out) {
    constexpr int kVectors = 8 / P;
    for (int row = 0; row < c.n; ++row)
        for (int col = 0; col < c.n; ++col) {
            int co0 = 0;
            for (; co0 + 4 * kVectors <= c.cout; co0 += 4 * kVectors)
                convBlock<kVectors, P>(c, in, residual, relu, out, row, col, co0);
            if (co0 + 16 <= c.cout) {
                convBlock<4, P>(c, in, residual, relu, out, row, col, co0);
                co0 += 16;
            }
            if (co0 < c.cout) convBlock<2, P>(c, in, residual, relu, out, row, col, co0);
        }
}

}  // namespace

void conv3x3Generic(const Conv3x3& c, const float* in, const float* residual, bool relu,
                    float* out) {
    // Positions in pairs: more (4 at 2 vectors each) measured slower, the broadcasts outgrowing
    // the weight loads they save.
    const size_t inBoard = static_cast<size_t>(c.n) * c.n * c.cin;
    const size_t outBoard = static_cast<size_t>(c.n) * c.n * c.cout;
    for (int p = 0; p < c.batch; p += 2) {
        const float* res = residual ? residual + p * outBoard : nullptr;
        if (p + 1 < c.batch)
            convPositions<2>(c, in + p * inBoard, res, relu, out + p * outBoard);
        else
            convPositions<1>(c, in + p * inBoard, res, relu, out + p * outBoard);
    }
}

}  // namespace hippolyta
