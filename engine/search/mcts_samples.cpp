// The search tree's interior nodes as training labels (TreeStrap, Veness et al. 2009): each
// node below the root that the search visited often enough gives its position, a value and its
// children's visit distribution, as the root does.
#include <algorithm>
#include <queue>

#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

// A node waiting to be read: visited most first, so that a limit keeps the best-searched.
struct Pending {
    uint32_t visits;
    const TreeNode* node;
    std::vector<Move> line;
    bool operator<(const Pending& o) const { return visits < o.visits; }
};

// The node's value for its own side to move: one minus its mover's winrate (its proof, else
// its mean, as the root's children's). The mean, not the best child's winrate as at the root:
// below the root a node's best child has few visits, and its winrate is noisy.
float sampleValue(const TreeNode& node, bool& proven) {
    proven = proofOf(node) != Proof::None;
    return static_cast<float>(1.0 - childWinrate(node));
}

}  // namespace

std::vector<TreeSample> Mcts::treeSamples(uint32_t minVisits, std::optional<Move> skip,
                                          size_t limit) const {
    HIPPOLYTA_ASSERT(minVisits > 0);
    std::lock_guard lock(treeMutex_);
    const NodePool& pool = this->pool();
    std::vector<TreeSample> out;
    std::priority_queue<Pending> pending;
    auto pushChildren = [&](const TreeNode& node, const std::vector<Move>& line) {
        if (load(node.state) != static_cast<uint8_t>(NodeState::Expanded)) return;
        forEachChild(pool, node, [&](const TreeNode& c) {
            const Move m = Move::unpack(c.move);
            if (line.empty() && skip && m == *skip) return true;
            if (load(c.visits) < minVisits) return true;
            std::vector<Move> next = line;
            next.push_back(m);
            pending.push({load(c.visits), &c, std::move(next)});
            return true;
        });
    };
    pushChildren(root_, {});
    while (!pending.empty() && out.size() < limit) {
        Pending p = pending.top();
        pending.pop();
        TreeSample s;
        forEachChild(pool, *p.node, [&](const TreeNode& c) {
            if (const uint32_t v = load(c.visits)) s.children.emplace_back(Move::unpack(c.move), v);
            return true;
        });
        if (s.children.empty()) continue;  // nothing below it was searched: no distribution
        std::stable_sort(s.children.begin(), s.children.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        s.value = sampleValue(*p.node, s.proven);
        s.visits = p.visits;
        pushChildren(*p.node, p.line);
        s.line = std::move(p.line);
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace hippolyta
