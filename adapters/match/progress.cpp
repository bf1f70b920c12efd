#include "adapters/match/progress.h"

#include "adapters/match/match_core.h"
#include "adapters/match/report.h"

namespace hippolyta {

int shardShare(int total, int index, int count) {
    return total > index ? (total - index + count - 1) / count : 0;
}

std::string resultsTableName(int index, int count) {
    if (count == 1) return "results.tsv";
    return "results-" + std::to_string(index) + "-of-" + std::to_string(count) + ".tsv";
}

std::string resumingLine(int kept, std::optional<int> toPlay) {
    std::string line = "Resuming: " + std::to_string(kept) + " finished games kept";
    if (toPlay) line += ", " + std::to_string(*toPlay) + " to play";
    return line;
}

std::string runStatusLine(int done, int total, int playedThisRun, double secondsThisRun,
                          const std::string& score, std::optional<double> elo) {
    ProgressStatus p;
    p.done = done;
    p.total = total;
    p.score = score;
    p.elo = elo;
    p.secondsLeft = estimateSecondsLeft(secondsThisRun, playedThisRun, total - done);
    return progressStatusLine(p);
}

std::string runStatusLine(const MatchCore& core, int done, int total, const std::string& score,
                          std::optional<double> elo) {
    return runStatusLine(done, total, core.recordedThisRun(), core.secondsThisRun(), score, elo);
}

}  // namespace hippolyta
