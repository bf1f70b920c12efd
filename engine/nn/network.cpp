#include "engine/nn/network.h"

#include <algorithm>
#include <cmath>

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
    valueHidden_ = dense(c, arch_.valueHidden);
    valueOut_ = dense(arch_.valueHidden, 1);
}

void Network::evaluate(const Position* positions, size_t count, NetOutput* outputs,
                       NnKernels kernels) const {
    const NnKernels k = resolveKernels(kernels);
    for (size_t i = 0; i < count; ++i)
        evaluateOne(positions[i], k, outputs[i]);
}

NetOutput Network::evaluate(const Position& pos, NnKernels kernels) const {
    NetOutput out;
    evaluate(&pos, 1, &out, kernels);
    return out;
}

void Network::evaluateOne(const Position& pos, NnKernels k, NetOutput& out) const {
    const int n = pos.size(), squares = n * n, c = arch_.channels;
    // The features, plane-major, transposed to channels last.
    std::vector<float> planes;
    featureValues(pos, planes);
    std::vector<float> input(planes.size());
    for (int p = 0; p < arch_.inputPlanes; ++p)
        for (int sq = 0; sq < squares; ++sq)
            input[sq * arch_.inputPlanes + p] = planes[p * squares + sq];
    std::vector<float> x(static_cast<size_t>(squares) * c), h(x.size()), y(x.size());
    conv3x3(k, Conv3x3{n, arch_.inputPlanes, c, stem_.weights.data(), stem_.bias.data()},
            input.data(), nullptr, true, x.data());
    for (int b = 0; b < arch_.blocks; ++b) {
        const Conv& c1 = convs_[2 * b];
        const Conv& c2 = convs_[2 * b + 1];
        conv3x3(k, Conv3x3{n, c, c, c1.weights.data(), c1.bias.data()}, x.data(), nullptr, true,
                h.data());
        conv3x3(k, Conv3x3{n, c, c, c2.weights.data(), c2.bias.data()}, h.data(), x.data(), true,
                y.data());
        x.swap(y);
    }
    heads(n, x.data(), out);
}

void Network::heads(int n, const float* trunk, NetOutput& out) const {
    const int squares = n * n, c = arch_.channels, pc = arch_.policyChannels();
    out.size = n;
    out.ownership.resize(squares);
    out.policy.resize(static_cast<size_t>(squares) * pc);
    std::vector<float> mean(c, 0.0f);
    for (int sq = 0; sq < squares; ++sq) {
        const float* x = trunk + sq * c;
        for (int i = 0; i < c; ++i)
            mean[i] += x[i];
        out.ownership[sq] = std::tanh(dot(ownership_.weights.data(), x, c) + ownership_.bias[0]);
        for (int p = 0; p < pc; ++p)
            out.policy[sq * pc + p] = dot(&policy_.weights[p * c], x, c) + policy_.bias[p];
    }
    for (float& m : mean)
        m /= static_cast<float>(squares);
    float logit = valueOut_.bias[0];
    for (int j = 0; j < arch_.valueHidden; ++j) {
        const float hid = dot(&valueHidden_.weights[j * c], mean.data(), c) + valueHidden_.bias[j];
        logit += valueOut_.weights[j] * std::max(hid, 0.0f);
    }
    out.value = 1.0f / (1.0f + std::exp(-logit));
}

float Network::evaluateForSearch(const Position& pos, const MoveList& moves,
                                 std::vector<float>& probs) const {
    NetOutput out;
    evaluate(&pos, 1, &out);
    movePolicy(out, moves, probs);
    return out.value;
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
    float best = -INFINITY;
    for (size_t i = 0; i < moves.size(); ++i)
        best = std::max(best, probs[i] = moveLogit(out, moves[i]));
    double sum = 0;
    for (float& p : probs)
        sum += p = std::exp(p - best);
    for (float& p : probs)
        p = static_cast<float>(p / sum);
}

}  // namespace hippolyta
