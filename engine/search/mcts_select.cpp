// The tree's selection: UCT among the children that progressive widening makes visible, with
// the prior's PUCT term and proofs.
#include <algorithm>
#include <array>
#include <cmath>

#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

// Child selection's scores beside UCT's (a mean in [0, 1] plus bounded exploration and prior
// terms, far below these): a move to a position proven lost for the opponent is taken at once;
// the first unvisited child in order beats every visited one; a loop starts below everything.
constexpr double kScoreProvenWin = 1e9;
constexpr double kScoreFirstUnvisited = 1e8;
constexpr double kScoreNone = -1e9;
// Widening's bound as a double: at or past this many children (beyond uint32_t), no bound.
constexpr double kUnboundedWidening = 4e9;

// For a child visited n times: 1/sqrt(n), and the factor that turns its value sum into its
// mean (1/n in value units, computed as (1/sqrt(n))^2 / kValueOne so that UCT's arithmetic is
// the same whether tabulated or not); tabulated for the visit counts UCT meets most.
class InverseRoots {
  public:
    struct Entry {
        double inv, meanScale;
    };
    static const InverseRoots& get() {
        static const InverseRoots table;
        return table;
    }
    Entry of(uint32_t n) const {
        HIPPOLYTA_ASSERT(n > 0);  // an unvisited child is chosen before any UCT arithmetic
        return n < kSize ? table_[n] : compute(n);
    }

  private:
    static constexpr uint32_t kSize = 1 << 14;
    static Entry compute(uint32_t n) {
        const double inv = 1.0 / std::sqrt(static_cast<double>(n));
        return {inv, inv * inv / kValueOne};
    }
    InverseRoots() {
        table_[0] = {0, 0};
        for (uint32_t n = 1; n < kSize; ++n)
            table_[n] = compute(n);
    }
    std::array<Entry, kSize> table_;
};

}  // namespace

TreeNode* Mcts::selectChild(TreeNode& node, const Position& pos, Worker& w, bool isRoot) {
    HIPPOLYTA_ASSERT(load(node.state) == static_cast<uint8_t>(NodeState::Expanded));
    const SearchParams& p = options_.params;
    const uint32_t parentVisits = load(node.visits) + load(node.virtualLoss) + 1;
    const double visible =
        p.wideningBase + p.wideningScale * std::pow(parentVisits, p.wideningExponent);
    const double explore = p.exploration * std::sqrt(std::log(static_cast<double>(parentVisits)));
    // The PUCT term acts only where the net's policy ordered the children: the move priors'
    // probabilities lost as P at every weight tried (docs/learning-results.md).
    TreeNode& first = pool().at(load(node.children));
    const double biasScale = netEntryOf(first) ? p.netPriorBias : 0.0;
    const double bias = biasScale * std::sqrt(static_cast<double>(parentVisits));
    const InverseRoots& roots = InverseRoots::get();
    // An integer bound for the loop: considered >= visible iff considered >= ceil(visible).
    const uint32_t limit = visible >= kUnboundedWidening
                               ? UINT32_MAX
                               : static_cast<uint32_t>(std::ceil(std::max(0.0, visible)));
    for (int attempt = 0; attempt < 2; ++attempt) {
        TreeNode* best = nullptr;
        double bestScore = kScoreNone;
        uint32_t considered = 0;
        bool allLost = true;
        forEachChild(pool(), node, [&](TreeNode& c) {
            const Proof pr = proofOf(c);
            if (pr == Proof::Loss) {  // the opponent is lost after this move
                best = &c;
                bestScore = kScoreProvenWin;
                return false;
            }
            if (pr == Proof::Win) return true;  // a losing move: never worth a visit
            allLost = false;
            if (considered >= limit) return false;
            ++considered;
            const uint32_t n = load(c.visits) + load(c.virtualLoss);
            if (n == 0) {  // the first unvisited child in order
                if (bestScore < kScoreFirstUnvisited) {
                    best = &c;
                    bestScore = kScoreFirstUnvisited;
                }
                return true;
            }
            const InverseRoots::Entry r = roots.of(n);
            const double q = static_cast<double>(load(c.valueSum)) * r.meanScale;
            double s = q + explore * r.inv;
            if (bias > 0) s += bias * load(c.prior) / (n + 1);
            if (s > bestScore) {
                best = &c;
                bestScore = s;
            }
            return true;
        });
        const bool moreToCreate = load(first.created) < first.legalMoves;
        if (moreToCreate && considered < limit && attempt == 0 && addChunk(node, pos, w, isRoot))
            continue;
        if (!best && allLost && !moreToCreate) setProof(node, Proof::Loss);  // every move lost
        return best;
    }
    return nullptr;
}

}  // namespace hippolyta
