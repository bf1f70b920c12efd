#include "engine/nn/features.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "engine/eval/distance.h"

namespace hippolyta {

namespace {

void setBits(Bitboard b, uint8_t* plane, uint8_t code) {
    forEachSquare(b, [&](int sq) { plane[sq] = code; });
}

// Distance codes: level k of the field gets code k (capped at 255; level 0 is the amazons,
// which are not empty squares, so it stays 0).
void setDistances(const DistanceField& f, uint8_t* plane) {
    for (int d = 1; d <= f.depth; ++d)
        setBits(f.level[d], plane, static_cast<uint8_t>(std::min(d, 255)));
}

}  // namespace

void featureCodes(const Position& pos, std::vector<uint8_t>& out) {
    // The planes, the nets and the training data assume n x n.
    if (!pos.geometry().isSquare())
        throw std::invalid_argument("the network's features need a square board, not " +
                                    std::to_string(pos.width()) + "x" +
                                    std::to_string(pos.height()));
    const int squares = pos.width() * pos.width();
    out.assign(static_cast<size_t>(kFeaturePlanes) * squares, 0);
    const Color us = pos.sideToMove();
    const Color them = opposite(us);
    uint8_t* plane = out.data();
    setBits(pos.amazons(us), plane, 1);
    setBits(pos.amazons(them), plane + squares, 1);
    setBits(pos.arrows(), plane + 2 * squares, 1);
    std::fill(plane + 3 * squares, plane + 4 * squares, uint8_t{1});
    setDistances(queenDistances(pos, us), plane + 4 * squares);
    setDistances(queenDistances(pos, them), plane + 5 * squares);
    setDistances(kingDistances(pos, us), plane + 6 * squares);
    setDistances(kingDistances(pos, them), plane + 7 * squares);
}

void featureValues(const Position& pos, std::vector<float>& out) {
    std::vector<uint8_t> codes;
    featureCodes(pos, codes);
    const size_t squares = codes.size() / kFeaturePlanes;
    out.resize(codes.size());
    for (size_t i = 0; i < codes.size(); ++i)
        out[i] = featureValue(static_cast<int>(i / squares), codes[i]);
}

void featureInput(const Position& pos, std::vector<uint8_t>& codes, float* out) {
    featureCodes(pos, codes);
    const size_t squares = codes.size() / kFeaturePlanes;
    for (int p = 0; p < kFeaturePlanes; ++p)
        for (size_t sq = 0; sq < squares; ++sq)
            out[sq * kFeaturePlanes + p] = featureValue(p, codes[p * squares + sq]);
}

}  // namespace hippolyta
