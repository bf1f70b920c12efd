// The policy-and-value network's forward pass on the CPU: a residual tower of 3x3
// convolutions at the board's native size, then three heads:
//   value      the side to move's win probability (global mean pool, hidden layer, sigmoid);
//   ownership  per square, tanh: +1 the side to move's territory at the end, -1 the opponent's;
//   policy     per square, 3 + 4r numbers: a from, a to and an arrow score, and four rank-r
//              embeddings U, V, P, Q, so that a move's logit is
//                  from[f] + to[t] + arrow[a] + U[f].V[t] + P[t].Q[a],
//              a few dozen flops whatever the number of legal moves; the policy is the softmax
//              of these logits over the legal moves.
// Positions of one board size go through the tower together, layer by layer (kernels.h shares
// each weight load between them). Network is immutable after construction and safe to share
// between threads; the search reaches it through a backend (backend.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "engine/core/position.h"
#include "engine/nn/kernels.h"
#include "engine/nn/net_file.h"

namespace hippolyta {

struct NetOutput {
    int size = 0;                  // board size n
    float value = 0.5f;            // win probability for the side to move
    std::vector<float> ownership;  // n * n, in [-1, 1], side to move positive
    std::vector<float> policy;     // n * n * policyChannels, square-major
};

// The forward pass's buffers, kept by the caller between calls: once they have seen the largest
// batch and board, evaluations allocate nothing.
struct NetScratch {
    std::vector<uint8_t> codes;
    std::vector<float> input, x, h, y, mean;
    std::vector<const Position*> positions;  // evaluate()'s groups of one board size
    std::vector<NetOutput*> outputs;
    // The bytes the buffers hold (their capacity).
    size_t bytes() const;
};

class Network {
  public:
    // At most this many positions go through the tower at once: their activations stay in the
    // L2 cache (4 x 100 squares x 32 channels x 4 bytes = 50 KB a buffer).
    static constexpr size_t kMaxBatch = 4;

    // Throws NetFileError if the file's architecture cannot run here.
    explicit Network(const NetFile& file);

    const NetArchitecture& architecture() const { return arch_; }
    const std::string& comment() const { return comment_; }
    // The file's checksum, which names the net.
    uint64_t netChecksum() const { return checksum_; }

    // Evaluates count positions, all of one square board size, together into *outputs[i].
    void forward(const Position* const* positions, NetOutput* const* outputs, size_t count,
                 NnKernels kernels, NetScratch& scratch) const;
    // Evaluates count positions (any sizes 4..11) into outputs[0..count), those of one size
    // together (the buffers are this thread's, kept between calls).
    void evaluate(const Position* positions, size_t count, NetOutput* outputs,
                  NnKernels kernels = NnKernels::Auto) const;
    NetOutput evaluate(const Position& pos, NnKernels kernels = NnKernels::Auto) const;

    // The move's unnormalised policy logit.
    float moveLogit(const NetOutput& out, Move m) const;
    // The softmax of the logits of `moves` (normally every legal move), in their order.
    void movePolicy(const NetOutput& out, const MoveList& moves, std::vector<float>& probs) const;
    void movePolicy(const NetOutput& out, const Move* moves, size_t count, float* probs) const;

  private:
    struct Conv {
        std::vector<float> weights;  // packed for kernels.h
        std::vector<float> bias;
    };
    struct Dense {
        std::vector<float> weights;  // [out][in]
        std::vector<float> bias;
    };
    void forwardChunk(const Position* const* positions, NetOutput* const* outputs, int count,
                      NnKernels kernels, NetScratch& s) const;
    void heads(int n, const float* trunk, std::vector<float>& mean, NetOutput& out) const;
    void pointwiseHeads(int squares, const float* trunk, NetOutput& out) const;

    NetArchitecture arch_;
    std::string comment_;
    uint64_t checksum_ = 0;
    Conv stem_;
    std::vector<Conv> convs_;  // two per block
    Dense policy_, ownership_, valueHidden_, valueOut_;
    std::vector<float> pointwise_;  // policy_ and ownership_ input-major: [channels][pc + 1]
};

}  // namespace hippolyta
