#include "adapters/training/ownership_net.h"

#include <limits>

#include "adapters/selfplay/training_data.h"
#include "engine/nn/network.h"

namespace hippolyta {

OwnershipScore scoreNetOwnership(const Network& net, const std::vector<std::string>& files,
                                 TerritoryBoard board) {
    OwnershipScore s;
    double right = 0;
    for (const std::string& file : files)
        readTrainingPositions(file, [&](const TrainingPosition& t) {
            if (territoryBoardOf(t.position.width()) != board) return;
            const NetOutput out = net.evaluate(t.position);
            const int8_t mine = t.sideToMove() == Color::White ? 1 : -1;
            forEachSquare(t.position.emptySquares(), [&](int sq) {
                s.squares += 1;
                const int8_t o = (*t.ownership)[static_cast<size_t>(sq)];
                if (o == 0) return;
                s.owned += 1;
                const float e = out.ownership[static_cast<size_t>(sq)] * mine;  // White's view
                right += e == 0 ? 0.5 : (e > 0) == (o > 0) ? 1 : 0;
            });
        });
    s.logLoss = s.accuracy3 = std::numeric_limits<double>::quiet_NaN();
    s.signAccuracy = s.owned ? right / s.owned : 0;
    return s;
}

}  // namespace hippolyta
