// The one way a handler gets a move from the engine: limits for the move, then a search whose
// answer is checked against the rules.
#include <spdlog/spdlog.h>

#include "engine/core/notation.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

SearchLimits moveLimits(GtpState& state, Color /*c*/) {
    return state.engine().defaultLimits();
}

std::optional<Move> searchLegalMove(GtpState& state, const Game& game, const SearchLimits& limits) {
    const Position& pos = game.position();
    if (!pos.hasLegalMove()) return std::nullopt;
    const SearchResult result = state.engine().chooseMove(game, limits);
    if (result.move && pos.isLegal(*result.move)) return result.move;
    spdlog::error("engine answered {} in {}; playing the first legal move instead",
                  result.move ? formatMove(*result.move, pos.size()) : "no move",
                  formatPosition(pos));
    MoveList moves;
    pos.generateMoves(moves);
    return moves.front();
}

}  // namespace hippolyta
