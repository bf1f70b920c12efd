// The network's input: planes over the board's native n x n squares, from the side to move's
// point of view (so the colour symmetry needs no augmentation). Each plane holds one small code
// per square (uint8, what the training-tensor file stores); featureValue() turns a code into the
// float the network reads, the same way here and in tools/neural/model.py.
//
// Feature set 1, plane by plane (square index = row * n + col, as Position's):
//   0 own amazons        1 opponent amazons   2 arrows (blocked squares)   3 on the board (1)
//   4 own queen distance 5 opponent queen distance (moves to reach an empty square; 0 if none)
//   6 own king distance  7 opponent king distance
// Distance codes d >= 1 read as 1 / d, so near squares weigh most and unreached ones are 0.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

constexpr int kFeatureSetId = 1;
constexpr int kFeaturePlanes = 8;
constexpr int kFirstDistancePlane = 4;

// Codes for every plane, plane-major: codes[plane * n * n + square]. `out` is resized.
void featureCodes(const Position& pos, std::vector<uint8_t>& out);

inline float featureValue(int plane, uint8_t code) {
    if (plane < kFirstDistancePlane) return static_cast<float>(code);
    return code ? 1.0f / static_cast<float>(code) : 0.0f;
}

// The float input: value[plane * n * n + square].
void featureValues(const Position& pos, std::vector<float>& out);
// The float input channels last, what the network's first convolution reads:
// out[square * kFeaturePlanes + plane], n * n * kFeaturePlanes floats. `codes` is scratch, kept
// by the caller so that repeated calls do not allocate.
void featureInput(const Position& pos, std::vector<uint8_t>& codes, float* out);

}  // namespace hippolyta
