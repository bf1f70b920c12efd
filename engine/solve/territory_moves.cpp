#include "engine/solve/territory_moves.h"

#include <algorithm>

namespace hippolyta {

namespace {

// The first move of the territory's amazons (generation order) that leaves `target` moves
// there, when the counts are exact.
std::optional<Move> keptMove(const Position& pos, const Region& r, int target,
                             const MoveList& moves, RegionCounter& counter) {
    for (const Move m : moves) {
        if (!(r.amazons & squareBit(m.from))) continue;
        const Bitboard amazons = r.amazons ^ squareBit(m.from) ^ squareBit(m.to);
        const Bitboard empty =
            (r.empty | squareBit(m.from)) & ~squareBit(m.to) & ~squareBit(m.arrow);
        const MoveBounds after = counter.count(pos.width(), amazons, empty);
        if (after.exact() && after.lower == target) return m;
    }
    return std::nullopt;
}

}  // namespace

bool TerritoryReduction::keeps(Move m) const {
    if (!(reducedFrom & squareBit(m.from))) return true;
    return std::find(kept.begin(), kept.end(), m) != kept.end();
}

TerritoryReduction reduceTerritories(const Position& pos, RegionCounter& counter) {
    TerritoryReduction out;
    const Color mover = pos.sideToMove();
    MoveList moves;
    bool generated = false;
    for (const Region& r : findRegions(pos)) {
        if (r.owner != mover || !r.amazons) continue;
        const MoveBounds now = counter.count(pos.width(), r.amazons, r.empty);
        if (!now.exact() || now.lower == 0) continue;
        if (!generated) {
            pos.generateMoves(moves);
            generated = true;
        }
        if (const std::optional<Move> m = keptMove(pos, r, now.lower - 1, moves, counter)) {
            out.kept.push_back(*m);
            out.reducedFrom |= r.amazons;
        }
    }
    return out;
}

}  // namespace hippolyta
