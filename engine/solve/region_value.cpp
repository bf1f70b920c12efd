#include "engine/solve/region_value.h"

namespace hippolyta {

RegionValuer::RegionValuer(const RegionDatabase* db, uint64_t countBudget)
    : db_(db), counter_(countBudget, 1 << 18), contestedCounter_(kContestedBudget, 1 << 16) {}

MoveBounds RegionValuer::ownedRegion(const Position& pos, const Region& r,
                                     int& databaseHits) const {
    if (db_ && popCount(r.amazons) == 1)
        if (const std::optional<int> known =
                db_->lookup(pos.geometry(), r.empty | r.amazons, lowestSquare(r.amazons))) {
            ++databaseHits;
            return MoveBounds{*known, *known};
        }
    return counter_.count(pos.size(), r.amazons, r.empty);
}

SideMoves RegionValuer::movesLeft(const Position& pos) const {
    SideMoves out;
    const std::vector<Region> regions = findRegions(pos);
    for (const Region& r : regions)
        if (r.contested) return out;
    out.separated = true;
    for (const Region& r : regions) {
        if (!r.owner) continue;
        MoveBounds& side = *r.owner == Color::White ? out.white : out.black;
        const MoveBounds b = ownedRegion(pos, r, out.databaseHits);
        side.lower += b.lower;
        side.upper += b.upper;
    }
    hits_ += out.databaseHits;
    return out;
}

// The solver counts every contested region (within the counter's budget).
constexpr int kAllSquares = kMaxSquares;

Outcome RegionValuer::outcome(const Position& pos, bool beforeSeparation) const {
    const RegionSplit split = splitRegions(pos);
    if (split.contested && !beforeSeparation) return Outcome::Unknown;
    int hits = 0;
    const auto owned = [&](const Region& r) { return ownedRegion(pos, r, hits); };
    const Outcome result = outcomeByBounds(pos, split, owned, contestedCounter_, kAllSquares);
    hits_ += hits;
    return result;
}

}  // namespace hippolyta
