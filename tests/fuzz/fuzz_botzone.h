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
    FUZZ_CHECK(back && *back == *m, "a Botzone move's text reads back differently");
    if (const std::optional<Move> move = toMove(*m))
        FUZZ_CHECK(fromMove(*move) == *m, "a Botzone move maps back differently");
}

// Found without generating every move (that took half of the targets' time): the first amazon
// that can step anywhere goes to its first reachable square and shoots back where it came from.
inline Move anyLegalMove(const Position& pos) {
    Bitboard amazons = pos.amazons(pos.sideToMove());
    while (amazons) {
        const int from = popLowest(amazons);
        if (const Bitboard reach = pos.queenReach(from))
            return Move{static_cast<uint8_t>(from), static_cast<uint8_t>(lowestSquare(reach)),
                        static_cast<uint8_t>(from)};
    }
    fail("no amazon can move although the side has a legal move");
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
        FUZZ_CHECK(game_.position().sideToMove() == us_, "after a turn's input we are not to move");
        FUZZ_CHECK(game_.size() == kBotzoneBoardSize, "the Botzone game is not 8x8");
    }

    // Our answer as six numbers: a legal move, played, or all -1.
    BotzoneMove answer() {
        const Position& pos = game_.position();
        if (!pos.hasLegalMove()) return BotzoneMove{};
        const Move move = anyLegalMove(pos);
        FUZZ_CHECK(game_.play(move), "a legal move was refused");
        const BotzoneMove m = fromMove(move);
        FUZZ_CHECK(toMove(m) == move, "our Botzone answer maps back differently");
        return m;
    }

  private:
    Game game_{Position::start(kBotzoneBoardSize)};
    Color us_ = Color::White;
    bool started_ = false;
};

}  // namespace hippolyta::fuzz
