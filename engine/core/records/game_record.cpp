#include "engine/core/records/game_record.h"

#include "engine/core/notation.h"

namespace hippolyta {

void GameRecord::addMove(Move m, Color mover, std::optional<double> left) {
    moves.push_back(m);
    movers.push_back(mover);
    timeLeft.push_back(left);
}

std::optional<Color> resultWinner(std::string_view result) {
    if (result.size() < 2 || result[1] != '+') return std::nullopt;
    if (result[0] == 'W' || result[0] == 'w') return Color::White;
    if (result[0] == 'B' || result[0] == 'b') return Color::Black;
    return std::nullopt;
}

Game replayRecord(const GameRecord& record, std::size_t plies) {
    Game game(record.start);
    const std::size_t count = std::min(plies, record.moves.size());
    for (std::size_t i = 0; i < count; ++i) {
        const Color mover =
            i < record.movers.size() ? record.movers[i] : game.position().sideToMove();
        if (game.position().sideToMove() != mover) game.setSideToMove(mover);
        if (!game.play(record.moves[i]))
            throw RecordError("ply " + std::to_string(i + 1) + ": " + colorName(mover) + " " +
                              formatMove(record.moves[i], record.size()) + " is illegal");
    }
    return game;
}

GameRecord recordOfGame(const Game& game) {
    GameRecord record;
    record.start = game.start();
    record.moves = game.moves();
    record.movers = game.movers();
    record.timeLeft.assign(record.moves.size(), std::nullopt);
    return record;
}

}  // namespace hippolyta
