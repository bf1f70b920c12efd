// The pattern move prior (`ordering 3`): the learned prior's 47 features (move_prior.h) and, on
// top, the local shape of the move, all fitted jointly to the search's visit distributions
// (hippolyta-train pattern; docs/learning.md, "The pattern prior"). A move's strength is the
// sum of the weights of its features:
//   - the 47 features of ordering 2 (their own weights, refitted);
//   - the landing square's 3x3 pattern on the board after the amazon moves (the square it left
//     is empty), and the arrow square's on the same board (the amazon stands on its landing
//     square): the 8 neighbours, each empty, blocked (arrow or edge), ours or theirs; a
//     pattern and its 8 images under the board's symmetries share one weight (8,740 classes);
//   - the queen move's length and the arrow's distance from the landing square (Chebyshev,
//     buckets 1..6 and 7+);
//   - the amazon's room on its landing square (the squares it reaches from there, which are
//     the arrow's squares), in the buckets of its room before moving;
//   - the landing and arrow squares' nearness to the opponent's last move (the Chebyshev
//     distance to its landing or arrow square, whichever is nearer: 1, 2, 3, 4, 5+; nothing
//     when the last move is unknown).
// Weights are per board size class: one set for boards up to 8 wide, one for wider boards.
// The search scores moves with per-square tables computed once per node and corrects only the
// squares next to the amazon's origin and landing square (pattern_scorer.cpp); patternFeatures()
// lists the same features one move at a time, for training, and the two agree.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/assert.h"
#include "engine/core/position.h"
#include "engine/search/move_order.h"
#include "engine/search/move_prior.h"

namespace hippolyta {

struct PatternLayout {
    static constexpr int kClasses = 8740;  // 4^8 ring colourings up to the 8 symmetries
    static constexpr int kDistances = 7;   // 1..6, 7+
    static constexpr int kNear = 5;        // 1..4, 5+
    static constexpr int kFromTo = PriorLayout::kCount;
    static constexpr int kToArrow = kFromTo + kDistances;
    static constexpr int kLandNear = kToArrow + kDistances;
    static constexpr int kArrowNear = kLandNear + kNear;
    static constexpr int kToRoom = kArrowNear + kNear;  // PriorLayout's room buckets
    static constexpr int kLandPattern = kToRoom + PriorLayout::kRoomBuckets;
    static constexpr int kArrowPattern = kLandPattern + kClasses;
    static constexpr int kCount = kArrowPattern + kClasses;
};

// A 3x3 neighbourhood's ring: 2 bits a neighbour (kRing* below), neighbour k at bits 2k..2k+1
// in the order (dc, dr) = (-1,-1) (0,-1) (1,-1) (-1,0) (1,0) (-1,1) (0,1) (1,1).
constexpr int kRingEmpty = 0, kRingBlocked = 1, kRingOwn = 2, kRingOpp = 3;
constexpr int kRingCodes = 1 << 16;
// The neighbour index (0..7) of the square at (dc, dr) from the centre, both in -1..1.
constexpr int ringIndex(int dc, int dr) {
    const int k = (dr + 1) * 3 + (dc + 1);
    return k < 4 ? k : k - 1;
}
// The class (0..kClasses-1) of a ring code: codes that are images of each other under the 8
// symmetries share one; classes are numbered in the order of their smallest code.
int ringClass(uint16_t code);
// The table behind ringClass(), kRingCodes entries (for the scorer's inner loops).
const uint16_t* ringClassTable();
// The smallest code of a class (its name in files).
uint16_t ringClassCode(int cls);
// A ring code's image under symmetry s (0..7; 0 is the identity).
uint16_t ringImage(uint16_t code, int s);
// A ring as 8 characters, '.' empty, '#' blocked, 'o' ours, 'x' theirs; and back (nullopt for
// anything else).
std::string ringText(uint16_t code);
std::optional<uint16_t> parseRing(const std::string& text);

using PatternWeights = std::vector<float>;  // PatternLayout::kCount

// All zero (every move equal).
PatternWeights zeroPatternWeights();
// The 47 of `linear` and zero for the rest: the start of a fit.
PatternWeights patternWeightsFrom(const PriorWeights& linear);

// The weight sets of both board size classes.
struct PatternPriors {
    std::shared_ptr<const PatternWeights> small;  // boards up to 8 wide
    std::shared_ptr<const PatternWeights> large;  // wider boards
    const PatternWeights& forWidth(int width) const {
        return width <= kSmallBoardMaxWidth ? *small : *large;
    }
};

// A move's features: up to 18 (index, value) pairs (11 of ordering 2's, 7 more); most values
// are 1.
struct PatternMoveFeatures {
    static constexpr int kMax = 18;
    Move move;
    uint8_t count = 0;
    std::array<uint16_t, kMax> index{};
    std::array<float, kMax> value{};
    void add(int i, float v) {
        HIPPOLYTA_ASSERT(count < kMax);
        index[count] = static_cast<uint16_t>(i);
        value[count++] = v;
    }
    float dot(const PatternWeights& w) const {
        float s = 0;
        for (int k = 0; k < count; ++k)
            s += w[index[k]] * value[k];
        return s;
    }
};

// Every legal move of pos with its features; lastMove: the opponent's move that led to pos.
void patternFeatures(const Position& pos, std::optional<Move> lastMove,
                     std::vector<PatternMoveFeatures>& out);

// Every legal move of pos scored by the model, unsorted; with keep > 0, out may leave out moves
// that cannot be among the `keep` best (as scoreBestMovesLearned). Returns the number of legal
// moves.
size_t scoreBestMovesPattern(const Position& pos, std::optional<Move> lastMove,
                             const PatternWeights& w, size_t keep, std::vector<ScoredMove>& out);

// The name of scalar weight i (< kLandPattern): the 47's names, "from_to1", "near_land2", ...
std::string patternScalarName(int i);

}  // namespace hippolyta
