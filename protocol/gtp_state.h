// What a GTP session knows: the game, the engine, the time settings and the options. Every
// change to the game goes through here, so that listeners (an engine-side game log, later) see
// each one.
#pragma once

#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/search/engine.h"
#include "engine/search/time_control.h"
#include "protocol/gtp_options.h"

namespace hippolyta {

// Told about every change to the session's game, after it happened. Extension point for the
// engine-side game log (--game-log) and anything else that follows the game.
class GameListener {
  public:
    virtual ~GameListener() = default;
    // A new game: boardsize, clear_board, a set position, or a loaded game.
    virtual void onNewGame(const Game& /*game*/) {}
    // A move was played; it is game.moves().back(), by game.movers().back().
    virtual void onMove(const Game& /*game*/) {}
    // The last move was taken back.
    virtual void onUndo(const Game& /*game*/) {}
};

class GtpState {
  public:
    GtpState(const EngineConfig& config, GtpOptions options);

    const Game& game() const { return game_; }
    int boardSize() const { return game_.size(); }
    Engine& engine() { return engine_; }
    TimeControl& time() { return time_; }
    const GtpOptions& options() const { return options_; }

    // The standard start on an n x n board (n already validated).
    void newGame(int n);
    // A set-up position with no history.
    void setPosition(const Position& pos);
    // A whole game at once (for loaded records).
    void replaceGame(Game game);
    // GTP lets either colour move: the side to move becomes c, then m is tried. Returns false
    // and changes nothing if m is illegal.
    bool play(Color c, Move m);
    // Makes c the side to move (kept if the move that follows turns out impossible).
    void setSideToMove(Color c) { game_.setSideToMove(c); }
    bool undo();

    void addListener(std::unique_ptr<GameListener> listener);

    bool quitRequested() const { return quit_; }
    void requestQuit() { quit_ = true; }

  private:
    void announceNewGame();

    Game game_;
    Engine engine_;
    TimeControl time_;
    GtpOptions options_;
    std::vector<std::unique_ptr<GameListener>> listeners_;
    bool quit_ = false;
};

}  // namespace hippolyta
