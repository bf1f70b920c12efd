#include "engine/search/engine.h"

#include <stdexcept>

#include "engine/eval/territory.h"
#include "engine/search/alphabeta2.h"
#include "engine/search/levels.h"
#include "engine/search/mcts.h"

namespace hippolyta {

MctsOptions mctsOptionsOf(const EngineConfig& config) {
    MctsOptions o;
    o.threads = config.threads;
    o.memoryMb = config.memoryMb;
    o.seed = config.seed;
    o.params = config.search;
    o.eval = config.eval;
    o.prior = config.prior;
    o.patterns = config.patterns;
    o.net = config.net;
    o.netBoardSize = config.netBoardSize;
    return o;
}

Engine::Engine(EngineConfig config) : config_(std::move(config)), rng_(config_.seed) {
    if (config_.player != "mcts" && config_.player != "alphabeta2" && config_.player != "greedy")
        throw std::invalid_argument("unknown player '" + config_.player +
                                    "' (mcts, alphabeta2, greedy)");
    if (config_.player == "mcts") mcts_ = std::make_unique<Mcts>(mctsOptionsOf(config_));
}

Engine::~Engine() = default;

SearchResult Engine::chooseMove(const Game& game, const SearchLimits& limits) {
    stopRequested_ = false;
    if (config_.player == "mcts" && config_.level < kMaxLevel) return levelMove(game, limits);
    return chooseMove(game, limits, stopRequested_);
}

SearchResult Engine::chooseMove(const Game& game, const SearchLimits& limits,
                                const std::atomic<bool>& stopFlag) {
    if (config_.player == "greedy") return greedyMove(game.position());
    if (config_.player == "alphabeta2")
        return alphaBeta2(game.position(), rng_, stopFlag, limits.seconds);
    return mcts_->search(game, limits, stopFlag);
}

SearchResult Engine::snapshot() const {
    return mcts_ ? mcts_->snapshot() : SearchResult{};
}

std::vector<TreeSample> Engine::treeSamples(uint32_t minVisits, std::optional<Move> skip,
                                            size_t limit) const {
    if (!mcts_ || config_.player != "mcts") return {};
    return mcts_->treeSamples(minVisits, skip, limit);
}

void Engine::newGame() {
    if (mcts_) mcts_->clear();
}

// A reduced level: its fixed visits, then its softmax choice; no search at all for the lowest
// levels. Under a clock (a reporting hook) the clock's hard maximum stays as a safety, but its
// early stops go: they would make the level depend on the machine's speed.
SearchResult Engine::levelMove(const Game& game, const SearchLimits& limits) {
    const LevelSettings s = levelSettings(config_.level);
    SearchResult result;
    if (s.visits == 0) {
        result.move = pickByTerritory(game.position(), s.temperature, rng_);
    } else {
        SearchLimits capped = limits;
        capped.visits = s.visits;
        capped.seconds = limits.onReport ? limits.seconds : 0;
        capped.onReport = nullptr;
        result = mcts_->search(game, capped, stopRequested_);
        result.move = pickAmongCandidates(result, s.temperature, rng_);
    }
    if (result.move) result.pv = {*result.move};
    return result;
}

// One ply: the move that leaves the best queen-territory count, ties broken at random.
SearchResult Engine::greedyMove(const Position& start) {
    Position pos = start;
    const Color me = pos.sideToMove();
    MoveList moves;
    pos.generateMoves(moves);
    SearchResult result;
    double best = -1e9;
    int ties = 0;
    for (Move m : moves) {
        pos.makeMove(m);
        const double score = queenTerritoryScore(pos, me);
        pos.undoMove(m);
        if (score > best + 1e-9) {
            best = score;
            result.move = m;
            ties = 1;
        } else if (score > best - 1e-9 && rng_() % ++ties == 0) {
            result.move = m;
        }
    }
    result.visits = moves.size();
    if (result.move) result.pv = {*result.move};
    return result;
}

}  // namespace hippolyta
