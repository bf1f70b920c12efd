// The policy-and-value network's forward pass on the CPU: a residual tower of 3x3
// convolutions at the board's native size, then three heads:
//   value      the side to move's win probability (global mean pool, hidden layer, sigmoid);
//   ownership  per square, tanh: +1 the side to move's territory at the end, -1 the opponent's;
//   policy     per square, 3 + 4r numbers: a from, a to and an arrow score, and four rank-r
//              embeddings U, V, P, Q, so that a move's logit is
//                  from[f] + to[t] + arrow[a] + U[f].V[t] + P[t].Q[a],
//              a few dozen flops whatever the number of legal moves; the policy is the softmax
//              of these logits over the legal moves.
// Network is immutable after construction and safe to share between threads.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/position.h"
#include "engine/nn/kernels.h"
#include "engine/nn/net_file.h"
#include "engine/search/search_net.h"

namespace hippolyta {

struct NetOutput {
    int size = 0;                  // board size n
    float value = 0.5f;            // win probability for the side to move
    std::vector<float> ownership;  // n * n, in [-1, 1], side to move positive
    std::vector<float> policy;     // n * n * policyChannels, square-major
};

class Network : public SearchNet {
  public:
    // Throws NetFileError if the file's architecture cannot run here.
    explicit Network(const NetFile& file);

    const NetArchitecture& architecture() const { return arch_; }
    const std::string& comment() const { return comment_; }
    uint64_t netChecksum() const override { return checksum_; }
    float evaluateForSearch(const Position& pos, const MoveList& moves,
                            std::vector<float>& probs) const override;

    // Evaluates count positions (any sizes 4..11) into outputs[0..count).
    void evaluate(const Position* positions, size_t count, NetOutput* outputs,
                  NnKernels kernels = NnKernels::Auto) const;
    NetOutput evaluate(const Position& pos, NnKernels kernels = NnKernels::Auto) const;

    // The move's unnormalised policy logit.
    float moveLogit(const NetOutput& out, Move m) const;
    // The softmax of the logits of `moves` (normally every legal move), in their order.
    void movePolicy(const NetOutput& out, const MoveList& moves, std::vector<float>& probs) const;

  private:
    struct Conv {
        std::vector<float> weights;  // packed for kernels.h
        std::vector<float> bias;
    };
    struct Dense {
        std::vector<float> weights;  // [out][in]
        std::vector<float> bias;
    };
    void evaluateOne(const Position& pos, NnKernels kernels, NetOutput& out) const;
    void heads(int n, const float* trunk, NetOutput& out) const;

    NetArchitecture arch_;
    std::string comment_;
    uint64_t checksum_ = 0;
    Conv stem_;
    std::vector<Conv> convs_;  // two per block
    Dense policy_, ownership_, valueHidden_, valueOut_;
};

}  // namespace hippolyta
