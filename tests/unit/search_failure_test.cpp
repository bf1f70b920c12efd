// A search that throws part way (a network that fails, memory) leaves a tree that the next
// search can use: no node stays Expanding or widening, and no virtual loss stays behind.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/search/mcts.h"

namespace hippolyta {
namespace {

// A uniform policy and an even value, after `good` calls; the next `bad` calls throw.
class FailingNet : public SearchNet {
  public:
    FailingNet(int good, int bad) : good_(good), bad_(bad) {}
    float evaluateForSearch(const Position&, const MoveList& moves,
                            std::vector<float>& probs) const override {
        const int call = calls_.fetch_add(1);
        if (call >= good_ && call < good_ + bad_) throw std::runtime_error("the net failed");
        probs.assign(moves.size(), 1.0f / static_cast<float>(moves.size()));
        return 0.5f;
    }
    uint64_t netChecksum() const override { return 1; }
    int calls() const { return calls_.load(); }

  private:
    int good_, bad_;
    mutable std::atomic<int> calls_{0};
};

Game gameAfterThreeMoves() {
    Game g(Position::start(8));
    for (const char* m : {"c1-c6/f3", "c8-e6/e2", "f1-f2/d4"})
        EXPECT_TRUE(g.play(parseMove(m, 8)));
    return g;
}

Mcts searchWith(std::shared_ptr<const FailingNet> net, int threads) {
    MctsOptions o;
    o.memoryMb = 64;
    o.seed = 5;
    o.threads = threads;
    o.params.endgameBudget = 0;
    o.params.netVisits = 4;  // inner nodes evaluate the net too
    o.net = std::move(net);
    return Mcts(o);
}

// The root's expansion throws: the root is a leaf again, and the next search expands it.
TEST(SearchFailure, ARootExpansionThatThrowsLeavesTheRootALeaf) {
    auto net = std::make_shared<const FailingNet>(0, 1);
    Mcts mcts = searchWith(net, 1);
    const Game game = gameAfterThreeMoves();
    std::atomic<bool> stop{false};
    EXPECT_THROW(mcts.search(game, SearchLimits(0, 200), stop), std::runtime_error);
    EXPECT_EQ(mcts.treeProblem(), "");
    const SearchResult r = mcts.search(game, SearchLimits(0, 200), stop);
    ASSERT_TRUE(r.move.has_value());
    EXPECT_GT(r.visits, 100u);
    EXPECT_EQ(mcts.treeProblem(), "");
}

// An inner node's expansion or upgrade throws mid-search, on one thread or two: the tree keeps
// no Expanding or widening node and no virtual loss, and the next search on it works.
TEST(SearchFailure, AnInnerFailureLeavesTheTreeSearchable) {
    for (int threads : {1, 2}) {
        auto net = std::make_shared<const FailingNet>(6, 1);
        Mcts mcts = searchWith(net, threads);
        const Game game = gameAfterThreeMoves();
        std::atomic<bool> stop{false};
        EXPECT_THROW(mcts.search(game, SearchLimits(0, 3000), stop), std::runtime_error);
        EXPECT_GT(net->calls(), 6);
        EXPECT_EQ(mcts.treeProblem(), "") << threads << " threads";
        const SearchResult r = mcts.search(game, SearchLimits(0, 3000), stop);
        ASSERT_TRUE(r.move.has_value());
        EXPECT_EQ(mcts.treeProblem(), "") << threads << " threads";
    }
}

}  // namespace
}  // namespace hippolyta
