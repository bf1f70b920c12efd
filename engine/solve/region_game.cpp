#include "engine/solve/region_game.h"

#include "engine/core/notation.h"
#include "engine/core/splitmix.h"

namespace hippolyta {

Position walledTo(const Position& pos, Bitboard keep) {
    Position walled = pos;
    forEachSquare(pos.geometry().boardMask() & ~keep, [&](int sq) {
        if (walled.at(sq) != Piece::Arrow) walled.place(sq, Piece::Arrow);
    });
    return walled;
}

std::string regionValuesReport(const Position& pos, uint64_t nodeBudget) {
    RegionGames games(nodeBudget, SIZE_MAX);
    GameStore& store = games.store();
    std::optional<GameId> sum = GameStore::kZero;
    std::string out;
    for (const Region& r : findRegions(pos)) {
        if (!r.amazons) continue;
        forEachSquare(r.empty | r.amazons, [&](int sq) {
            out += squareName(sq, pos.shape());
            if (pos.at(sq) == Piece::WhiteAmazon) out += 'W';
            if (pos.at(sq) == Piece::BlackAmazon) out += 'B';
            out += ' ';
        });
        const std::optional<GameId> v = games.value(pos, r);
        out += "value " + (v ? store.text(*v) : std::string("unknown")) + "\n";
        sum = v && sum ? std::optional<GameId>(store.add(*sum, *v)) : std::nullopt;
    }
    if (!sum) return out + "sum: unknown\n";
    const bool white = pos.sideToMove() == Color::White;
    const bool wins = white ? store.leftWinsMovingFirst(*sum) : store.rightWinsMovingFirst(*sum);
    return out + "sum: " + store.text(*sum) + "; " + (white ? "White" : "Black") + " to move " +
           (wins ? "wins" : "loses") + "\n";
}

size_t RegionGames::KeyHash::operator()(const Key& k) const {
    uint64_t h = static_cast<uint64_t>(k.width);
    for (const Bitboard b : {k.squares, k.white, k.black})
        h = splitMix64(h ^ splitMix64(static_cast<uint64_t>(b) ^ splitMix64(b >> 64)));
    return static_cast<size_t>(h);
}

RegionGames::Key RegionGames::keyOf(const Position& pos, Bitboard squares) {
    return Key{squares, pos.amazons(Color::White) & squares, pos.amazons(Color::Black) & squares,
               pos.width()};
}

RegionGames::RegionGames(uint64_t nodeBudget, size_t maxGames)
    : nodeBudget_(nodeBudget), maxGames_(maxGames), counter_(20000, 1 << 16) {}

void RegionGames::trim() {
    if (store_.size() <= maxGames_ && values_.size() <= maxGames_) return;
    store_ = GameStore();
    values_.clear();
    givenUp_.clear();
}

std::optional<GameId> RegionGames::value(const Position& pos, const Region& r) {
    if (!r.contested) return r.amazons ? ownedValue(pos, r) : GameStore::kZero;
    const Bitboard squares = r.empty | r.amazons;
    const Key key = keyOf(pos, squares);
    if (givenUp_.count(key)) return std::nullopt;
    callNodes_ = 0;
    const std::optional<GameId> v = contestedValue(pos, squares);
    if (!v) {
        givenUp_.insert(key);
        ++givenUpSearches_;
    }
    return v;
}

// {the values after each White move | after each Black move} of the region walled off, the
// side to move set to each in turn (a region's value does not depend on who is to move).
std::optional<GameId> RegionGames::contestedValue(const Position& pos, Bitboard squares) {
    const Key key = keyOf(pos, squares);
    if (const auto it = values_.find(key); it != values_.end()) return it->second;
    if (++callNodes_ > nodeBudget_) return std::nullopt;
    ++nodes_;
    Position walled = walledTo(pos, squares);
    std::vector<GameId> options[2];
    for (const Color side : {Color::White, Color::Black}) {
        walled.setSideToMove(side);
        MoveList moves;
        walled.generateMoves(moves);
        for (const Move m : moves) {
            walled.makeMove(m);
            const std::optional<GameId> after = sumOfRegions(walled);
            walled.undoMove(m);
            if (!after) return std::nullopt;
            options[index(side)].push_back(*after);
        }
    }
    const GameId g = store_.game(std::move(options[index(Color::White)]),
                                 std::move(options[index(Color::Black)]));
    values_.emplace(key, g);
    return g;
}

// A move can cut its region in parts: their values add.
std::optional<GameId> RegionGames::sumOfRegions(const Position& pos) {
    GameId sum = GameStore::kZero;
    for (const Region& r : findRegions(pos)) {
        if (!r.amazons) continue;  // nobody can move there
        const std::optional<GameId> v =
            r.contested ? contestedValue(pos, r.empty | r.amazons) : ownedValue(pos, r);
        if (!v) return std::nullopt;
        sum = store_.add(sum, *v);
    }
    return sum;
}

// A region only its owner can move in equals its longest line there.
std::optional<GameId> RegionGames::ownedValue(const Position& pos, const Region& r) {
    const MoveBounds b = counter_.count(pos.width(), r.amazons, r.empty);
    if (!b.exact()) return std::nullopt;
    return store_.integer(*r.owner == Color::White ? b.lower : -b.lower);
}

}  // namespace hippolyta
