// The state of the SAU front between commands: the game as the platform plays it, our colour,
// the engine with its tree, the book, the game clock, the moves the platform refused, and the
// ponder search. One command at a time; every answer is one write and one flush on `out`.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "adapters/sau/sau_clock.h"
#include "adapters/sau/sau_front.h"
#include "adapters/sau/sau_protocol.h"
#include "engine/core/game.h"
#include "engine/search/engine.h"

namespace hippolyta {

class SauSession {
  public:
    using Clock = std::chrono::steady_clock;

    SauSession(std::ostream& out, std::ostream& log, const EngineConfig& config,
               const SauOptions& options);
    ~SauSession();
    SauSession(const SauSession&) = delete;
    SauSession& operator=(const SauSession&) = delete;

    // Executes one command, read at `received` (where the clock of a move asked for starts).
    // False once the program should end (`quit`). Never throws for bad input.
    bool handle(const SauCommand& cmd, Clock::time_point received);
    // Stops a ponder search, if one runs, and waits for it.
    void stopPondering();

    const Game& game() const { return game_; }
    bool playing() const { return playing_; }
    Color us() const { return us_; }
    const SauClock& clock() const { return clock_; }

  private:
    void newGame(SauColor color, Clock::time_point received);
    void opponentMove(Move m, Clock::time_point received);
    void moveRefused(Clock::time_point received);
    void gameEnded(const SauCommand& cmd);
    // Plays our move if we are to move in a game that goes on, and sends it.
    void moveNow(Clock::time_point received);
    std::optional<Move> chooseMove();
    std::optional<Move> bookMove();
    std::optional<Move> searchMove();
    bool refused(Move m) const;
    void startPondering();
    void send(const std::string& text);
    std::string describe(Move m) const;

    std::ostream& out_;
    std::ostream& log_;
    EngineConfig config_;
    SauOptions options_;
    Engine engine_;
    const Book* book_;
    std::mt19937_64 bookRng_;
    SauClock clock_;
    Game game_{Position::start(kSauBoardSize)};
    Color us_ = Color::White;
    bool playing_ = false;
    std::optional<Move> lastOurs_;  // our last move, until the opponent answers it
    std::vector<Move> refused_;     // refused in this position with `error`
    std::thread ponder_;
    std::atomic<bool> ponderStop_{false};
    std::string ponderFailure_;  // written by the ponder thread, read after joining it
};

}  // namespace hippolyta
