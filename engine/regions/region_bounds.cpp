#include "engine/regions/region_bounds.h"

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

RegionSplit splitRegions(const Position& pos) {
    RegionSplit split;
    split.regions = findRegions(pos);
    for (const Region& r : split.regions) {
        if (r.contested)
            split.contested = true;
        else if (r.owner)
            split.ownedSquares[index(*r.owner)] += popCount(r.empty);
    }
    return split;
}

int frozenCount(const Position& pos, const std::vector<Region>& regions, Color side,
                RegionCounter& counter, int maxReach) {
    int total = 0;
    for (const Region& r : regions) {
        if (!r.contested) continue;
        const Bitboard mine = r.amazons & pos.amazons(side);
        const int reach = reachableSquares(pos.geometry(), mine, r.empty);
        total += reach > maxReach ? reach : counter.count(pos.width(), mine, r.empty).upper;
    }
    return total;
}

Outcome outcomeByBounds(const Position& pos, const RegionSplit& split,
                        const std::function<MoveBounds(const Region&)>& owned,
                        RegionCounter& contested, int maxReach) {
    const int m = index(pos.sideToMove()), o = 1 - m;
    // Count the owned regions (the costly part) only if some are there to count: a win needs
    // the mover's, a loss the opponent's (the mover has a move, so its high end is at least 1).
    if (split.contested && split.ownedSquares[m] == 0 && split.ownedSquares[o] == 0)
        return Outcome::Unknown;
    SideBounds side[2];
    for (const Region& r : split.regions) {
        if (r.contested) {
            for (const Color c : {Color::White, Color::Black})
                side[index(c)].contested +=
                    reachableSquares(pos.geometry(), r.amazons & pos.amazons(c), r.empty);
        } else if (r.owner) {
            const MoveBounds b = owned(r);
            side[index(*r.owner)].owned.lower += b.lower;
            side[index(*r.owner)].owned.upper += b.upper;
        }
    }
    const Outcome byReach = decideByBounds(side[m], side[o]);
    if (byReach != Outcome::Unknown || !split.contested) return byReach;
    // Count the contested regions only for a side whose high end could still decide.
    if (side[m].low() > side[o].owned.upper)
        side[o].contested =
            frozenCount(pos, split.regions, opposite(pos.sideToMove()), contested, maxReach);
    if (side[m].owned.upper <= side[o].low())
        side[m].contested = frozenCount(pos, split.regions, pos.sideToMove(), contested, maxReach);
    return decideByBounds(side[m], side[o]);
}

}  // namespace hippolyta
