#include "engine/nn/kernels.h"

#include <algorithm>

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

void conv3x3Generic(const Conv3x3& c, const float* in, const float* residual, bool relu,
                    float* out) {
    float acc[256];
    for (int row = 0; row < c.n; ++row)
        for (int col = 0; col < c.n; ++col) {
            const int sq = row * c.n + col;
            std::copy(c.bias, c.bias + c.cout, acc);
            for (int tap = 0; tap < 9; ++tap) {
                const int r = row + tap / 3 - 1, q = col + tap % 3 - 1;
                if (r < 0 || q < 0 || r >= c.n || q >= c.n) continue;
                const float* x = in + (r * c.n + q) * c.cin;
                const float* w = c.weights + tap * c.cin * c.cout;
                for (int ci = 0; ci < c.cin; ++ci, w += c.cout)
                    for (int co = 0; co < c.cout; ++co)
                        acc[co] += x[ci] * w[co];
            }
            float* o = out + sq * c.cout;
            for (int co = 0; co < c.cout; ++co) {
                float v = acc[co] + (residual ? residual[sq * c.cout + co] : 0.0f);
                o[co] = relu ? std::max(v, 0.0f) : v;
            }
        }
}

}  // namespace hippolyta
