// The PUCT prior whatever the search options (tuning explores them): every child of a node
// holds its move's probability under the prior in use, one softmax however the children were
// ordered and whichever chunk made them. Under the learned or pattern order it is that prior's,
// summed over the first chunk's moves (the best firstChunk); under a hand-set order, the learned
// prior's over every legal move.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <string>
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

// The probability of each legal move of pos, by packed move, under the prior that gives P
// when `order` orders the children; last: the move that led to pos.
std::vector<std::pair<uint32_t, double>> softmax(const Position& pos, Move last,
                                                 const MctsOptions& o, MoveOrdering order) {
    std::vector<ScoredMove> moves;
    if (order == MoveOrdering::Pattern)
        scoreBestMovesPattern(pos, last, o.patterns.forWidth(pos.width()), 0, moves);
    else
        scoreMovesLearned(pos, o.prior, moves);
    std::vector<double> summed;  // the scores the softmax sums over
    for (const ScoredMove& m : moves)
        summed.push_back(m.score);
    std::sort(summed.begin(), summed.end(), std::greater<>());
    if (order != MoveOrdering::HandSet && summed.size() > o.params.firstChunk)
        summed.resize(o.params.firstChunk);
    const double top = summed.front();
    double sum = 0;
    for (double s : summed)
        sum += std::exp(s - top);
    std::vector<std::pair<uint32_t, double>> out;
    for (const ScoredMove& m : moves)
        out.push_back({m.move.packed(), std::exp(m.score - top) / sum});
    std::sort(out.begin(), out.end());
    return out;
}

// Searches with the PUCT term on and checks the priors of the children of the nodes along the
// principal variation's first two moves, each of which has widened past its first chunk.
void expectSoftmaxPriors(MoveOrdering order) {
    SearchParams params;
    params.ordering = params.orderingSmall = order;
    MctsOptions o;
    o.memoryMb = 64;
    o.seed = 7;
    o.params = params;
    o.params.priorBias = 0.5;
    o.params.endgameBudget = 0;
    Mcts mcts(o);
    const Game game = middleGame8();
    std::atomic<bool> stop{false};
    const SearchResult r = mcts.search(game, SearchLimits(0, 12000), stop);
    ASSERT_GE(r.pv.size(), 2u);
    for (size_t depth = 1; depth <= 2; ++depth) {
        const std::vector<Move> line(r.pv.begin(), r.pv.begin() + depth);
        Position pos = game.position();
        for (const Move& m : line)
            pos.makeMove(m);
        const std::vector<ScoredMove> children = mcts.childPriors(line);
        ASSERT_GT(children.size(), o.params.firstChunk) << "depth " << depth << ": no widening";
        const auto expected = softmax(pos, line.back(), o, order);
        double sum = 0;
        for (const ScoredMove& c : children) {
            const auto it = std::lower_bound(expected.begin(), expected.end(),
                                             std::make_pair(c.move.packed(), -1.0));
            ASSERT_TRUE(it != expected.end() && it->first == c.move.packed());
            EXPECT_NEAR(c.score, it->second, 1e-6 + 1e-4 * it->second)
                << "depth " << depth << ", " << formatMove(c.move, 8);
            sum += c.score;
        }
        if (order == MoveOrdering::HandSet) EXPECT_LE(sum, 1 + 1e-4) << "depth " << depth;
    }
}

// The search's constants with `order` on every board (the 8x8 tests read ordering_small).
SearchParams ordered(MoveOrdering order) {
    SearchParams p;
    p.ordering = p.orderingSmall = order;
    return p;
}

TEST(PuctPrior, TheLearnedOrderKeepsTheSoftmax) {
    expectSoftmaxPriors(MoveOrdering::Learned);
}

// A hand-set order, which has no probabilities of its own, biases selection by the learned
// prior's.
TEST(PuctPrior, TheHandSetOrderGetsTheLearnedProbabilities) {
    expectSoftmaxPriors(MoveOrdering::HandSet);
}

// The pattern prior's order (the default) gives its own softmax, the opponent's last move
// among its features: the probabilities of the prior that orders the children.
TEST(PuctPrior, ThePatternOrderKeepsItsOwnSoftmax) {
    expectSoftmaxPriors(MoveOrdering::Pattern);
}

// Without the PUCT term the children keep their ordering scores (shown by analysis).
TEST(PuctPrior, OffTheChildrenKeepTheirOrderingScores) {
    MctsOptions o;
    o.memoryMb = 64;
    o.params = ordered(MoveOrdering::Learned);  // its scores are the learned prior's
    o.params.endgameBudget = 0;
    Mcts mcts(o);
    const Game game = middleGame8();
    std::atomic<bool> stop{false};
    const SearchResult r = mcts.search(game, SearchLimits(0, 500), stop);
    ASSERT_FALSE(r.pv.empty());
    Position pos = game.position();
    pos.makeMove(r.pv.front());
    std::vector<ScoredMove> scored;
    scoreMovesLearned(pos, o.prior, scored);
    const std::vector<ScoredMove> children = mcts.childPriors({r.pv.front()});
    ASSERT_FALSE(children.empty());
    for (const ScoredMove& c : children) {
        const auto it = std::find_if(scored.begin(), scored.end(),
                                     [&](const ScoredMove& s) { return s.move == c.move; });
        ASSERT_NE(it, scored.end());
        EXPECT_EQ(c.score, it->score);
    }
    EXPECT_TRUE(mcts.childPriors({r.pv.front(), r.pv.front()}).empty()) << "not a legal line";
}

}  // namespace
}  // namespace hippolyta
