// The learned move prior: a linear (Bradley–Terry) model over features of a move, fitted to the
// search's own visit distributions (tools: hippolyta-train prior; docs/learning.md). A move's
// strength is the sum of the weights of its features:
//   - the arrow's square: its distance class (who reaches it first by queen moves, by how much),
//     the opponent's and our amazons next to it, its empty neighbours;
//   - the landing square: the same features;
//   - the moving amazon: its room before moving, in buckets;
//   - pairs: the arrow next to the landing square (hems in the amazon), the arrow shot back
//     to the square just left, the arrow next to the square just left.
// The search scores moves with additive per-square tables (as the hand-set order does, a few
// nanoseconds a move), skipping those that cannot make the first chunk; moveFeatures() lists the
// same features one move at a time, for training, and the two agree
// (tests/unit/move_prior_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/position.h"
#include "engine/search/move_order.h"

namespace hippolyta {

// Feature layout: one block per kind. Classes of a square: 0 nobody reaches it, 1 only we do,
// 2 only the opponent does, 3..9 both, by clamp(D_own - D_opp, -3, 3) + 6.
struct PriorLayout {
    static constexpr int kClasses = 10;
    static constexpr int kAdjacent = 4;  // 0, 1, 2, 3+ amazons of a side next to a square
    static constexpr int kRoomBuckets = 6;
    // Per square block: class, opponent amazons adjacent, own amazons adjacent, empty
    // neighbours (one linear weight).
    static constexpr int kSquareBlock = kClasses + 2 * kAdjacent + 1;
    static constexpr int kArrow = 0;
    static constexpr int kLand = kArrow + kSquareBlock;
    static constexpr int kRoom = kLand + kSquareBlock;
    static constexpr int kHem = kRoom + kRoomBuckets;  // arrow next to the landing square
    static constexpr int kBack = kHem + 1;             // arrow on the square just left
    static constexpr int kBesideFrom = kBack + 1;      // arrow next to the square just left
    static constexpr int kCount = kBesideFrom + 1;
};

using PriorWeights = std::array<float, PriorLayout::kCount>;

// All zero: every move equal (a starting point for fits, and for tests).
PriorWeights zeroPriorWeights();

// The compiled-in defaults, used when no weights file says otherwise (the Botzone file has no
// weights file): the fitted prior the shipped weights file also holds.
PriorWeights fittedPriorWeights();

// A move's features: up to 12 (index, value) pairs; most values are 1.
struct MoveFeatures {
    Move move;
    uint8_t count = 0;
    std::array<uint8_t, 12> index{};
    std::array<float, 12> value{};
    void add(int i, float v) {
        index[count] = static_cast<uint8_t>(i);
        value[count++] = v;
    }
    float dot(const PriorWeights& w) const {
        float s = 0;
        for (int k = 0; k < count; ++k)
            s += w[index[k]] * value[k];
        return s;
    }
};

// Every legal move of pos with its features (for training and tests).
void moveFeatures(const Position& pos, std::vector<MoveFeatures>& out);

// Every legal move of pos scored by the model, unsorted (the search's MoveOrdering::Learned).
void scoreMovesLearned(const Position& pos, const PriorWeights& weights,
                       std::vector<ScoredMove>& out);

// The same, but out may leave out moves that cannot be among the `keep` best: sorting out gives
// the same first `keep` moves as sorting every move (keep 0: every move). Returns the number of
// legal moves. The search's expansions need only the first few of about 2,000 on 10x10.
size_t scoreBestMovesLearned(const Position& pos, const PriorWeights& weights, size_t keep,
                             std::vector<ScoredMove>& out);

// The name of weight i for weights files and parameters ("prior.arrow.class3", ...).
std::string priorWeightName(int i);

}  // namespace hippolyta
