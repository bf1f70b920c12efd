// The convolution kernels (engine/nn/kernels.h) on random data: the AVX2 path equals the generic
// one on every one of its paths, and a batch of boards gives each board what it gets alone.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "engine/nn/kernels.h"

namespace hippolyta {
namespace {

struct ConvCase {
    int n, cin, cout, batch;
    std::vector<float> weights, bias, in, residual;

    ConvCase(int n_, int cin_, int cout_, int batch_, unsigned seed)
        : n(n_), cin(cin_), cout(cout_), batch(batch_) {
        std::mt19937 rng(seed);
        std::normal_distribution<float> normal(0.0f, 0.3f);
        auto fill = [&](std::vector<float>& v, size_t size) {
            v.resize(size);
            for (float& x : v)
                x = normal(rng);
        };
        const size_t squares = static_cast<size_t>(n) * n * batch;
        fill(weights, 9u * cin * cout);
        fill(bias, cout);
        fill(in, squares * cin);
        fill(residual, squares * cout);
    }
    Conv3x3 conv(int forBatch) const {
        return Conv3x3{n, cin, cout, weights.data(), bias.data(), forBatch};
    }
    // The outputs of the whole batch at once (single: each board alone).
    std::vector<float> run(NnKernels k, bool withResidual, bool relu, bool single) const {
        const size_t inBoard = static_cast<size_t>(n) * n * cin;
        const size_t outBoard = static_cast<size_t>(n) * n * cout;
        std::vector<float> out(outBoard * batch, NAN);
        for (int p = 0; p < (single ? batch : 1); ++p)
            conv3x3(k, conv(single ? 1 : batch), in.data() + p * inBoard,
                    withResidual ? residual.data() + p * outBoard : nullptr, relu,
                    out.data() + p * outBoard);
        return out;
    }
};

void expectClose(const std::vector<float>& want, const std::vector<float>& got, double tolerance) {
    ASSERT_EQ(want.size(), got.size());
    for (size_t i = 0; i < want.size(); ++i) {
        ASSERT_FALSE(std::isnan(got[i])) << "output " << i << " not written";
        ASSERT_NEAR(got[i], want[i], tolerance * std::max(1.0f, std::abs(want[i])))
            << "output " << i;
    }
}

// The AVX2 kernel takes output channels 32 at a time (4 vectors), then a last chunk of 3, 2 or 1
// vectors (24, 16, 8 channels); columns alone at the edges, in pairs inside (an odd inside leaves
// one alone: n = 5, 11), and positions in pairs (an odd batch leaves one alone).
TEST(NnConvKernels, Avx2EqualsGenericOnEveryPath) {
    if (!avx2Supported()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
    unsigned seed = 1;
    // cout % 32 reaches each last chunk: 8 -> 1 vector, 16 -> 2, 24 -> 3, 32 -> 4 only; 40, 48,
    // 56, 64 and 88 add full chunks before it.
    for (int cout : {8, 16, 24, 32, 40, 48, 56, 64, 88})
        for (int cin : {3, 8, cout})
            for (int n : {4, 5, 10, 11})
                for (int batch : {1, 2, 3}) {
                    SCOPED_TRACE("cout " + std::to_string(cout) + " cin " + std::to_string(cin) +
                                 " n " + std::to_string(n) + " batch " + std::to_string(batch));
                    const ConvCase c(n, cin, cout, batch, seed++);
                    const bool residual = seed % 2, relu = seed % 3 != 0;
                    // FMA rounds once where the generic path rounds twice.
                    expectClose(c.run(NnKernels::Generic, residual, relu, false),
                                c.run(NnKernels::Avx2, residual, relu, false), 2e-5);
                    if (HasFatalFailure()) return;
                }
}

TEST(NnConvKernels, ABatchGivesEachBoardWhatItGetsAlone) {
    std::vector<NnKernels> kernels = {NnKernels::Generic};
    if (avx2Supported()) kernels.push_back(NnKernels::Avx2);
    for (NnKernels k : kernels)
        for (int batch : {2, 3, 4, 5, 7}) {
            SCOPED_TRACE("batch " + std::to_string(batch) + (k == NnKernels::Avx2 ? " avx2" : ""));
            const ConvCase c(6, 16, 24, batch, 100 + batch);
            // The same sums in the same order: equal to the last bit, within a float's rounding
            // in case a compiler orders them otherwise.
            expectClose(c.run(k, true, true, true), c.run(k, true, true, false), 1e-6);
            expectClose(c.run(k, false, false, true), c.run(k, false, false, false), 1e-6);
        }
}

TEST(NnConvKernels, PaddingAndResidualAreRight) {
    // One input channel of ones, the centre tap and the corner tap (dy = dx = -1) weighted 1: a
    // square gets 1 + (its upper-left neighbour is on the board) + bias + residual.
    const int n = 4;
    std::vector<float> weights(9 * 8, 0.0f), bias(8, 0.5f), in(n * n, 1.0f), res(n * n * 8, 2.0f);
    for (int co = 0; co < 8; ++co) {
        weights[4 * 8 + co] = 1.0f;
        weights[0 * 8 + co] = 1.0f;
    }
    std::vector<NnKernels> kernels = {NnKernels::Generic};
    if (avx2Supported()) kernels.push_back(NnKernels::Avx2);
    for (NnKernels k : kernels) {
        std::vector<float> out(n * n * 8);
        conv3x3(k, Conv3x3{n, 1, 8, weights.data(), bias.data()}, in.data(), res.data(), false,
                out.data());
        for (int sq = 0; sq < n * n; ++sq) {
            const bool corner = sq / n > 0 && sq % n > 0;
            EXPECT_FLOAT_EQ(out[sq * 8 + 3], 3.5f + (corner ? 1.0f : 0.0f)) << sq;
        }
    }
}

}  // namespace
}  // namespace hippolyta
