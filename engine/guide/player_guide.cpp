#include "engine/guide/player_guide.h"

#include "engine/eval/territory.h"
#include "engine/search/move_order.h"
#include "engine/search/move_prior.h"

namespace hippolyta {

void PlayerGuide::scoreMoves(const Position& pos, bool learned,
                             std::vector<GuidedMove>& out) const {
    static const PriorWeights weights = fittedPriorWeights();
    thread_local std::vector<ScoredMove> scored;
    if (learned)
        scoreMovesLearned(pos, weights, scored);
    else
        scoreMovesCheap(pos, scored);
    out.clear();
    for (const ScoredMove& sm : scored)
        out.push_back(GuidedMove{sm.move, sm.score});
}

double PlayerGuide::evaluate(const Position& pos) const {
    return queenTerritoryScore(pos, pos.sideToMove());
}

const MoveGuide& playerGuide() {
    static const PlayerGuide guide;
    return guide;
}

}  // namespace hippolyta
