#include "engine/solve/region_value.h"

namespace hippolyta {

RegionValuer::RegionValuer(const RegionDatabase* db, uint64_t countBudget)
    : db_(db),
      counter_(countBudget, 1 << 18),
      contestedCounter_(kContestedBudget, 1 << 16),
      local_(kLocalBudget, 1 << 20),
      games_(kSumsBudget, kSumsGames) {}

MoveBounds RegionValuer::ownedRegion(const Position& pos, const Region& r,
                                     int& databaseHits) const {
    if (db_ && popCount(r.amazons) == 1)
        if (const std::optional<int> known =
                db_->lookup(pos.geometry(), r.empty | r.amazons, lowestSquare(r.amazons))) {
            ++databaseHits;
            return MoveBounds{*known, *known};
        }
    return counter_.count(pos.width(), r.amazons, r.empty);
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

Outcome RegionValuer::outcome(const Position& pos, bool beforeSeparation, ContestedRules contested,
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
    if (result == Outcome::Unknown && contested.local && split.contested) {
        result = localOutcome(pos, split, hits);
        decidedBy = LeafRule::Local;
    }
    if (result == Outcome::Unknown && contested.sums && split.contested) {
        result = sumsOutcome(pos, split, hits);
        decidedBy = LeafRule::Sums;
    }
    hits_ += hits;
    if (rule) *rule = result == Outcome::Unknown ? LeafRule::None : decidedBy;
    return result;
}

std::optional<int> RegionValuer::ownedBalance(const Position& pos, const RegionSplit& split,
                                              int& databaseHits) const {
    int balance = 0;
    for (const Region& r : split.regions)
        if (!r.contested && r.owner) {
            const MoveBounds b = ownedRegion(pos, r, databaseHits);
            if (!b.exact()) return std::nullopt;
            balance += *r.owner == pos.sideToMove() ? b.lower : -b.lower;
        }
    return balance;
}

// The owned regions' exact counts as one integer (the mover's less the opponent's), and the
// contested region searched alone with it; Unknown unless exactly one region is contested,
// it is small, and every count is exact.
Outcome RegionValuer::localOutcome(const Position& pos, const RegionSplit& split,
                                   int& databaseHits) const {
    // With no owned region the contested one is the whole game: the search's own work.
    if (split.ownedSquares[0] + split.ownedSquares[1] == 0) return Outcome::Unknown;
    const Region* contested = nullptr;
    for (const Region& r : split.regions)
        if (r.contested) {
            if (contested || popCount(r.empty) > kLocalSquares) return Outcome::Unknown;
            contested = &r;
        }
    const std::optional<int> spare = ownedBalance(pos, split, databaseHits);
    if (!spare) return Outcome::Unknown;
    Position walled = walledTo(pos, contested->empty | contested->amazons);
    return local_.solve(walled, *spare);
}

// The owned regions as one integer and each small contested region's game value, added: the
// side to move wins iff it wins the sum moving first. Unknown where a region is too large, a
// count inexact or a value out of budget.
Outcome RegionValuer::sumsOutcome(const Position& pos, const RegionSplit& split,
                                  int& databaseHits) const {
    int contestedRegions = 0, contestedSquares = 0;
    for (const Region& r : split.regions)
        if (r.contested) {
            if (popCount(r.empty) > kSumsSquares) return Outcome::Unknown;
            ++contestedRegions;
            contestedSquares += popCount(r.empty);
        }
    // A lone contested region beside nothing owned is the whole game: the search's own work.
    const bool owned = split.ownedSquares[0] + split.ownedSquares[1] > 0;
    if (contestedSquares > kSumsTotalSquares || (contestedRegions == 1 && !owned))
        return Outcome::Unknown;
    const std::optional<int> balance = ownedBalance(pos, split, databaseHits);
    if (!balance) return Outcome::Unknown;
    const bool whiteToMove = pos.sideToMove() == Color::White;
    games_.trim();
    GameStore& store = games_.store();
    GameId sum = store.integer(whiteToMove ? *balance : -*balance);
    for (const Region& r : split.regions)
        if (r.contested) {
            const std::optional<GameId> v = games_.value(pos, r);
            if (!v) return Outcome::Unknown;
            sum = store.add(sum, *v);
        }
    const bool wins =
        whiteToMove ? store.leftWinsMovingFirst(sum) : store.rightWinsMovingFirst(sum);
    return wins ? Outcome::Win : Outcome::Loss;
}

}  // namespace hippolyta
