#include "engine/solve/region_value.h"

namespace hippolyta {

RegionValuer::RegionValuer(const RegionDatabase* db, uint64_t countBudget)
    : db_(db), counter_(countBudget, 1 << 18) {}

SideMoves RegionValuer::movesLeft(const Position& pos) const {
    SideMoves out;
    const std::vector<Region> regions = findRegions(pos);
    for (const Region& r : regions)
        if (r.contested) return out;
    out.separated = true;
    for (const Region& r : regions) {
        if (!r.owner) continue;
        MoveBounds& side = *r.owner == Color::White ? out.white : out.black;
        std::optional<int> known;
        if (db_ && popCount(r.amazons) == 1)
            known = db_->lookup(pos.geometry(), r.empty | r.amazons, lowestSquare(r.amazons));
        if (known) {
            ++out.databaseHits;
            side.lower += *known;
            side.upper += *known;
            continue;
        }
        const MoveBounds b = counter_.count(pos.size(), r.amazons, r.empty);
        side.lower += b.lower;
        side.upper += b.upper;
    }
    hits_ += out.databaseHits;
    return out;
}

Outcome RegionValuer::outcome(const Position& pos) const {
    const SideMoves m = movesLeft(pos);
    if (!m.separated) return Outcome::Unknown;
    const bool whiteToMove = pos.sideToMove() == Color::White;
    const MoveBounds own = whiteToMove ? m.white : m.black;
    const MoveBounds opp = whiteToMove ? m.black : m.white;
    if (own.lower > opp.upper) return Outcome::Win;
    if (own.upper <= opp.lower) return Outcome::Loss;
    return Outcome::Unknown;
}

}  // namespace hippolyta
