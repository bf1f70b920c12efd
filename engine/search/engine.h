// The engine facade: everything a front (GTP, text mode, Botzone) asks of the engine goes
// through here. It never prints. chooseMove() blocks; stop() may be called from any thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/core/game.h"

namespace hippolyta {

struct EngineConfig {
    std::string player = "greedy";  // which player answers genmove
    int threads = 1;
    int memoryMb = 1024;
    double moveTimeSeconds = 1.0;  // fallback budget per move without a clock
    uint64_t visits = 0;           // fixed visit count per move (0: use time)
    uint64_t seed = 0;
};

// What one search may spend; zero means "no limit of this kind".
struct SearchLimits {
    double seconds = 0;
    uint64_t visits = 0;
};

struct SearchResult {
    std::optional<Move> move;  // empty only when the side to move has no legal move
    double winrate = 0.5;      // for the side to move
    uint64_t visits = 0;
    std::vector<Move> pv;
};

class Engine {
public:
    explicit Engine(EngineConfig config);

    const EngineConfig& config() const { return config_; }
    // Chooses a move for the side to move of game.position(). Blocks until done.
    SearchResult chooseMove(const Game& game, const SearchLimits& limits);
    // The limits to use when the controller gave no clock.
    SearchLimits defaultLimits() const { return {config_.moveTimeSeconds, config_.visits}; }
    // Asks a running chooseMove() to return as soon as it can. Thread-safe.
    void stop() { stopRequested_ = true; }
    // Forget anything kept from an earlier game.
    void newGame() {}

private:
    SearchResult greedyMove(const Position& pos);

    EngineConfig config_;
    std::mt19937_64 rng_;
    std::atomic<bool> stopRequested_{false};
};

}  // namespace hippolyta
