// A game: a start position and the moves played from it, for undo and for records.
#pragma once

#include <optional>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

class Game {
  public:
    explicit Game(Position start = Position::start()) : start_(start), current_(start) {}

    const Position& start() const { return start_; }
    const Position& position() const { return current_; }
    const std::vector<Move>& moves() const { return moves_; }
    // Who played each move: usually alternating, but GTP may repeat a colour.
    const std::vector<Color>& movers() const { return movers_; }
    int size() const { return current_.width(); }  // the board's width (Position::width())
    BoardShape shape() const { return current_.shape(); }
    // Full-move number as shown to people: 1 until both sides have moved once, and so on.
    int moveNumber() const { return static_cast<int>(moves_.size()) / 2 + 1; }

    // Plays m for the side to move; false (and nothing changes) if it is illegal.
    bool play(Move m);
    // Takes back the last move; false at the start.
    bool undo();
    // Lets the other side move next (GTP allows the same colour twice), kept in the history
    // as a change of the start position only when no move has been played.
    void setSideToMove(Color c);

    bool isOver() const { return current_.isGameOver(); }
    // The winner once the game is over: the side whose opponent has no legal move.
    std::optional<Color> winner() const;

  private:
    Position start_;
    Position current_;
    std::vector<Move> moves_;
    std::vector<Color> movers_;  // who played each move (GTP may repeat a colour)
};

}  // namespace hippolyta
