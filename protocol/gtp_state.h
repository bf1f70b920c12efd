// What a GTP session knows: the game, the engine, the time settings and the options. Every
// change to the game goes through here, so that listeners (an engine-side game log, later) see
// each one.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/search/engine.h"
#include "engine/search/time_control.h"
#include "protocol/background_search.h"
#include "protocol/book_source.h"
#include "protocol/gtp_options.h"
#include "protocol/response_stream.h"

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
    BoardShape boardSize() const { return game_.position().shape(); }
    Engine& engine() { return engine_; }
    TimeControl& time() { return time_; }
    const GtpOptions& options() const { return options_; }
    BookSource& book() { return book_; }

    // The standard start on a board of that shape (already validated).
    void newGame(BoardShape shape);
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

    // Streamed answers (analysis) go through here.
    ResponseStream& stream() { return stream_; }

    // Thinking in the background. Only one background search runs, and it is stopped before
    // any command runs, so handlers always find the engine idle.
    bool ponderEnabled() const { return ponder_; }
    void setPonder(bool on) { ponder_ = on; }
    // Starts pondering on the current position if pondering is on, the engine searches trees
    // and the game is not over. Returns whether it started.
    bool startPonder();
    // Streams analysis of `game` until the next input line; `onDone` runs when it ends.
    void startAnalysis(Game game, SearchLimits limits, BackgroundSearch::DoneHandler onDone);
    // Stops pondering or analysis (closing an analysis answer with its empty line).
    void stopBackground();
    // Root visits of the last ponder search (0 if the last background search was no ponder),
    // and forgets them: the move that follows reports how much of that tree it kept.
    uint64_t takePonderVisits() { return std::exchange(lastPonderVisits_, 0); }

    bool quitRequested() const { return quit_; }
    void requestQuit() { quit_ = true; }

  private:
    void announceNewGame();

    Game game_;
    Engine engine_;
    TimeControl time_;
    GtpOptions options_;
    BookSource book_;
    std::vector<std::unique_ptr<GameListener>> listeners_;
    bool quit_ = false;
    ResponseStream stream_;
    bool ponder_ = false;
    enum class Background { None, Ponder, Analysis } background_ = Background::None;
    uint64_t lastPonderVisits_ = 0;
    // Last: destroyed first, so that a running search stops before what it uses goes away.
    BackgroundSearch search_;
};

}  // namespace hippolyta
