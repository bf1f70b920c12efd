// What the match and the tournament runners show while they play, in one piece so that the
// two read alike: the status line of a terminal (games done of this shard's share, the time
// left at this run's pace, a score), the line a resumed run starts with, and the name of a
// shard's results table.
#pragma once

#include <optional>
#include <string>

namespace hippolyta {

class MatchCore;

// How many of games 1..total are shard `index`'s of `count`: those g with (g - 1) % count ==
// index.
int shardShare(int total, int index, int count);
// "results.tsv", or "results-I-of-N.tsv" for shard I of N.
std::string resultsTableName(int index, int count);
// "Resuming: 12 finished games kept", and ", 8 to play" when that is known.
std::string resumingLine(int kept, std::optional<int> toPlay = std::nullopt);

// The status line for `done` of `total` games, resumed ones included, when this run has
// played `playedThisRun` of them in `secondsThisRun`: the rest take as long each.
std::string runStatusLine(int done, int total, int playedThisRun, double secondsThisRun,
                          const std::string& score, std::optional<double> elo = std::nullopt);
// The same, with this run's games and time as the core counts them.
std::string runStatusLine(const MatchCore& core, int done, int total, const std::string& score,
                          std::optional<double> elo = std::nullopt);

}  // namespace hippolyta
