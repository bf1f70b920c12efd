// The text a match prints: a progress line per finished game, the running score, and the
// cutechess-style report at the end (also for merged results tables).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/match/results_table.h"
#include "adapters/match/stats.h"

namespace hippolyta {

// "3 - 1 - 0  [0.750] 4": wins, losses, draws, the mean score and the games.
std::string scoreText(const Score& score);
// Engine1's score against engine2 over rows (each row names who played which colour).
Score scoreOf(const std::vector<GameRow>& rows, const std::string& engine1);

// "Finished game 4 (A vs B): 1-0 {no moves: black has no legal move} W+23, 87 plies, 12.3s / 11.0s"
std::string progressLine(const GameRow& row);
// "Score of A vs B: 3 - 1 - 0  [0.750] 4"
std::string scoreLine(const std::vector<GameRow>& rows, const std::string& engine1,
                      const std::string& engine2);
// The SPRT line: "SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94" and the decision if any.
std::string sprtLine(const SprtConfig& config, const Score& score);

// Score, per-colour lines, Elo with its 95% interval and LOS, SPRT if asked, each engine's
// territory summed over its won games, loss reasons.
std::string matchReport(const std::vector<GameRow>& rows, const std::string& engine1,
                        const std::string& engine2, const std::optional<SprtConfig>& sprt);

// What the one-line progress display of a terminal shows.
struct ProgressStatus {
    int done = 0;                       // games finished, resumed ones included
    int total = 0;                      // games scheduled
    std::string score;                  // "fast 7 - 5 slow", "leader A 5 pts"
    std::optional<double> elo;          // the Elo so far (engine1's, the leader's)
    std::optional<double> secondsLeft;  // the estimate, if there is one
};
// "12/100 games | 3m12s left | Elo +58.5 | fast 7 - 5 slow", cut to 79 characters.
std::string progressStatusLine(const ProgressStatus& status);
// The time the remaining games take at this run's pace so far; none before a game ended.
std::optional<double> estimateSecondsLeft(double elapsed, int playedThisRun, int remaining);
// "45s", "3m12s", "2h05m".
std::string formatDuration(double seconds);

// "Engines:" and one line each: name, command, working directory, GTP name and version.
std::string enginesSection(const std::vector<EngineIdentity>& engines);

// An Elo difference with one decimal and its sign, never "-0.0": "+12.3", "0.0", "-4.5",
// "+inf", "-inf".
std::string formatElo(double elo);

}  // namespace hippolyta
