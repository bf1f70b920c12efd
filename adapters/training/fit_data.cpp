#include "adapters/training/fit_data.h"

#include "adapters/selfplay/training_data.h"

namespace hippolyta {

namespace {

FitPosition fitPositionOf(const TrainingPosition& tp, std::optional<Move> last) {
    FitPosition p;
    p.position = tp.position;
    p.result = tp.result();
    p.value = tp.record->value;
    p.lastMove = last;
    p.treeSample = tp.sample != nullptr;
    for (const MoveVisits& mv : tp.record->visits)
        p.visits.emplace_back(mv.move, mv.visits);
    return p;
}

}  // namespace

DataSplit loadFitData(const std::vector<std::string>& files, const FitDataOptions& options) {
    DataSplit split;
    auto keep = [&](const TrainingPosition& tp, std::optional<Move> last) {
        if (tp.ply < options.minPly || tp.ply % options.positionStride != 0) return;
        if (options.skipProven && tp.record->proven) return;
        const bool held = options.holdOutEvery > 0 && tp.game % options.holdOutEvery == 0;
        (held ? split.heldOut : split.train).push_back(fitPositionOf(tp, last));
    };
    for (const std::string& file : files) {
        // The move played at the previous position of the same game: the last move here.
        std::optional<Move> played;
        uint64_t playedGame = 0;
        int playedPly = -1;
        auto visit = [&](const TrainingPosition& tp) {
            // A tree sample's last move ends its line; it follows the ply's stride and split.
            if (tp.sample) {
                if (tp.sample->visits >= options.treeSampleMinVisits)
                    keep(tp, tp.sample->line.back());
                return;
            }
            const bool follows = played && playedGame == tp.game && playedPly + 1 == tp.ply;
            const std::optional<Move> last = follows ? played : std::nullopt;
            played = tp.record->played;
            playedGame = tp.game;
            playedPly = tp.ply;
            keep(tp, last);
        };
        readTrainingPositions(file, visit, options.treeSamples);
    }
    return split;
}

}  // namespace hippolyta
