#include "engine/search/engine.h"

#include <stdexcept>

#include "engine/eval/territory.h"

namespace hippolyta {

Engine::Engine(EngineConfig config) : config_(std::move(config)), rng_(config_.seed) {}

SearchResult Engine::chooseMove(const Game& game, const SearchLimits&) {
    stopRequested_ = false;
    if (config_.player == "greedy") return greedyMove(game.position());
    throw std::invalid_argument("unknown player '" + config_.player + "'");
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
