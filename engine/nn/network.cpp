#include "engine/nn/network.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/core/assert.h"
#include "engine/nn/features.h"

namespace hippolyta {

namespace {

// Reads the next `count` floats of the file's weights.
struct WeightCursor {
    const std::vector<float>& w;
    size_t at = 0;
    std::vector<float> take(size_t count) {
        std::vector<float> v(w.begin() + at, w.begin() + at + count);
        at += count;
        return v;
    }
};

float dot(const float* a, const float* b, int k) {
    float s = 0;
    for (int i = 0; i < k; ++i)
        s += a[i] * b[i];
    return s;
}

}  // namespace

Network::Network(const NetFile& file)
    : arch_(file.arch), comment_(file.comment), checksum_(file.checksum) {
    checkArchitecture(arch_, "network");
    if (file.weights.size() != weightCount(arch_))
        throw NetFileError("network: weights do not fit the architecture");
    WeightCursor cur{file.weights};
    // PyTorch's [cout][cin][3][3] becomes [tap][cin][cout].
    auto conv = [&](int cin, int cout) {
        const std::vector<float> raw = cur.take(static_cast<size_t>(cout) * cin * 9);
        Conv c;
        c.weights.resize(raw.size());
        for (int co = 0; co < cout; ++co)
            for (int ci = 0; ci < cin; ++ci)
                for (int tap = 0; tap < 9; ++tap)
                    c.weights[(tap * cin + ci) * cout + co] = raw[(co * cin + ci) * 9 + tap];
        c.bias = cur.take(cout);
        return c;
    };
    auto dense = [&](int in, int out) {
        Dense d;
        d.weights = cur.take(static_cast<size_t>(in) * out);
        d.bias = cur.take(out);
        return d;
    };
    const int c = arch_.channels;
    stem_ = conv(arch_.inputPlanes, c);
    for (int b = 0; b < 2 * arch_.blocks; ++b)
        convs_.push_back(conv(c, c));
    policy_ = dense(c, arch_.policyChannels());
    ownership_ = dense(c, 1);
    // The two per-square heads input-major, ownership last: [c][policyChannels + 1].
    const int pc = arch_.policyChannels();
    pointwise_.resize(static_cast<size_t>(c) * (pc + 1));
    for (int ci = 0; ci < c; ++ci) {
        for (int p = 0; p < pc; ++p)
            pointwise_[ci * (pc + 1) + p] = policy_.weights[p * c + ci];
        pointwise_[ci * (pc + 1) + pc] = ownership_.weights[ci];
    }
    valueHidden_ = dense(c, arch_.valueHidden);
    valueOut_ = dense(arch_.valueHidden, 1);
}

size_t NetScratch::bytes() const {
    return codes.capacity() +
           sizeof(float) *
               (input.capacity() + x.capacity() + h.capacity() + y.capacity() + mean.capacity()) +
           sizeof(const Position*) * positions.capacity() + sizeof(NetOutput*) * outputs.capacity();
}

namespace {

// Grows v to at least `size` floats and never shrinks it: a smaller batch after a larger one
// neither reallocates nor refills.
float* atLeast(std::vector<float>& v, size_t size) {
    if (v.size() < size) v.resize(size);
    return v.data();
}

}  // namespace

void Network::forward(const Position* const* positions, NetOutput* const* outputs, size_t count,
                      NnKernels kernels, NetScratch& scratch) const {
    const NnKernels k = resolveKernels(kernels);
    for (size_t i = 1; i < count; ++i)
        if (positions[i]->width() != positions[0]->width())
            throw std::invalid_argument("network: a batch mixes board sizes");
    for (size_t at = 0; at < count; at += kMaxBatch) {
        const int chunk = static_cast<int>(std::min(kMaxBatch, count - at));
        forwardChunk(positions + at, outputs + at, chunk, k, scratch);
    }
}

void Network::forwardChunk(const Position* const* positions, NetOutput* const* outputs, int count,
                           NnKernels k, NetScratch& s) const {
    const int n = positions[0]->width(), c = arch_.channels, planes = arch_.inputPlanes;
    const size_t squares = static_cast<size_t>(n) * n, acts = count * squares * c;
    float* input = atLeast(s.input, count * squares * planes);
    for (int i = 0; i < count; ++i)
        featureInput(*positions[i], s.codes, input + i * squares * planes);
    float* x = atLeast(s.x, acts);
    float* h = atLeast(s.h, acts);
    float* y = atLeast(s.y, acts);
    conv3x3(k, Conv3x3{n, planes, c, stem_.weights.data(), stem_.bias.data(), count}, input,
            nullptr, true, x);
    for (int b = 0; b < arch_.blocks; ++b) {
        const Conv& c1 = convs_[2 * b];
        const Conv& c2 = convs_[2 * b + 1];
        conv3x3(k, Conv3x3{n, c, c, c1.weights.data(), c1.bias.data(), count}, x, nullptr, true, h);
        conv3x3(k, Conv3x3{n, c, c, c2.weights.data(), c2.bias.data(), count}, h, x, true, y);
        std::swap(x, y);
    }
    for (int i = 0; i < count; ++i)
        heads(n, x + i * squares * c, s.mean, *outputs[i]);
}

void Network::evaluate(const Position* positions, size_t count, NetOutput* outputs,
                       NnKernels kernels) const {
    // The convenience path for tools and tests; the search's path is a NetComputation.
    thread_local NetScratch scratch;
    for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n) {
        scratch.positions.clear();
        scratch.outputs.clear();
        for (size_t i = 0; i < count; ++i)
            if (positions[i].width() == n) {
                scratch.positions.push_back(&positions[i]);
                scratch.outputs.push_back(&outputs[i]);
            }
        forward(scratch.positions.data(), scratch.outputs.data(), scratch.positions.size(), kernels,
                scratch);
    }
}

