// Short combinatorial games in canonical form. A game is {L | R}: the games Left (here White)
// and Right (Black) can move to. Every value has exactly one canonical form (no dominated and
// no reversible options), so a store that interns games by their options gives equal values
// one id, and the sum of a board's independent regions is decided by comparing one game with
// 0: Left moving first wins G unless G <= 0, Right moving first unless G >= 0. The algorithms
// are the textbook ones (Berlekamp, Conway and Guy, "Winning Ways", ch. 1-4; Siegel,
// "Combinatorial Game Theory", II.1-3), memoised on ids.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace hippolyta {

using GameId = uint32_t;

class GameStore {
  public:
    GameStore();

    static constexpr GameId kZero = 0;  // { | }
    GameId integer(int n);
    // The canonical form of {left | right}. Every option must be canonical (an id this store
    // returned from integer, game, add or negate).
    GameId game(std::vector<GameId> left, std::vector<GameId> right);
    GameId add(GameId a, GameId b);
    GameId negate(GameId g);
    bool lessOrEqual(GameId a, GameId b);
    bool leftWinsMovingFirst(GameId g) { return !lessOrEqual(g, kZero); }
    bool rightWinsMovingFirst(GameId g) { return !lessOrEqual(kZero, g); }

    bool isNumber(GameId g) const { return games_[g].number; }
    const std::vector<GameId>& leftOptions(GameId g) const { return games_[g].left; }
    const std::vector<GameId>& rightOptions(GameId g) const { return games_[g].right; }
    // "3", "-1/2", "*", "-5*", "{1|-1}", "{0,*|0}": numbers as dyadic fractions, {x|x} as x*,
    // other games by their options.
    std::string text(GameId g) const;
    size_t size() const { return games_.size(); }

  private:
    struct Game {
        std::vector<GameId> left, right;  // sorted, no repeats
        bool number = false;              // set for canonical forms only
    };
    struct OptionsHash {
        size_t operator()(const std::pair<std::vector<GameId>, std::vector<GameId>>& o) const;
    };
    // The game with exactly these options (sorted and unique), canonical or not.
    GameId intern(const std::vector<GameId>& left, const std::vector<GameId>& right);
    void removeDominated(std::vector<GameId>& options, bool leftSide);
    bool bypassOneReversible(GameId g, std::vector<GameId>& left, std::vector<GameId>& right);
    bool computeIsNumber(const Game& g);
    static uint64_t pairKey(GameId a, GameId b) { return (static_cast<uint64_t>(a) << 32) | b; }

    std::vector<Game> games_;
    std::unordered_map<std::pair<std::vector<GameId>, std::vector<GameId>>, GameId, OptionsHash>
        index_;
    std::unordered_map<int, GameId> integers_;
    std::unordered_map<uint64_t, bool> lessOrEqual_;
    std::unordered_map<uint64_t, GameId> sums_;
    std::unordered_map<GameId, GameId> negations_;
};

}  // namespace hippolyta
