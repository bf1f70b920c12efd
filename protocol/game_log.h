// The engine-side game log (hippolyta --game-log DIR): every game the engine plays is written
// to its own plain text record (engine/core/records/text_record.h) as it goes. The header is
// written when the game starts, each move is appended and flushed as it is played, and the
// result is appended at the end, so an engine killed at any moment leaves a valid record of
// every move played so far.
#pragma once

#include <fstream>
#include <stdexcept>
#include <string>

#include "engine/core/records/game_record.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

class GameLogError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class GameLog {
  public:
    // Creates dir if needed. Throws GameLogError if it cannot.
    explicit GameLog(std::string dir);
    ~GameLog();
    GameLog(const GameLog&) = delete;
    GameLog& operator=(const GameLog&) = delete;

    // Opens a new file for a game from header.start (names, time control and date taken from
    // header too; today's date if empty) and writes its header. A game still open is closed
    // first: as "Void" if it has moves, and deleted if it has none (GTP controllers send
    // clear_board repeatedly). Throws GameLogError when the file cannot be written.
    void startGame(const GameRecord& header);
    // Appends a move of the side to move and flushes. Needs an open game.
    void recordMove(Move m);
    // Takes back the last move (GTP undo): the file is rewritten through a temporary file.
    void undoMove();
    // Appends the result (an SGF RE value such as "W+") and closes the game.
    void finishGame(const std::string& result, const std::string& comment = "");

    // For a GTP session's game listener, one call per event:
    // a new game (boardsize, clear_board, loadsgf: moves already in `game` are written too),
    // a move played (game.moves().back()), a move taken back. When a move ends the game the
    // result ("W+" or "B+") is written and the file closed; an undo after that starts a new
    // file with the game so far.
    void followNewGame(const Game& game, const GameRecord& header = {});
    void followMove(const Game& game);
    void followUndo(const Game& game);

    bool inGame() const { return file_.is_open(); }
    // The file of the open game, or of the last one.
    const std::string& path() const { return path_; }

  private:
    void closeUnfinished();
    void write(const std::string& text);

    std::string dir_;
    std::string path_;
    std::ofstream file_;
    GameRecord record_;  // the open game, for undo rewrites
    int counter_ = 0;
};

// The GTP session's game listener for --game-log DIR:
//   state_.addListener(std::make_unique<GameLogListener>(dir));
// The constructor throws GameLogError if DIR cannot be created; later write failures are
// logged (spdlog) and never disturb the session.
class GameLogListener : public GameListener {
  public:
    explicit GameLogListener(std::string dir, GameRecord header = {});
    void onNewGame(const Game& game) override;
    void onMove(const Game& game) override;
    void onUndo(const Game& game) override;
    const GameLog& log() const { return log_; }

  private:
    template <typename F>
    void guarded(F&& f);
    GameLog log_;
    GameRecord header_;
};

}  // namespace hippolyta
