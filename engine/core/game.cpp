#include "engine/core/game.h"

#include "engine/core/assert.h"

namespace hippolyta {

bool Game::play(Move m) {
    if (!current_.isLegal(m)) return false;
    movers_.push_back(current_.sideToMove());
    current_.makeMove(m);
    moves_.push_back(m);
    HIPPOLYTA_ASSERT(movers_.size() == moves_.size());
    return true;
}

bool Game::undo() {
    if (moves_.empty()) return false;
    const Color mover = movers_.back();
    // The mover may differ from the natural alternation when GTP repeated a colour.
    current_.setSideToMove(opposite(mover));
    current_.undoMove(moves_.back());
    moves_.pop_back();
    movers_.pop_back();
    HIPPOLYTA_ASSERT(movers_.size() == moves_.size());
    HIPPOLYTA_ASSERT(!moves_.empty() || current_ == start_);  // back to the start, exactly
    return true;
}

void Game::setSideToMove(Color c) {
    if (current_.sideToMove() == c) return;
    current_.setSideToMove(c);
    if (moves_.empty()) start_ = current_;
}

std::optional<Color> Game::winner() const {
    if (!isOver()) return std::nullopt;
    return opposite(current_.sideToMove());
}

}  // namespace hippolyta
