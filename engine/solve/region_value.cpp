#include "engine/solve/region_value.h"

namespace hippolyta {

RegionValuer::RegionValuer(const RegionDatabase* db, uint64_t countBudget)
    : db_(db),
      counter_(countBudget, 1 << 18),
      contestedCounter_(kContestedBudget, 1 << 16),
      local_(kLocalBudget, 1 << 20) {}

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

Outcome RegionValuer::outcome(const Position& pos, bool beforeSeparation, bool local,
                              LeafRule* rule) const {
    const RegionSplit split = splitRegions(pos);
    int hits = 0;
    const auto owned = [&](const Region& r) { return ownedRegion(pos, r, hits); };
    Outcome result = Outcome::Unknown;
    LeafRule decidedBy = LeafRule::None;
    if (!split.contested || beforeSeparation) {
        result = outcomeByBounds(pos, split, owned, contestedCounter_, kAllSquares);
        decidedBy = split.contested ? LeafRule::Bounds : LeafRule::Count;
    }
    if (result == Outcome::Unknown && local && split.contested) {
        result = localOutcome(pos, split, hits);
        decidedBy = LeafRule::Local;
    }
    hits_ += hits;
    if (rule) *rule = result == Outcome::Unknown ? LeafRule::None : decidedBy;
    return result;
}

// The owned regions' exact counts as one integer (the mover's less the opponent's), and the
// contested region searched alone with it; Unknown unless exactly one region is contested,
// it is small, and every count is exact.
Outcome RegionValuer::localOutcome(const Position& pos, const RegionSplit& split,
                                   int& databaseHits) const {
    // With no owned region the contested one is the whole game: the search's own work.
    if (split.ownedSquares[0] + split.ownedSquares[1] == 0) return Outcome::Unknown;
    const Region* contested = nullptr;
    int spare = 0;
    for (const Region& r : split.regions) {
        if (r.contested) {
            if (contested || popCount(r.empty) > kLocalSquares) return Outcome::Unknown;
            contested = &r;
        } else if (r.owner) {
            const MoveBounds b = ownedRegion(pos, r, databaseHits);
            if (!b.exact()) return Outcome::Unknown;
            spare += *r.owner == pos.sideToMove() ? b.lower : -b.lower;
        }
    }
    Position walled = pos;
    forEachSquare(pos.geometry().boardMask() & ~(contested->empty | contested->amazons),
                  [&](int sq) {
                      if (walled.at(sq) != Piece::Arrow) walled.place(sq, Piece::Arrow);
                  });
    return local_.solve(walled, spare);
}

}  // namespace hippolyta
