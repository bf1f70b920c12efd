#include "engine/solve/region_value.h"

namespace hippolyta {

// Why the bounds are sound (M the side to move, O the other side).
//
// Regions only shrink and split: an amazon moves and shoots along empty squares of its own
// region, so nothing ever joins two regions. A region owned by one side stays that side's
// alone, and its longest line of moves there (its count) is open to it whatever the other
// side does.
//
// Squares a side reaches: suppose one side's amazons in a contested region never move. Then
// every move of the other side there goes from, to and shoots into the component of its
// amazons among the region's empty squares (the frozen amazons are walls), and afterwards that
// component's empty squares are a subset of the old ones plus `from`, less `to` and the arrow:
// at least one fewer. So the other side makes at most `contested` = those squares' number of
// moves there, however the region splits later.
//
// Win: let M play only in its own regions along a longest line: it has low(M) moves whatever
// O does, and its amazons in contested regions never move. O then has at most its own count
// plus its reachable contested squares, high(O), moves. M moves first, so if low(M) > high(O)
// O runs out first and loses.
// Loss: symmetrically, O plays only in its own regions and has low(O) moves while M has at
// most high(M); if high(M) <= low(O), M, moving first, runs out first.
// With no contested region both rules are the exact rule of separated positions.
// Tighter: the frozen side's opponent moves in the contested regions along a line of moves of
// its own alone (the frozen amazons as walls), so that game's longest line (its count) bounds
// them too; RegionCounter gives it, or the squares again when out of budget.

Outcome decideByBounds(const SideBounds& mover, const SideBounds& opponent) {
    if (mover.low() > opponent.high()) return Outcome::Win;
    if (mover.high() <= opponent.low()) return Outcome::Loss;
    return Outcome::Unknown;
}

int reachableSquares(const Geometry& geo, Bitboard amazons, Bitboard regionEmpty) {
    const Bitboard within = regionEmpty | amazons;
    Bitboard comp = amazons;
    for (;;) {
        const Bitboard next = (comp | geo.kingNeighbours(comp)) & within;
        if (next == comp) return popCount(comp & regionEmpty);
        comp = next;
    }
}

RegionValuer::RegionValuer(const RegionDatabase* db, uint64_t countBudget)
    : db_(db), counter_(countBudget, 1 << 18), contestedCounter_(kContestedBudget, 1 << 16) {}

int RegionValuer::frozenCount(const Position& pos, const std::vector<Region>& regions,
                              Color side) const {
    int total = 0;
    for (const Region& r : regions)
        if (r.contested)
            total +=
                contestedCounter_.count(pos.size(), r.amazons & pos.amazons(side), r.empty).upper;
    return total;
}

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

Outcome RegionValuer::outcome(const Position& pos, bool beforeSeparation) const {
    const std::vector<Region> regions = findRegions(pos);
    SideBounds side[2];
    int ownedSquares[2] = {0, 0};
    bool contested = false;
    for (const Region& r : regions) {
        if (r.contested) {
            contested = true;
            for (const Color c : {Color::White, Color::Black})
                side[index(c)].contested +=
                    reachableSquares(pos.geometry(), r.amazons & pos.amazons(c), r.empty);
        } else if (r.owner) {
            ownedSquares[index(*r.owner)] += popCount(r.empty);
        }
    }
    if (contested && !beforeSeparation) return Outcome::Unknown;
    const int m = index(pos.sideToMove()), o = 1 - m;
    // Count the owned regions (the costly part) only if some are there to count: a win needs
    // the mover's, a loss the opponent's (the mover has a move, so its high end is at least 1).
    if (contested && ownedSquares[m] == 0 && ownedSquares[o] == 0) return Outcome::Unknown;
    int hits = 0;
    for (const Region& r : regions) {
        if (r.contested || !r.owner) continue;
        const MoveBounds b = ownedRegion(pos, r, hits);
        side[index(*r.owner)].owned.lower += b.lower;
        side[index(*r.owner)].owned.upper += b.upper;
    }
    hits_ += hits;
    const Outcome byReach = decideByBounds(side[m], side[o]);
    if (byReach != Outcome::Unknown || !contested) return byReach;
    // Count the contested regions only for a side whose high end could still decide.
    if (side[m].low() > side[o].owned.upper)
        side[o].contested = frozenCount(pos, regions, opposite(pos.sideToMove()));
    if (side[m].owned.upper <= side[o].low())
        side[m].contested = frozenCount(pos, regions, pos.sideToMove());
    return decideByBounds(side[m], side[o]);
}

}  // namespace hippolyta
