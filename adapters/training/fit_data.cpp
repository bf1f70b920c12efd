#include "adapters/training/fit_data.h"

#include "adapters/selfplay/training_data.h"

namespace hippolyta {

DataSplit loadFitData(const std::vector<std::string>& files, const FitDataOptions& options) {
    DataSplit split;
    for (const std::string& file : files) {
        readTrainingPositions(file, [&](const TrainingPosition& tp) {
            if (tp.ply < options.minPly || tp.ply % options.positionStride != 0) return;
            if (options.skipProven && tp.record->proven) return;
            FitPosition p;
            p.position = tp.position;
            p.result = tp.result();
            p.value = tp.record->value;
            for (const MoveVisits& mv : tp.record->visits)
                p.visits.emplace_back(mv.move, mv.visits);
            const bool held = options.holdOutEvery > 0 && tp.game % options.holdOutEvery == 0;
            (held ? split.heldOut : split.train).push_back(std::move(p));
        });
    }
    return split;
}

}  // namespace hippolyta
