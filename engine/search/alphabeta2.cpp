#include "engine/search/alphabeta2.h"

#include <algorithm>
#include <chrono>
#include <limits>

#include "engine/eval/territory.h"

namespace hippolyta {

namespace {

constexpr double kWin = 1e6;

// Minimum over the opponent's replies of the leaf score, stopping as soon as it is <= alpha.
// `killer` is tried first and updated with the refutation found.
double worstReply(Position& pos, Color me, double alpha, Move& killer, MoveList& replies) {
    if (!pos.hasLegalMove()) return kWin;  // the opponent cannot move: we win
    double worst = std::numeric_limits<double>::infinity();
    auto leaf = [&](Move r) {
        pos.makeMove(r);
        const double v = pos.hasLegalMove() ? queenTerritoryScore(pos, me) : -kWin;
        pos.undoMove(r);
        return v;
    };
    if (pos.isLegal(killer)) {
        worst = leaf(killer);
        if (worst <= alpha) return worst;
    }
    pos.generateMoves(replies);
    for (const Move r : replies) {
        const double v = leaf(r);
        if (v < worst) {
            worst = v;
            killer = r;
            if (worst <= alpha) break;
        }
    }
    return worst;
}

}  // namespace

SearchResult alphaBeta2(const Position& start, std::mt19937_64& rng, const std::atomic<bool>& stop,
                        double seconds) {
    const auto t0 = std::chrono::steady_clock::now();
    Position pos = start;
    const Color me = pos.sideToMove();
    SearchResult result;
    MoveList moves, replies;
    pos.generateMoves(moves);
    if (moves.empty()) return result;
    // Order by the one-ply score so the best candidates raise alpha early; shuffle first so
    // equal values are tried in random order (random tie-breaks).
    std::shuffle(moves.begin(), moves.end(), rng);
    std::vector<std::pair<double, Move>> ordered;
    ordered.reserve(moves.size());
    for (const Move m : moves) {
        pos.makeMove(m);
        ordered.emplace_back(queenTerritoryScore(pos, me), m);
        pos.undoMove(m);
    }
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    double alpha = -std::numeric_limits<double>::infinity();
    Move killer{};
    uint64_t searched = 0;
    for (const auto& [unused, m] : ordered) {
        if (stop.load(std::memory_order_relaxed)) break;
        if (seconds > 0 && searched > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() >= seconds)
            break;
        pos.makeMove(m);
        const double v = worstReply(pos, me, alpha, killer, replies);
        pos.undoMove(m);
        ++searched;
        if (v > alpha) {
            alpha = v;
            result.move = m;
        }
    }
    result.visits = searched;
    result.simulations = searched;
    result.pv = {*result.move};
    result.winrate = alpha >= kWin ? 1.0 : alpha <= -kWin ? 0.0 : 0.5;
    result.proven = alpha >= kWin || alpha <= -kWin;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return result;
}

}  // namespace hippolyta
