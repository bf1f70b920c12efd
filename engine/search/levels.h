// Strength levels 1..10 for casual play. Level 10 is the full engine, unchanged. Below it a
// level searches a fixed number of visits (so that its strength does not depend on the machine
// or its load) and then chooses deliberately among good-enough moves: a softmax with a
// temperature over the root's winrates. The lowest levels do not search at all: they weigh
// every legal move by its one-ply territory count, softmax again. Both only ever pick a legal
// move, and both draw from the engine's seeded generator, so a fixed --seed replays a game.
// The table and its calibration are in docs/levels.md.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include "engine/core/position.h"
#include "engine/search/search_types.h"

namespace hippolyta {

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 10;  // the full engine

struct LevelSettings {
    // Search visits per move; 0: no search, a softmax over the one-ply territory counts.
    uint64_t visits = 0;
    // Softmax temperature: in winrate units over the root's candidates with visits, in
    // territory squares over every legal move when visits is 0. 0 plays the best.
    double temperature = 0;
    bool book = false;  // play from the opening book
};

// The settings of levels 1..9; level 10 (the full engine) has none. Throws
// std::out_of_range outside 1..9.
LevelSettings levelSettings(int level);

// Parses a level "1".."10"; empty when the text is not a whole number in range.
std::optional<int> parseLevel(const char* text);

// Chooses among a search's well-searched root candidates (at least a tenth of the most
// visited one's visits, not proven lost): each has weight exp((winrate - best) / temperature),
// best being the highest winrate among them. Temperature 0, or a result without candidates,
// keeps the search's own move (the most visited).
std::optional<Move> pickAmongCandidates(const SearchResult& result, double temperature,
                                        std::mt19937_64& rng);

// No search: every legal move weighed by exp((score - best) / temperature), where the score is
// the queen-territory count after the move. Empty when the side to move has no legal move.
std::optional<Move> pickByTerritory(const Position& pos, double temperature, std::mt19937_64& rng);

}  // namespace hippolyta
