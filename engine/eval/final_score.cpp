#include "engine/eval/final_score.h"

namespace hippolyta {

Bitboard territorySquares(const Position& pos, Color side) {
    // A flood through vacant squares from the amazons; amazons and arrows stop it.
    const Geometry& geo = pos.geometry();
    const Bitboard empty = pos.emptySquares();
    Bitboard reached = geo.kingNeighbours(pos.amazons(side)) & empty;
    for (;;) {
        const Bitboard next = reached | (geo.kingNeighbours(reached) & empty);
        if (next == reached) return reached;
        reached = next;
    }
}

int territoryOf(const Position& pos, Color side) {
    return popCount(territorySquares(pos, side));
}

std::optional<FinalScore> finalScore(const Position& pos, RegionCounter& counter) {
    FinalScore score;
    if (pos.isGameOver()) {
        score.winner = opposite(pos.sideToMove());
        score.gameOver = true;
    } else {
        const SeparatedAnalysis a = analyseSeparated(pos, counter);
        if (!a.separated || a.outcome == Outcome::Unknown) return std::nullopt;
        score.winner = a.outcome == Outcome::Win ? pos.sideToMove() : opposite(pos.sideToMove());
    }
    score.territory = territoryOf(pos, score.winner);
    return score;
}

std::optional<FinalScore> finalScore(const Position& pos) {
    RegionCounter counter;
    return finalScore(pos, counter);
}

std::string finalScoreText(const FinalScore& score) {
    return std::string(score.winner == Color::White ? "W+" : "B+") +
           std::to_string(score.territory);
}

std::string gameOverText(const Position& pos) {
    if (!pos.isGameOver()) return {};
    FinalScore score;
    score.winner = opposite(pos.sideToMove());
    score.territory = territoryOf(pos, score.winner);
    score.gameOver = true;
    return finalScoreText(score);
}

}  // namespace hippolyta
