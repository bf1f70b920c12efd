#include "adapters/neural/nn_check.h"

#include <time.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <numeric>
#include <sstream>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/text_util.h"

namespace hippolyta {

Network loadNetwork(const std::string& path) {
    return Network(parseNetFile(readWholeFile(path), path));
}

void describeEvaluation(const Network& net, const Position& pos, int topMoves, std::ostream& out) {
    const NetArchitecture& a = net.architecture();
    out << "network: " << a.blocks << " blocks x " << a.channels << " channels, policy rank "
        << a.policyRank << ", value hidden " << a.valueHidden << ", feature set " << a.featureSet
        << ", " << weightCount(a) << " weights\n";
    if (!net.comment().empty()) out << "made by: " << net.comment() << "\n";
    const NetOutput o = net.evaluate(pos);
    const float owned = std::accumulate(o.ownership.begin(), o.ownership.end(), 0.0f);
    out << "position " << formatPosition(pos) << "\nvalue " << fixedDecimals(o.value, 4) << " for "
        << colorName(pos.sideToMove()) << ", ownership sum " << fixedDecimals(owned, 2) << "\n";
    MoveList moves;
    pos.generateMoves(moves);
    std::vector<float> probs;
    net.movePolicy(o, moves, probs);
    std::vector<size_t> order(moves.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::sort(order.begin(), order.end(), [&](size_t x, size_t y) { return probs[x] > probs[y]; });
    for (int i = 0; i < topMoves && i < static_cast<int>(order.size()); ++i)
        out << "  " << formatMove(moves[order[i]], pos.width()) << " "
            << fixedDecimals(probs[order[i]], 4) << "\n";
}

namespace {

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

}  // namespace

NnSpeed measureSpeed(const Network& net, const Position& pos, int batch, double seconds,
                     NnKernels kernels) {
    const std::vector<Position> positions(std::max(batch, 1), pos);
    std::vector<NetOutput> outputs(positions.size());
    NnSpeed s;
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = threadCpuSeconds();
    double cpu = 0;
    while (cpu < seconds) {
        net.evaluate(positions.data(), positions.size(), outputs.data(), kernels);
        s.evaluations += static_cast<int>(positions.size());
        cpu = threadCpuSeconds() - cpu0;
    }
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    s.evalsPerSecond = s.evaluations / wall;
    s.evalsPerCpuSecond = s.evaluations / cpu;
    return s;
}

}  // namespace hippolyta
