// The state of a text-mode session: the game, who plays each colour, the AI and its budget.
// It executes one command at a time and writes the assignment's output lines.
#pragma once

#include <array>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

#include "adapters/text/text_budget.h"
#include "adapters/text/text_command.h"
#include "adapters/text/text_front.h"
#include "engine/core/game.h"
#include "engine/search/engine.h"

namespace hippolyta {

class TextSession {
  public:
    TextSession(std::ostream& out, std::ostream& err, const EngineConfig& config,
                const TextOptions& options);

    // Executes one input line. Returns false once the session should end (`quit`).
    bool handleLine(std::string_view line);
    // Lets the AI move for as long as an AI player is to move and the game is not over.
    void playAiMoves();
    // The prompt to show before reading the next line: "white> ", "black> ", or "> " once the
    // game is over.
    std::string prompt() const;

    const Game& game() const { return game_; }
    bool isAi(Color c) const { return ai_[index(c)]; }

  private:
    void execute(const TextCommand& cmd);
    void playManualMove(const TextCommand& cmd);
    void undo();
    void newGame(const Position& start);
    // Plays m (legal) for the side to move and announces the end of the game if it ends.
    void commit(Move m);

    std::ostream& out_;
    std::ostream& err_;
    EngineConfig config_;
    std::unique_ptr<Engine> engine_;
    TextMoveBudget budget_;
    Game game_;
    std::array<bool, 2> ai_{false, true};  // White manual, Black AI: the harness relies on it
    std::array<double, 2> spentSeconds_{0, 0};
};

}  // namespace hippolyta
