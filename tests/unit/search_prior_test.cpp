// What a child's prior field holds without a network: the score of the order that made it,
// whichever chunk made it (analysis shows it). The PUCT term over the move priors' probabilities
// was removed after it lost its matches (docs/learning-results.md, "Removed from the product");
// prior_bias is refused above 0 (RetiredParameters.*).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "engine/core/notation.h"
#include "engine/search/mcts.h"

namespace hippolyta {
namespace {

Game middleGame8() {
    Game g(Position::start(8));
    for (const char* m : {"c1-c6/f3", "c8-e6/e2", "f1-f2/d4"})
        EXPECT_TRUE(g.play(parseMove(m, 8)));
    return g;
}

// Searches with `order` on every board and checks that each child of the principal
// variation's first node, widened past its first chunk, holds its move's score under that order
// (the pattern prior sees the opponent's last move).
void expectOrderingScores(MoveOrdering order) {
    MctsOptions o;
    o.memoryMb = 64;
    o.seed = 7;
    o.params.ordering = o.params.orderingSmall = order;
    o.params.endgameBudget = 0;
    Mcts mcts(o);
    const Game game = middleGame8();
    std::atomic<bool> stop{false};
    const SearchResult r = mcts.search(game, SearchLimits(0, 12000), stop);
    ASSERT_FALSE(r.pv.empty());
    Position pos = game.position();
    pos.makeMove(r.pv.front());
    std::vector<ScoredMove> scored;
    if (order == MoveOrdering::Pattern)
        scoreBestMovesPattern(pos, r.pv.front(), o.patterns.forWidth(8), 0, scored);
    else
        scoreMovesLearned(pos, o.prior, scored);
    const std::vector<ScoredMove> children = mcts.childPriors({r.pv.front()});
    ASSERT_GT(children.size(), o.params.firstChunk) << "no widening";
    for (const ScoredMove& c : children) {
        const auto it = std::find_if(scored.begin(), scored.end(),
                                     [&](const ScoredMove& s) { return s.move == c.move; });
        ASSERT_NE(it, scored.end()) << formatMove(c.move, 8);
        EXPECT_EQ(c.score, it->score) << formatMove(c.move, 8);
    }
    EXPECT_TRUE(mcts.childPriors({r.pv.front(), r.pv.front()}).empty()) << "not a legal line";
}

TEST(ChildPriors, ThePatternOrderKeepsItsScores) {
    expectOrderingScores(MoveOrdering::Pattern);
}

TEST(ChildPriors, TheLearnedOrderKeepsItsScores) {
    expectOrderingScores(MoveOrdering::Learned);
}

}  // namespace
}  // namespace hippolyta
