// The network's backends (engine/nn/backend.h): chosen by name, unknown names refused; the
// trivial backend's fixed outputs through the search's interface and in a search; the cache of
// results by position; several threads sharing one backend.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/nn/backend.h"
#include "engine/search/mcts.h"
#include "tests/unit/nn_test_nets.h"

namespace hippolyta {
namespace {

using nn_test::playedOut;
using nn_test::randomNetFile;

std::shared_ptr<const Network> smallNet() {
    static const auto net = std::make_shared<const Network>(randomNetFile(1, 16, 21));
    return net;
}

TEST(NnBackend, BackendsByNameAndUnknownNamesRefused) {
    EXPECT_EQ(netBackendNames(), (std::vector<std::string>{"avx2", "generic", "trivial"}));
    EXPECT_EQ(makeNetBackend("generic", smallNet())->name(), "generic");
    EXPECT_EQ(makeNetBackend("trivial", nullptr)->name(), "trivial");
    EXPECT_EQ(makeNetBackend("generic", smallNet())->netChecksum(), smallNet()->netChecksum());
    try {
        makeNetBackend("cuda", smallNet());
        FAIL() << "an unknown backend was made";
    } catch (const std::invalid_argument& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("'cuda'"), std::string::npos) << what;
        EXPECT_NE(what.find("avx2, generic, trivial"), std::string::npos) << what;
    }
    EXPECT_THROW(makeNetBackend("generic", nullptr), std::invalid_argument);
    EXPECT_THROW(makeNetBackend("Generic", smallNet()), std::invalid_argument);
    if (avx2Supported()) {
        EXPECT_EQ(makeNetBackend("avx2", smallNet())->name(), "avx2");
        EXPECT_EQ(defaultNetBackend(), "avx2");
    } else {
        EXPECT_THROW(makeNetBackend("avx2", smallNet()), std::invalid_argument);
        EXPECT_EQ(defaultNetBackend(), "generic");
    }
}

TEST(NnBackend, TrivialBackendGivesFixedOutputsThroughTheSearchInterface) {
    NetBackendOptions options;
    options.trivialValue = 0.25f;
    const std::shared_ptr<const SearchNet> quarter = makeNetBackend("trivial", nullptr, options);
    const std::shared_ptr<const SearchNet> half = makeNetBackend("trivial", nullptr);
    for (const Position& pos : {Position::start(10), playedOut(6, 3)}) {
        MoveList moves;
        pos.generateMoves(moves);
        std::vector<float> probs;
        EXPECT_EQ(half->evaluateForSearch(pos, moves, probs), 0.5f);
        EXPECT_EQ(quarter->evaluateForSearch(pos, moves, probs), 0.25f);
        ASSERT_EQ(probs.size(), moves.size());
        for (float p : probs)
            ASSERT_FLOAT_EQ(p, 1.0f / static_cast<float>(moves.size()));
    }
    // In a search: the root's children take the uniform policy as their priors.
    MctsOptions o;
    o.memoryMb = 16;
    o.seed = 3;
    o.params.endgameBudget = 0;
    o.net = half;
    Mcts mcts(o);
    std::atomic<bool> stop{false};
    const SearchResult r = mcts.search(Game(Position::start(6)), SearchLimits(0, 200), stop);
    EXPECT_GE(r.netEvaluations, 1u);
    MoveList rootMoves;
    Position::start(6).generateMoves(rootMoves);
    const std::vector<ScoredMove> children = mcts.childPriors({});
    ASSERT_FALSE(children.empty());
    for (const ScoredMove& c : children)
        EXPECT_FLOAT_EQ(c.score, 1.0f / static_cast<float>(rootMoves.size()));
}

TEST(NnBackend, CacheHitsGiveIdenticalOutputsAndOtherPositionsMiss) {
    NetBackendOptions options;
    options.cacheEntries = 64;
    const auto backend = makeNetBackend("generic", smallNet(), options);
    const NetCache& cache = *backend->cache();
    const Position pos = playedOut(8, 4);
    MoveList moves;
    pos.generateMoves(moves);
    std::vector<float> first, again;
    const float v1 = backend->evaluateForSearch(pos, moves, first);
    EXPECT_EQ(cache.hits(), 0u);
    EXPECT_EQ(cache.misses(), 1u);
    const float v2 = backend->evaluateForSearch(pos, moves, again);
    EXPECT_EQ(cache.hits(), 1u);
    EXPECT_EQ(v1, v2);
    EXPECT_EQ(first, again);
    // The cached result is the computed one: a backend without a cache agrees.
    NetBackendOptions noCache;
    noCache.cacheEntries = 0;
    std::vector<float> uncached;
    EXPECT_EQ(
        makeNetBackend("generic", smallNet(), noCache)->evaluateForSearch(pos, moves, uncached),
        v1);
    EXPECT_EQ(uncached, first);
    // A changed position misses; so do the same position with other moves, and another board.
    Position next = pos;
    next.makeMove(moves[5]);
    MoveList nextMoves;
    next.generateMoves(nextMoves);
    std::vector<float> probs;
    EXPECT_NE(backend->evaluateForSearch(next, nextMoves, probs), v1);
    MoveList fewer(moves.begin(), moves.begin() + 10);
    backend->evaluateForSearch(pos, fewer, probs);
    EXPECT_EQ(probs.size(), 10u);
    EXPECT_EQ(cache.hits(), 1u);
    EXPECT_EQ(cache.misses(), 3u);
}

TEST(NnBackend, CacheSlotsAreReplacedAndBatchesUseTheCache) {
    NetBackendOptions options;
    options.cacheEntries = 1;  // every position shares the one slot
    const auto backend = makeNetBackend("generic", smallNet(), options);
    const Position a = playedOut(6, 1), b = playedOut(6, 2);
    MoveList ma, mb;
    a.generateMoves(ma);
    b.generateMoves(mb);
    std::vector<float> probs;
    backend->evaluateForSearch(a, ma, probs);
    backend->evaluateForSearch(b, mb, probs);  // replaces a
    backend->evaluateForSearch(a, ma, probs);
    EXPECT_EQ(backend->cache()->hits(), 0u);
    EXPECT_EQ(backend->cache()->misses(), 3u);
    // a is cached now: a batch of a and b takes a from the cache and computes b.
    const auto c = backend->newComputation();
    c->addInput(a, ma);
    c->addInput(b, mb);
    c->compute();
    EXPECT_EQ(c->cacheHits(), 1u);
    EXPECT_EQ(c->policy(0).size(), ma.size());
    EXPECT_EQ(c->policy(1).size(), mb.size());
}

// Search threads share one backend (run under TSan by the sanitizer build): every thread gets
// what one thread alone gets.
TEST(NnBackend, ThreadsShareOneBackend) {
    NetBackendOptions options;
    options.cacheEntries = 16;
    const auto backend = makeNetBackend(defaultNetBackend(), smallNet(), options);
    std::vector<Position> positions;
    for (int i = 0; i < 12; ++i)
        positions.push_back(playedOut(5 + i % 4, i));
    std::vector<float> want;
    for (const Position& p : positions) {
        MoveList moves;
        p.generateMoves(moves);
        std::vector<float> probs;
        want.push_back(backend->evaluateForSearch(p, moves, probs));
    }
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            MoveList moves;
            std::vector<float> probs;
            for (int round = 0; round < 20; ++round) {
                const size_t i = (round * 5 + t) % positions.size();
                positions[i].generateMoves(moves);
                if (backend->evaluateForSearch(positions[i], moves, probs) != want[i]) ++wrong;
            }
        });
    for (std::thread& t : threads)
        t.join();
    EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace hippolyta
