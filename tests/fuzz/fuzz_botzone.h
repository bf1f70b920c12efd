// Shared by the Botzone targets: one turn taken in as the Botzone front does (a whole history
// replayed, or the opponent's new move played), then answered with the first legal move (the
// front's fallback, so no search is needed), with the properties every step must keep.
#pragma once

#include <optional>

#include "adapters/botzone/botzone_input.h"
#include "adapters/botzone/botzone_protocol.h"
#include "tests/fuzz/fuzz_check.h"

namespace hippolyta::fuzz {

inline void checkBotzoneMove(const std::optional<BotzoneMove>& m) {
    if (!m) return;
    const std::optional<BotzoneMove> back = parseBotzoneMove(formatBotzoneMove(*m));
    check(back && *back == *m, "a Botzone move's text reads back differently");
    if (const std::optional<Move> move = toMove(*m))
        check(fromMove(*move) == *m, "a Botzone move maps back differently");
}

class BotzoneGame {
  public:
    void take(const BotzoneTurnInput& input) {
        for (const auto& m : input.history.requests)
            checkBotzoneMove(m);
        for (const auto& m : input.history.responses)
            checkBotzoneMove(m);
        checkBotzoneMove(input.move);
        if (input.full || !started_) {
            BotzoneReplay replay =
                replayBotzoneHistory(input.full ? input.history : BotzoneHistory{{input.move}, {}});
            game_ = replay.game;
            us_ = replay.us;
            started_ = true;
        } else {
            playBotzoneOpponentMove(game_, us_, input.move);
        }
        check(game_.position().sideToMove() == us_, "after a turn's input we are not to move");
        check(game_.size() == kBotzoneBoardSize, "the Botzone game is not 8x8");
    }

    // Our answer as six numbers: the first legal move, played, or all -1.
    BotzoneMove answer() {
        if (!game_.position().hasLegalMove()) return BotzoneMove{};
        MoveList moves;
        game_.position().generateMoves(moves);
        check(game_.play(moves.front()), "a generated move is illegal");
        const BotzoneMove m = fromMove(moves.front());
        check(toMove(m) == moves.front(), "our Botzone answer maps back differently");
        return m;
    }

  private:
    Game game_{Position::start(kBotzoneBoardSize)};
    Color us_ = Color::White;
    bool started_ = false;
};

}  // namespace hippolyta::fuzz
