#include "protocol/gtp_state.h"

#include <spdlog/spdlog.h>

#include "engine/search/levels.h"

namespace hippolyta {

GtpState::GtpState(const EngineConfig& config, GtpOptions options)
    : engine_(config),
      options_(std::move(options)),
      book_(options_.book),
      ponder_(options_.ponder) {}

void GtpState::newGame(BoardShape shape) {
    game_ = Game(Position::start(shape));
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

bool GtpState::startPonder() {
    if (!ponder_ || engine_.config().player != "mcts" || engine_.config().level < kMaxLevel ||
        options_.maxPonderSeconds <= 0 || !game_.position().hasLegalMove())
        return false;
    stopBackground();
    background_ = Background::Ponder;
    // The memory cap bounds the tree; the time cap bounds a ponder nobody interrupts.
    search_.start(engine_, game_, SearchLimits(options_.maxPonderSeconds));
    return true;
}

void GtpState::startAnalysis(Game game, SearchLimits limits, BackgroundSearch::DoneHandler onDone) {
    stopBackground();
    background_ = Background::Analysis;
    search_.start(engine_, std::move(game), std::move(limits), std::move(onDone));
}

void GtpState::stopBackground() {
    const std::optional<SearchResult> result = search_.stop();
    const Background was = std::exchange(background_, Background::None);
    if (was == Background::Analysis) stream_.close();
    if (!result) return;
    lastPonderVisits_ = was == Background::Ponder ? result->visits : 0;
    if (was == Background::Ponder)
        spdlog::info("ponder: {} simulations in {:.2f} s, {} root visits", result->simulations,
                     result->seconds, result->visits);
}

void GtpState::announceNewGame() {
    engine_.newGame();
    time_.resetClocks();  // our own clock restarts; the controller may report it again
    for (auto& l : listeners_)
        l->onNewGame(game_);
}

}  // namespace hippolyta
