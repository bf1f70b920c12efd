// Batches through the network (engine/nn/network.h, computation.h): a batch mixing board sizes
// and positions, more of one size than go through the tower at once, gives each position what
// it gets alone, on both kernels and through a computation; a computation's buffers are reused.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/nn/backend.h"
#include "engine/nn/network.h"
#include "tests/unit/nn_test_nets.h"

namespace hippolyta {
namespace {

using nn_test::playedOut;
using nn_test::randomNetFile;

constexpr double kBatchTolerance = 1e-5;

// Sizes mixed and interleaved, positions differing within a size, and more 10x10 ones than
// Network::kMaxBatch so that one size takes several passes.
std::vector<Position> mixedBatch() {
    std::vector<Position> batch;
    for (int i = 0; i < 11; ++i) {
        batch.push_back(playedOut(10, i));
        if (i % 3 == 0) batch.push_back(playedOut(4 + i % 8, i / 2));
    }
    batch.push_back(playedOut(11, 5));
    batch.push_back(playedOut(7, 0));
    return batch;
}

void expectNear(const std::vector<float>& want, const std::vector<float>& got) {
    ASSERT_EQ(want.size(), got.size());
    for (size_t i = 0; i < want.size(); ++i)
        ASSERT_NEAR(got[i], want[i], kBatchTolerance * std::max(1.0f, std::abs(want[i]))) << i;
}

std::vector<NnKernels> kernelsHere() {
    std::vector<NnKernels> k = {NnKernels::Generic};
    if (avx2Supported()) k.push_back(NnKernels::Avx2);
    return k;
}

TEST(NnBatch, MixedBatchEqualsSinglePositions) {
    const Network net(randomNetFile(2, 24, 7));
    const std::vector<Position> batch = mixedBatch();
    ASSERT_GT(batch.size(), Network::kMaxBatch + 4);
    for (NnKernels k : kernelsHere()) {
        std::vector<NetOutput> together(batch.size());
        net.evaluate(batch.data(), batch.size(), together.data(), k);
        for (size_t i = 0; i < batch.size(); ++i) {
            SCOPED_TRACE("position " + std::to_string(i) + (k == NnKernels::Avx2 ? " avx2" : ""));
            const NetOutput alone = net.evaluate(batch[i], k);
            EXPECT_EQ(together[i].size, batch[i].width());
            EXPECT_NEAR(together[i].value, alone.value, kBatchTolerance);
            expectNear(alone.ownership, together[i].ownership);
            expectNear(alone.policy, together[i].policy);
        }
        // Different positions give different values: the batch did not copy one to all.
        EXPECT_NE(together[0].value, together[1].value);
        EXPECT_NE(together[0].value, together[2].value);
    }
}

TEST(NnBatch, ComputationEqualsSinglePositions) {
    const auto net = std::make_shared<const Network>(randomNetFile(1, 16, 8));
    const std::vector<Position> batch = mixedBatch();
    for (const std::string& name : {std::string("generic"), defaultNetBackend()}) {
        SCOPED_TRACE(name);
        NetBackendOptions noCache;
        noCache.cacheEntries = 0;
        const auto backend = makeNetBackend(name, net, noCache);
        const auto together = backend->newComputation();
        std::vector<MoveList> moves(batch.size());
        for (size_t i = 0; i < batch.size(); ++i) {
            batch[i].generateMoves(moves[i]);
            together->addInput(batch[i], moves[i]);
        }
        together->compute();
        ASSERT_EQ(together->size(), batch.size());
        for (size_t i = 0; i < batch.size(); ++i) {
            SCOPED_TRACE("position " + std::to_string(i));
            const auto alone = backend->newComputation();
            alone->addInput(batch[i], moves[i]);
            alone->compute();
            EXPECT_NEAR(together->value(i), alone->value(0), kBatchTolerance);
            const NetPolicy a = alone->policy(0), t = together->policy(i);
            ASSERT_EQ(t.size(), moves[i].size());
            std::vector<float> want(a.begin(), a.end()), got(t.begin(), t.end());
            expectNear(want, got);
            // And the network's own softmax of a single evaluation.
            std::vector<float> direct;
            net->movePolicy(net->evaluate(batch[i], NnKernels::Generic), moves[i], direct);
            for (size_t m = 0; m < direct.size(); ++m)
                ASSERT_NEAR(got[m], direct[m], 1e-4 * std::max(1.0f, direct[m])) << m;
        }
    }
}

// Evaluating the same inputs again gives the same outputs, and the buffers, once they have seen
// the batch, neither grow nor reallocate.
TEST(NnBatch, ComputationReusesItsBuffers) {
    const auto net = std::make_shared<const Network>(randomNetFile(1, 16, 9));
    NetBackendOptions noCache;
    noCache.cacheEntries = 0;
    const auto computation = makeNetBackend("generic", net, noCache)->newComputation();
    const std::vector<Position> batch = mixedBatch();
    std::vector<MoveList> moves(batch.size());
    auto run = [&](size_t count) {
        computation->clear();
        for (size_t i = 0; i < count; ++i) {
            batch[i].generateMoves(moves[i]);
            computation->addInput(batch[i], moves[i]);
        }
        computation->compute();
        std::vector<float> out;
        for (size_t i = 0; i < count; ++i) {
            out.push_back(computation->value(i));
            const NetPolicy p = computation->policy(i);
            out.insert(out.end(), p.begin(), p.end());
        }
        return out;
    };
    const std::vector<float> first = run(batch.size());
    const size_t bytes = computation->bufferBytes();
    const float* probs = computation->policy(0).begin();
    EXPECT_EQ(run(batch.size()), first);
    EXPECT_EQ(computation->bufferBytes(), bytes);
    EXPECT_EQ(computation->policy(0).begin(), probs) << "the probabilities moved";
    for (size_t count : {size_t{1}, size_t{3}, batch.size()}) {
        run(count);
        EXPECT_EQ(computation->bufferBytes(), bytes) << count << " inputs";
    }
    EXPECT_EQ(run(batch.size()), first);
}

// The forward pass keeps its features and activations in the caller's scratch: a second pass
// over the same boards finds them there and neither grows nor moves them.
TEST(NnBatch, ForwardKeepsItsActivationsInTheScratch) {
    const Network net(randomNetFile(2, 16, 10));
    std::vector<Position> batch;
    for (int i = 0; i < 5; ++i)
        batch.push_back(playedOut(9, i));
    std::vector<NetOutput> outputs(batch.size());
    std::vector<const Position*> positions;
    std::vector<NetOutput*> outs;
    for (size_t i = 0; i < batch.size(); ++i) {
        positions.push_back(&batch[i]);
        outs.push_back(&outputs[i]);
    }
    NetScratch scratch;
    net.forward(positions.data(), outs.data(), batch.size(), NnKernels::Auto, scratch);
    // A pass of the tower holds up to kMaxBatch boards.
    const size_t boards = std::min(batch.size(), Network::kMaxBatch);
    for (const std::vector<float>* v : {&scratch.x, &scratch.h, &scratch.y})
        EXPECT_GE(v->capacity(), boards * 81 * 16);
    EXPECT_GE(scratch.input.capacity(), boards * 81 * 8);
    const size_t bytes = scratch.bytes();
    const float* x = scratch.x.data();
    const float value = outputs[3].value;
    net.forward(positions.data(), outs.data(), batch.size(), NnKernels::Auto, scratch);
    EXPECT_EQ(scratch.bytes(), bytes);
    EXPECT_TRUE(scratch.x.data() == x || scratch.y.data() == x) << "an activation buffer moved";
    EXPECT_EQ(outputs[3].value, value);
}

}  // namespace
}  // namespace hippolyta
