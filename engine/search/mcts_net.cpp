// The MCTS's use of a policy-and-value network (MctsOptions::net), off without one. A node's
// children take the net's policy as their order and PUCT prior once the node has net_visits
// visits (the root always): at expansion if it has them by then (expandByNet), else later
// (upgradeToNet: the existing children get the net's priors, later chunks the net's order). The
// thread that needs the net evaluates it; the node's result (a NetEntry) is published through
// its first header, under the node's widening flag, so chunks and priors never mix the orders.
#include <algorithm>

#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

bool Mcts::netWanted(TreeNode& node, bool isRoot) const {
    if (!options_.net || !netPlaysOn(rootPos_, options_.netBoardSize)) return false;
    if (isRoot) return true;
    return load(node.visits) >= options_.params.netVisits &&
           netBytes_.load(std::memory_order_relaxed) < netBudget_;
}

namespace {
uint64_t entryBytes(const NetEntry& e) {
    return sizeof(NetEntry) + e.moves.capacity() * sizeof(ScoredMove);
}
}  // namespace

// Evaluates the net at pos into a new entry owned by the search; the value goes to w.netValue.
NetEntry* Mcts::evaluateNet(const Position& pos, Worker& w) {
    pos.generateMoves(w.netMoves);
    w.netValue = options_.net->evaluateForSearch(pos, w.netMoves, w.netProbs);
    // SearchNet's contract: a win probability, and one probability for each legal move.
    HIPPOLYTA_ASSERT(w.netValue >= 0 && w.netValue <= 1 && w.netProbs.size() == w.netMoves.size());
    w.netEvaluated = true;
    w.netEvaluations.store(w.netEvaluations.load(std::memory_order_relaxed) + 1,
                           std::memory_order_relaxed);
    auto entry = std::make_unique<NetEntry>();
    entry->moves.resize(w.netMoves.size());
    for (size_t i = 0; i < w.netMoves.size(); ++i)
        entry->moves[i] = {w.netMoves[i], w.netProbs[i]};
    std::sort(entry->moves.begin(), entry->moves.end(),
              [](const ScoredMove& a, const ScoredMove& b) {
                  return a.score != b.score ? a.score > b.score : a.move.packed() < b.move.packed();
              });
    NetEntry* raw = entry.get();
    netBytes_.fetch_add(entryBytes(*entry), std::memory_order_relaxed);
    std::lock_guard lock(netMutex_);
    netEntries_.push_back(std::move(entry));
    return raw;
}

// Creates the first `want` not yet created moves of entry as a chunk at `header` (allocated,
// want + 1 slots); w.existing holds the created children's packed moves, sorted. Returns how
// many it made.
uint32_t Mcts::addNetChunk(const NetEntry& entry, uint32_t header, uint32_t want, Worker& w) {
    uint32_t k = 0;
    for (size_t i = 0; i < entry.moves.size() && k < want; ++i) {
        const ScoredMove& sm = entry.moves[i];
        if (std::binary_search(w.existing.begin(), w.existing.end(), sm.move.packed())) continue;
        pool().at(header + 1 + k++).init(sm.move.packed(), sm.score);
    }
    return k;
}

// tryExpand's net path: node is Expanding (this thread's alone); the first chunk is the net's
// `wanted` most probable moves.
bool Mcts::expandByNet(TreeNode& node, const Position& pos, Worker& w, uint32_t wanted) {
    NetEntry* entry = evaluateNet(pos, w);
    const uint32_t total = static_cast<uint32_t>(entry->moves.size());
    const uint32_t count = std::min(total, wanted);
    const uint32_t h = allocate(w, count + 1);
    if (!h) {  // the tree is full: stay a leaf (the value still serves this simulation)
        store(node.state, static_cast<uint8_t>(NodeState::Leaf));
        return false;
    }
    w.existing.clear();
    addNetChunk(*entry, h, count, w);
    pool().at(h).initHeader(count, total, count);
    pool().at(h).netEntry = reinterpret_cast<uintptr_t>(entry);
    store(node.children, h);
    store(node.state, static_cast<uint8_t>(NodeState::Expanded));
    return true;
}

// An expanded node without the net's order that now wants it: the existing children get the
// net's probabilities as priors (their order stays), later chunks follow the net. False if
// another thread holds the node's widening flag or did it first.
bool Mcts::upgradeToNet(TreeNode& node, const Position& pos, Worker& w) {
    uint8_t expected = 0;
    if (!atomicRef(node.widening).compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
        return false;
    const bool upgrade = netEntryOf(pool().at(load(node.children))) == nullptr;
    try {
        if (upgrade) upgradeClaimed(node, pos, w);
    } catch (...) {
        store(node.widening, uint8_t{0});  // else the node would never widen again
        throw;
    }
    store(node.widening, uint8_t{0});
    return upgrade;
}

// upgradeToNet's work once this thread holds node's widening flag.
void Mcts::upgradeClaimed(TreeNode& node, const Position& pos, Worker& w) {
    TreeNode& first = pool().at(load(node.children));
    NetEntry* entry = evaluateNet(pos, w);
    w.prefix.assign(entry->moves.begin(), entry->moves.end());
    std::sort(w.prefix.begin(), w.prefix.end(), [](const ScoredMove& a, const ScoredMove& b) {
        return a.move.packed() < b.move.packed();
    });
    forEachChild(pool(), node, [&](TreeNode& c) {
        const auto it = std::lower_bound(
            w.prefix.begin(), w.prefix.end(), c.move,
            [](const ScoredMove& a, uint32_t packed) { return a.move.packed() < packed; });
        const bool found = it != w.prefix.end() && it->move.packed() == c.move;
        store(c.prior, found ? it->score : 0.0f);
        return true;
    });
    store(first.netEntry, static_cast<uint64_t>(reinterpret_cast<uintptr_t>(entry)));
}

// The value of a simulation that evaluated the net at node: the net's value mixed with the
// linear evaluation's (a playout), or the exact one where the position is decided.
double Mcts::mixedLeafValue(TreeNode& node, Position& pos, Worker& w) {
    const double weight = options_.params.netValueWeight;
    if (weight >= 1 && !isSeparated(pos)) return w.netValue;
    const double linear = evaluateLeaf(node, pos, w);
    if (proofOf(node) != Proof::None) return linear;
    return weight * w.netValue + (1 - weight) * linear;
}

// After a reused subtree was copied (all: nothing was copied), drops the entries of the nodes
// left behind; copySubtree marked the kept ones.
void Mcts::keepNetEntries(bool all) {
    std::lock_guard lock(netMutex_);
    if (!all)
        netEntries_.erase(std::remove_if(netEntries_.begin(), netEntries_.end(),
                                         [](const auto& e) { return !e->kept; }),
                          netEntries_.end());
    uint64_t bytes = 0;
    for (auto& e : netEntries_) {
        e->kept = false;
        bytes += entryBytes(*e);
    }
    netBytes_ = bytes;
}

}  // namespace hippolyta
