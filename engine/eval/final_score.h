// The winner's territory, the score of the Computer Olympiad's Amazons rules: the number of
// vacant squares the winner's amazons could reach given unlimited further moves, i.e. the
// vacant squares of every 8-connected vacant region that touches one of its amazons.
#pragma once

#include <optional>
#include <string>

#include "engine/core/position.h"
#include "engine/regions/regions.h"

namespace hippolyta {

struct FinalScore {
    Color winner = Color::White;
    int territory = 0;      // the winner's territory in the position scored
    bool gameOver = false;  // false: scored early, once the sides are walled apart
};

// The vacant squares of every 8-connected vacant region that touches one of side's amazons,
// and their number.
Bitboard territorySquares(const Position& pos, Color side);
int territoryOf(const Position& pos, Color side);

// At the end of a game (the side to move has no legal move) the other side wins and scores its
// territory. Before the end, once the sides are walled apart (isSeparated) and the move counts
// decide the game exactly (analyseSeparated gives Win or Loss), the winner is known and scores
// its territory in this position: the squares it could still reach, as the Olympiad counts them
// when a game is adjudicated here (the game played out ends with fewer, as every move fills one
// square). Otherwise nothing: the result is not decided, or the count ran out of budget.
std::optional<FinalScore> finalScore(const Position& pos, RegionCounter& counter);
std::optional<FinalScore> finalScore(const Position& pos);

// The result as SGF's RE and GTP's final_score write it: "W+12", "B+3".
std::string finalScoreText(const FinalScore& score);
// finalScoreText of a finished game; empty if the side to move can still move.
std::string gameOverText(const Position& pos);

}  // namespace hippolyta
