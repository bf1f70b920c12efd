#include "adapters/training/fit_data.h"

#include "adapters/selfplay/training_data.h"

namespace hippolyta {

DataSplit loadFitData(const std::vector<std::string>& files, const FitDataOptions& options) {
    DataSplit split;
    for (const std::string& file : files) {
        // The move played at the previous position of the same game: the last move here.
        std::optional<Move> played;
        uint64_t playedGame = 0;
        int playedPly = -1;
        readTrainingPositions(file, [&](const TrainingPosition& tp) {
            const bool follows = played && playedGame == tp.game && playedPly + 1 == tp.ply;
            const std::optional<Move> last = follows ? played : std::nullopt;
            played = tp.record->played;
            playedGame = tp.game;
            playedPly = tp.ply;
            if (tp.ply < options.minPly || tp.ply % options.positionStride != 0) return;
            if (options.skipProven && tp.record->proven) return;
            FitPosition p;
            p.position = tp.position;
            p.result = tp.result();
            p.value = tp.record->value;
            p.lastMove = last;
            for (const MoveVisits& mv : tp.record->visits)
                p.visits.emplace_back(mv.move, mv.visits);
            const bool held = options.holdOutEvery > 0 && tp.game % options.holdOutEvery == 0;
            (held ? split.heldOut : split.train).push_back(std::move(p));
        });
    }
    return split;
}

}  // namespace hippolyta
