// The one way a handler gets a move from the engine: the opening book's move when it has a
// sound one, else a search under the given limits whose answer is checked against the rules;
// then timed on the clock and played.
#include <spdlog/spdlog.h>

#include <chrono>

#include "engine/core/notation.h"
#include "engine/search/levels.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"
#include "protocol/move_budget.h"

namespace hippolyta {

std::optional<Move> searchLegalMove(Engine& engine, const Game& game, const SearchLimits& limits) {
    const Position& pos = game.position();
    if (!pos.hasLegalMove()) return std::nullopt;
    const SearchResult result = engine.chooseMove(game, limits);
    if (result.move && pos.isLegal(*result.move)) return result.move;
    spdlog::error("engine answered {} in {}; playing the first legal move instead",
                  result.move ? formatMove(*result.move, pos.shape()) : "no move",
                  formatPosition(pos));
    MoveList moves;
    pos.generateMoves(moves);
    return moves.front();
}

std::optional<Move> chooseEngineMove(GtpState& state, const Game& game,
                                     const SearchLimits& limits) {
    const Position& pos = game.position();
    // The baseline players stay pure: only the real engine plays from the book, and only at
    // the levels that use it.
    const EngineConfig& config = state.engine().config();
    const bool useBook =
        config.player == "mcts" && (config.level >= kMaxLevel || levelSettings(config.level).book);
    if (useBook && pos.hasLegalMove()) {
        if (const std::optional<BookMove> b = state.book().choose(pos)) {
            spdlog::info("book move {}: visits {}, value {:.4f}", formatMove(b->move, pos.shape()),
                         b->visits, b->value);
            return b->move;
        }
    }
    return searchLegalMove(state.engine(), game, limits);
}

std::optional<Move> playEngineMove(GtpState& state, Color c, const SearchLimits& limits) {
    const auto start = std::chrono::steady_clock::now();
    state.setSideToMove(c);
    const std::optional<Move> m = chooseEngineMove(state, state.game(), limits);
    if (!m) return std::nullopt;
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spdlog::info("{} plays {} after {:.3f} s", colorName(c), formatMove(*m, state.boardSize()),
                 seconds);
    recordMoveTime(state, c, seconds);
    state.play(c, *m);
    return m;
}

}  // namespace hippolyta
