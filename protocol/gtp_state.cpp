#include "protocol/gtp_state.h"

namespace hippolyta {

GtpState::GtpState(const EngineConfig& config, GtpOptions options)
    : engine_(config), options_(std::move(options)) {}

void GtpState::newGame(int n) {
    game_ = Game(Position::start(n));
    announceNewGame();
}

void GtpState::setPosition(const Position& pos) {
    game_ = Game(pos);
    announceNewGame();
}

void GtpState::replaceGame(Game game) {
    game_ = std::move(game);
    announceNewGame();
}

bool GtpState::play(Color c, Move m) {
    const Color before = game_.position().sideToMove();
    game_.setSideToMove(c);
    if (!game_.play(m)) {
        game_.setSideToMove(before);
        return false;
    }
    for (auto& l : listeners_)
        l->onMove(game_);
    return true;
}

bool GtpState::undo() {
    if (!game_.undo()) return false;
    for (auto& l : listeners_)
        l->onUndo(game_);
    return true;
}

void GtpState::addListener(std::unique_ptr<GameListener> listener) {
    listeners_.push_back(std::move(listener));
}

void GtpState::announceNewGame() {
    engine_.newGame();
    for (auto& l : listeners_)
        l->onNewGame(game_);
}

}  // namespace hippolyta
