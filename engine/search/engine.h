// The engine facade: everything a front (GTP, text mode, Botzone) asks of the engine goes
// through here. It never prints. chooseMove() blocks; stop() and snapshot() may be called from
// any thread while it runs.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/eval/evaluation.h"
#include "engine/search/move_prior.h"
#include "engine/search/pattern_prior_file.h"
#include "engine/search/search_net.h"
#include "engine/search/search_types.h"

namespace hippolyta {

class Mcts;
struct MctsOptions;

struct EngineConfig {
    // Who answers genmove: "mcts" (the real engine), "alphabeta2" (the two-ply territory
    // baseline of the literature) or "greedy" (one ply, territory count).
    std::string player = "mcts";
    int threads = 1;
    int memoryMb = 1024;           // cap on the search tree (never exceeded)
    double moveTimeSeconds = 1.0;  // fallback budget per move without a clock
    uint64_t visits = 0;           // fixed simulations per move (0: use time)
    uint64_t seed = 0;
    int level = 10;       // strength 1..10 (engine/search/levels.h); 10 is the full engine
    SearchParams search;  // tree-search constants
    EvalWeights eval;     // evaluation weights
    PriorWeights prior = fittedPriorWeights();  // the learned move order (MoveOrdering::Learned)
    PatternPriors patterns = builtInPatternPriors();  // MoveOrdering::Pattern's weights
    // A policy-and-value network for the MCTS (shared, immutable); none: the linear model alone.
    std::shared_ptr<const SearchNet> net;
    int netBoardSize = 0;  // the only board size the net plays on (0: every square board)
};

// The MCTS options of config: its threads, memory, seed, constants and net. The one place that
// copies EngineConfig's fields into MctsOptions, so that the engine and the bench cannot drift.
MctsOptions mctsOptionsOf(const EngineConfig& config);

class Engine {
  public:
    explicit Engine(EngineConfig config);
    ~Engine();

    const EngineConfig& config() const { return config_; }
    // Chooses a move for the side to move of game.position(). Blocks until done. The search
    // tree is kept and reused when a later call's game continues this one. Below level 10 the
    // level's visits replace the limits' and its choice replaces the best move.
    SearchResult chooseMove(const Game& game, const SearchLimits& limits);
    // The same at full strength, stopped by the caller's own flag instead of stop(): for
    // searches started on another thread (pondering, analysis), where a stop() could
    // otherwise arrive before the search has begun.
    SearchResult chooseMove(const Game& game, const SearchLimits& limits,
                            const std::atomic<bool>& stopFlag);
    // The limits to use when the controller gave no clock.
    SearchLimits defaultLimits() const {
        SearchLimits l;
        l.seconds = config_.visits ? 0 : config_.moveTimeSeconds;
        l.visits = config_.visits;
        return l;
    }
    // Asks a running chooseMove() to return as soon as it can. Thread-safe.
    void stop() { stopRequested_ = true; }
    // The running (or last) search's current best move and candidates. Thread-safe.
    SearchResult snapshot() const;
    // The last search's well-visited interior nodes (Mcts::treeSamples); none for the players
    // without a tree. Between searches.
    std::vector<TreeSample> treeSamples(uint32_t minVisits, std::optional<Move> skip,
                                        size_t limit) const;
    // Forget anything kept from an earlier game (the search tree).
    void newGame();
    // The strength level, 1..10 (checked by the caller, see parseLevel()).
    void setLevel(int level) { config_.level = level; }

  private:
    SearchResult greedyMove(const Position& pos);
    SearchResult levelMove(const Game& game, const SearchLimits& limits);

    EngineConfig config_;
    std::mt19937_64 rng_;
    std::atomic<bool> stopRequested_{false};
    std::unique_ptr<Mcts> mcts_;
};

}  // namespace hippolyta
