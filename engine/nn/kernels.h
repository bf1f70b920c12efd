// The network's inner loops: a 3x3 convolution over a batch of n x n boards, channels last
// (activation[(position * n * n + square) * channels + channel]), with the bias, an optional
// residual added and an optional ReLU fused in. Two paths: a generic one (any CPU: the
// compiler's portable 4-float vectors, SSE on x86-64) and an AVX2/FMA one, chosen at run time by
// cpuid. They agree to rounding: FMA rounds once where the generic path rounds twice
// (tests/unit/nn_kernels_test.cpp bounds the gap). Each shares its weight loads between two
// positions of a batch, and gives a position of a batch exactly what it gets alone.
#pragma once

#include "engine/core/assert.h"

namespace hippolyta {

enum class NnKernels { Auto, Generic, Avx2 };

// Whether this CPU runs the AVX2/FMA path.
bool avx2Supported();
// Auto becomes Avx2 where supported, else Generic; Avx2 without support becomes Generic.
NnKernels resolveKernels(NnKernels k);

// Weights packed [tap = 3 * (dy + 1) + (dx + 1)][cin][cout]; cout a multiple of 8, at most 256.
// `batch` boards of n x n one after another; `residual` (or null) has out's layout; out must not
// alias in.
struct Conv3x3 {
    int n, cin, cout;
    const float* weights;
    const float* bias;
    int batch = 1;
};
void conv3x3Generic(const Conv3x3& c, const float* in, const float* residual, bool relu,
                    float* out);
void conv3x3Avx2(const Conv3x3& c, const float* in, const float* residual, bool relu, float* out);

inline void conv3x3(NnKernels k, const Conv3x3& c, const float* in, const float* residual,
                    bool relu, float* out) {
    // The kernels' accumulators and output blocks assume whole vectors of 8 and at most 256
    // channels; the net file's reader refuses other shapes before a kernel ever runs.
    HIPPOLYTA_ASSERT(c.cout % 8 == 0 && c.cout > 0 && c.cout <= 256 && c.cin > 0);
    HIPPOLYTA_ASSERT(c.batch >= 1 && in != out);
    if (k == NnKernels::Avx2)
        conv3x3Avx2(c, in, residual, relu, out);
    else
        conv3x3Generic(c, in, residual, relu, out);
}

}  // namespace hippolyta
