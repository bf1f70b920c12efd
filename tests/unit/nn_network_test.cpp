// The C++ forward pass (engine/nn/network.h): equal to the PyTorch reference
// (tests/fixtures/nn, made by tools/neural/make-fixture.sh) on fixed positions, on the generic
// and the AVX2 path; the two paths equal each other; a net with symmetric kernels gives
// equivariant outputs (the convolution's geometry is right); policies sum to 1
// (nn_batch_test.cpp compares batches with single positions).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "adapters/neural/nn_check.h"
#include "engine/core/notation.h"
#include "engine/nn/network.h"
#include "opening-book/symmetry.h"
#include "tests/unit/nn_test_nets.h"

namespace hippolyta {
namespace {

// Log-probabilities of the legal moves are compared within kLogProbTolerance * max(1, |ref|);
// values and ownership within kTolerance.
constexpr double kTolerance = 2e-5;
constexpr double kLogProbTolerance = 2e-5;

std::string fixture(const std::string& name) {
    return std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/nn/" + name;
}

struct ReferenceCase {
    Position position = Position::start();
    double value = 0;
    std::vector<double> ownership;
    std::vector<std::pair<Move, double>> logProbs;
};

std::vector<ReferenceCase> readReference() {
    std::ifstream in(fixture("reference.txt"));
    std::vector<ReferenceCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream s(line);
        std::string key;
        s >> key;
        if (key == "position") {
            cases.emplace_back();
            cases.back().position = parsePosition(line.substr(9));
        } else if (key == "value") {
            s >> cases.back().value;
        } else if (key == "ownership") {
            for (double v; s >> v;)
                cases.back().ownership.push_back(v);
        } else if (key == "move") {
            int f, t, a;
            double lp;
            s >> f >> t >> a >> lp;
            cases.back().logProbs.push_back({Move{uint8_t(f), uint8_t(t), uint8_t(a)}, lp});
        }
    }
    return cases;
}

// Log-probability of every legal move, normalised in double precision.
std::vector<double> legalLogProbs(const Network& net, const NetOutput& o, const MoveList& moves) {
    std::vector<double> lp(moves.size());
    double best = -INFINITY;
    for (size_t i = 0; i < moves.size(); ++i)
        best = std::max(best, lp[i] = net.moveLogit(o, moves[i]));
    double sum = 0;
    for (double v : lp)
        sum += std::exp(v - best);
    for (double& v : lp)
        v -= best + std::log(sum);
    return lp;
}

void expectMatchesReference(NnKernels kernels) {
    const Network net = loadNetwork(fixture("tiny.net"));
    const std::vector<ReferenceCase> cases = readReference();
    ASSERT_EQ(cases.size(), 7u);
    for (const ReferenceCase& c : cases) {
        SCOPED_TRACE(formatPosition(c.position));
        const NetOutput o = net.evaluate(c.position, kernels);
        EXPECT_NEAR(o.value, c.value, kTolerance);
        ASSERT_EQ(o.ownership.size(), c.ownership.size());
        for (size_t sq = 0; sq < c.ownership.size(); ++sq)
            EXPECT_NEAR(o.ownership[sq], c.ownership[sq], kTolerance) << "square " << sq;
        MoveList moves;
        c.position.generateMoves(moves);
        const std::vector<double> lp = legalLogProbs(net, o, moves);
        ASSERT_FALSE(c.logProbs.empty());
        for (const auto& [m, want] : c.logProbs) {
            const auto it = std::find(moves.begin(), moves.end(), m);
            ASSERT_NE(it, moves.end()) << "the reference lists an illegal move";
            EXPECT_NEAR(lp[it - moves.begin()], want,
                        kLogProbTolerance * std::max(1.0, std::abs(want)))
                << formatMove(m, c.position.width());
        }
    }
}

TEST(NnNetwork, GenericPathEqualsPyTorchReference) {
    expectMatchesReference(NnKernels::Generic);
}

TEST(NnNetwork, Avx2PathEqualsPyTorchReference) {
    if (!avx2Supported()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
    expectMatchesReference(NnKernels::Avx2);
}

using nn_test::randomNetFile;

TEST(NnNetwork, GenericAndAvx2PathsAgree) {
    if (!avx2Supported()) GTEST_SKIP() << "no AVX2/FMA on this CPU";
    // 40 channels: a chunk of 32 and one of 8 in the AVX2 kernel.
    const Network net(randomNetFile(2, 40, 11));
    for (const Position& pos : {Position::start(10), Position::start(7), Position::start(4)}) {
        const NetOutput g = net.evaluate(pos, NnKernels::Generic);
        const NetOutput a = net.evaluate(pos, NnKernels::Avx2);
        EXPECT_NEAR(g.value, a.value, kTolerance);
        for (size_t i = 0; i < g.policy.size(); ++i)
            EXPECT_NEAR(g.policy[i], a.policy[i], 1e-4 * std::max(1.0f, std::abs(g.policy[i])));
    }
}

// Averages every 3x3 kernel over the square's 8 symmetries, so that the net commutes with them.
NetFile symmetricKernels(NetFile f) {
    const NetArchitecture& a = f.arch;
    auto symmetrise = [&](size_t at, int kernels) {
        for (int k = 0; k < kernels; ++k) {
            float* w = &f.weights[at + 9 * k];
            float avg[9] = {};
            for (int s = 0; s < kSymmetryCount; ++s)
                for (int tap = 0; tap < 9; ++tap)
                    avg[tap] += w[transformSquare(tap, 3, s)] / kSymmetryCount;
            std::copy(avg, avg + 9, w);
        }
    };
    const int c = a.channels;
    size_t at = 0;
    symmetrise(at, c * a.inputPlanes);
    at += size_t(c) * a.inputPlanes * 9 + c;
    for (int b = 0; b < 2 * a.blocks; ++b) {
        symmetrise(at, c * c);
        at += size_t(c) * c * 9 + c;
    }
    return f;
}

TEST(NnNetwork, SymmetricKernelsGiveEquivariantOutputs) {
    const Network net(symmetricKernels(randomNetFile(2, 16, 5)));
    Position pos = Position::start(8);
    MoveList moves;
    for (int i = 0; i < 9; ++i) {
        pos.generateMoves(moves);
        pos.makeMove(moves[(i * 37) % moves.size()]);
    }
    pos.generateMoves(moves);
    const NetOutput o = net.evaluate(pos);
    for (int s = 1; s < kSymmetryCount; ++s) {
        SCOPED_TRACE("symmetry " + std::to_string(s));
        const Position image = transformPosition(pos, s);
        const NetOutput t = net.evaluate(image);
        EXPECT_NEAR(t.value, o.value, kTolerance);
        for (int sq = 0; sq < 64; ++sq)
            EXPECT_NEAR(t.ownership[transformSquare(sq, 8, s)], o.ownership[sq], kTolerance);
        for (size_t i = 0; i < moves.size(); i += 13)
            EXPECT_NEAR(net.moveLogit(t, transformMove(moves[i], 8, s)), net.moveLogit(o, moves[i]),
                        1e-3);
    }
}

TEST(NnNetwork, PoliciesSumToOne) {
    const Network net(randomNetFile(1, 8, 3));
    for (const Position& pos : {Position::start(10), Position::start(6)}) {
        MoveList moves;
        pos.generateMoves(moves);
        std::vector<float> probs;
        net.movePolicy(net.evaluate(pos), moves, probs);
        double sum = 0;
        for (float p : probs)
            sum += p;
        EXPECT_NEAR(sum, 1.0, 1e-5);
    }
}

}  // namespace
}  // namespace hippolyta