NetOutput Network::evaluate(const Position& pos, NnKernels kernels) const {
    NetOutput out;
    evaluate(&pos, 1, &out, kernels);
    return out;
}

// The policy and ownership heads, 1x1 convolutions: summed input by input so that the loop over
// the outputs vectorises (a dot product per output would be a chain of dependent additions),
// each output in the dot product's order, so with its rounding.
void Network::pointwiseHeads(int squares, const float* trunk, NetOutput& out) const {
    const int c = arch_.channels, pc = arch_.policyChannels(), outs = pc + 1;
    constexpr int kMaxOutputs = 260;  // policy channels (at most 3 + 4 * 64) and ownership
    float acc[kMaxOutputs];
    // The net file's reader bounds the policy rank (net_file.cpp), so the heads fit.
    HIPPOLYTA_ASSERT(outs <= kMaxOutputs);
    for (int sq = 0; sq < squares; ++sq) {
        const float* x = trunk + sq * c;
        std::fill(acc, acc + outs, 0.0f);
        for (int ci = 0; ci < c; ++ci) {
            const float xv = x[ci];
            const float* w = &pointwise_[ci * outs];
            for (int o = 0; o < outs; ++o)
                acc[o] += xv * w[o];
        }
        for (int p = 0; p < pc; ++p)
            out.policy[sq * pc + p] = acc[p] + policy_.bias[p];
        out.ownership[sq] = std::tanh(acc[pc] + ownership_.bias[0]);
    }
}

void Network::heads(int n, const float* trunk, std::vector<float>& mean, NetOutput& out) const {
    const int squares = n * n, c = arch_.channels;
    out.size = n;
    out.ownership.resize(squares);
    out.policy.resize(static_cast<size_t>(squares) * arch_.policyChannels());
    pointwiseHeads(squares, trunk, out);
    mean.assign(c, 0.0f);
    for (int sq = 0; sq < squares; ++sq)
        for (int i = 0; i < c; ++i)
            mean[i] += trunk[sq * c + i];
    for (float& m : mean)
        m /= static_cast<float>(squares);
    float logit = valueOut_.bias[0];
    for (int j = 0; j < arch_.valueHidden; ++j) {
        const float hid = dot(&valueHidden_.weights[j * c], mean.data(), c) + valueHidden_.bias[j];
        logit += valueOut_.weights[j] * std::max(hid, 0.0f);
    }
    out.value = 1.0f / (1.0f + std::exp(-logit));
}

float Network::moveLogit(const NetOutput& out, Move m) const {
    const int pc = arch_.policyChannels(), r = arch_.policyRank;
    const float* f = &out.policy[m.from * pc];
    const float* t = &out.policy[m.to * pc];
    const float* a = &out.policy[m.arrow * pc];
    return f[0] + t[1] + a[2] + dot(f + 3, t + 3 + r, r) + dot(t + 3 + 2 * r, a + 3 + 3 * r, r);
}

void Network::movePolicy(const NetOutput& out, const MoveList& moves,
                         std::vector<float>& probs) const {
    probs.resize(moves.size());
    movePolicy(out, moves.data(), moves.size(), probs.data());
}

void Network::movePolicy(const NetOutput& out, const Move* moves, size_t count,
                         float* probs) const {
    float best = -INFINITY;
    for (size_t i = 0; i < count; ++i)
        best = std::max(best, probs[i] = moveLogit(out, moves[i]));
    double sum = 0;
    for (size_t i = 0; i < count; ++i)
        sum += probs[i] = std::exp(probs[i] - best);
    for (size_t i = 0; i < count; ++i)
        probs[i] = static_cast<float>(probs[i] / sum);
}

}  // namespace hippolyta
