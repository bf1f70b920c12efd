#include "engine/solve/cgt.h"

#include <algorithm>
#include <cstdlib>

namespace hippolyta {

namespace {

void sortUnique(std::vector<GameId>& ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

// A dyadic number num / 2^exp, for printing.
struct Dyadic {
    int64_t num = 0;
    int exp = 0;
};

Dyadic halfSum(Dyadic a, Dyadic b) {
    const int e = std::max(a.exp, b.exp);
    Dyadic s{(a.num << (e - a.exp)) + (b.num << (e - b.exp)), e + 1};
    while (s.exp > 0 && s.num % 2 == 0) {
        s.num /= 2;
        --s.exp;
    }
    return s;
}

}  // namespace

size_t GameStore::OptionsHash::operator()(
    const std::pair<std::vector<GameId>, std::vector<GameId>>& o) const {
    uint64_t h = 0xcbf29ce484222325ULL;
    const auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ULL; };
    for (const GameId id : o.first)
        mix(id + 1);
    mix(0xffffffffULL);  // the bar between the sides
    for (const GameId id : o.second)
        mix(id + 1);
    return static_cast<size_t>(h ^ (h >> 29));
}

GameStore::GameStore() {
    intern({}, {});
    games_[kZero].number = true;
    integers_[0] = kZero;
}

GameId GameStore::intern(const std::vector<GameId>& left, const std::vector<GameId>& right) {
    auto [it, added] = index_.try_emplace({left, right}, static_cast<GameId>(games_.size()));
    if (added) games_.push_back(Game{left, right, false});
    return it->second;
}

GameId GameStore::integer(int n) {
    if (const auto it = integers_.find(n); it != integers_.end()) return it->second;
    const GameId g = n > 0 ? game({integer(n - 1)}, {}) : game({}, {integer(n + 1)});
    integers_[n] = g;
    return g;
}

// Options only ever get simpler, so the loop ends (Siegel, Theorem II.2.9: removing dominated
// options and bypassing reversible ones, until neither applies, gives the canonical form).
GameId GameStore::game(std::vector<GameId> left, std::vector<GameId> right) {
    sortUnique(left);
    sortUnique(right);
    for (;;) {
        removeDominated(left, true);
        removeDominated(right, false);
        const GameId g = intern(left, right);
        if (!bypassOneReversible(g, left, right)) {
            const bool number = computeIsNumber(games_[g]);
            games_[g].number = number;
            return g;
        }
        sortUnique(left);
        sortUnique(right);
    }
}

// Distinct canonical ids are distinct values, so two options never dominate each other.
void GameStore::removeDominated(std::vector<GameId>& options, bool leftSide) {
    std::vector<GameId> kept;
    for (const GameId a : options) {
        bool dominated = false;
        for (const GameId b : options)
            if (b != a && (leftSide ? lessOrEqual(a, b) : lessOrEqual(b, a))) {
                dominated = true;
                break;
            }
        if (!dominated) kept.push_back(a);
    }
    options.swap(kept);
}

// A Left option whose Right reply is at most g can be replaced by that reply's Left options
// (and symmetrically for Right). Bypasses one and says so.
bool GameStore::bypassOneReversible(GameId g, std::vector<GameId>& left,
                                    std::vector<GameId>& right) {
    const auto bypass = [&](std::vector<GameId>& options, bool leftSide) {
        for (size_t i = 0; i < options.size(); ++i) {
            const Game& option = games_[options[i]];
            const std::vector<GameId> replies = leftSide ? option.right : option.left;
            for (const GameId reply : replies)
                if (leftSide ? lessOrEqual(reply, g) : lessOrEqual(g, reply)) {
                    options.erase(options.begin() + static_cast<long>(i));
                    const Game& through = games_[reply];
                    const std::vector<GameId>& next = leftSide ? through.left : through.right;
                    options.insert(options.end(), next.begin(), next.end());
                    return true;
                }
        }
        return false;
    };
    return bypass(left, true) || bypass(right, false);
}

// A canonical game is a number iff its options are numbers and every Left option is less than
// every Right one.
bool GameStore::computeIsNumber(const Game& g) {
    for (const GameId o : g.left)
        if (!games_[o].number) return false;
    for (const GameId o : g.right)
        if (!games_[o].number) return false;
    for (const GameId l : g.left)
        for (const GameId r : g.right)
            if (lessOrEqual(r, l)) return false;
    return true;
}

// a <= b unless some Left option of a is >= b or some Right option of b is <= a.
bool GameStore::lessOrEqual(GameId a, GameId b) {
    if (a == b) return true;
    const uint64_t key = pairKey(a, b);
    if (const auto it = lessOrEqual_.find(key); it != lessOrEqual_.end()) return it->second;
    bool result = true;
    for (size_t i = 0; result && i < games_[a].left.size(); ++i)
        if (lessOrEqual(b, games_[a].left[i])) result = false;
    for (size_t i = 0; result && i < games_[b].right.size(); ++i)
        if (lessOrEqual(games_[b].right[i], a)) result = false;
    lessOrEqual_.emplace(key, result);
    return result;
}

// G + H = {GL + H, G + HL | GR + H, G + HR}; a number x added to a game G that is not one
// needs only G's options: G + x = {GL + x | GR + x} (number translation).
GameId GameStore::add(GameId a, GameId b) {
    if (a == kZero) return b;
    if (b == kZero) return a;
    if (a > b) std::swap(a, b);
    const uint64_t key = pairKey(a, b);
    if (const auto it = sums_.find(key); it != sums_.end()) return it->second;
    const bool aNumber = games_[a].number, bNumber = games_[b].number;
    std::vector<GameId> left, right;
    const auto addOptions = [&](GameId of, GameId other) {
        const std::vector<GameId> l = games_[of].left, r = games_[of].right;
        for (const GameId o : l)
            left.push_back(add(o, other));
        for (const GameId o : r)
            right.push_back(add(o, other));
    };
    if (!(aNumber && !bNumber)) addOptions(a, b);
    if (!(bNumber && !aNumber)) addOptions(b, a);
    const GameId sum = game(std::move(left), std::move(right));
    sums_.emplace(key, sum);
    return sum;
}

GameId GameStore::negate(GameId g) {
    if (g == kZero) return g;
    if (const auto it = negations_.find(g); it != negations_.end()) return it->second;
    const std::vector<GameId> l = games_[g].left, r = games_[g].right;
    std::vector<GameId> left, right;
    for (const GameId o : r)
        left.push_back(negate(o));
    for (const GameId o : l)
        right.push_back(negate(o));
    const GameId n = game(std::move(left), std::move(right));
    negations_.emplace(g, n);
    return n;
}

std::string GameStore::text(GameId g) const {
    const Game& game = games_[g];
    if (game.number) {
        // Canonical numbers: n = {n-1 | }, -n = { | -n+1}, and m/2^k = {(m-1)/2^k | (m+1)/2^k}.
        const auto value = [this](GameId id, const auto& self) -> Dyadic {
            const Game& x = games_[id];
            if (!x.left.empty() && !x.right.empty())
                return halfSum(self(x.left[0], self), self(x.right[0], self));
            if (!x.left.empty()) return Dyadic{self(x.left[0], self).num + 1, 0};
            if (!x.right.empty()) return Dyadic{self(x.right[0], self).num - 1, 0};
            return Dyadic{};
        };
        const Dyadic v = value(g, value);
        if (v.exp == 0) return std::to_string(v.num);
        return std::to_string(v.num) + "/" + std::to_string(int64_t{1} << v.exp);
    }
    // x* = {x | x} for a number x.
    if (game.left.size() == 1 && game.right == game.left && games_[game.left[0]].number)
        return (game.left[0] == kZero ? "" : text(game.left[0])) + "*";
    std::string out = "{";
    for (size_t i = 0; i < game.left.size(); ++i)
        out += (i ? "," : "") + text(game.left[i]);
    out += "|";
    for (size_t i = 0; i < game.right.size(); ++i)
        out += (i ? "," : "") + text(game.right[i]);
    return out + "}";
}

}  // namespace hippolyta
