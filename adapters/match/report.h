// The text a match prints: a progress line per finished game, the running score, and the
// cutechess-style report at the end (also for merged results tables).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "adapters/match/results_table.h"
#include "adapters/match/stats.h"

namespace hippolyta {

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

}  // namespace hippolyta
