// The tree's invariants between searches (Mcts::treeProblem). Mid-search, with several threads,
// a parent's visits can run ahead of its children's and virtual losses are out: these hold only
// once every worker has stopped.
#include <string>

#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

std::string at(const std::vector<Move>& line) {
    std::string s = "the node at";
    if (line.empty()) return s + " the root";
    for (const Move& m : line)
        s += " " + std::to_string(m.packed());
    return s;
}

// The problems of one expanded node and its chunks; its children are checked by the caller.
// (Proofs are not compared with the children's: a node that one thread expands while another
// proves it by its exact region counts is rightly proven with open children.)
std::string nodeProblem(const NodePool& pool, const TreeNode& node) {
    const TreeNode& first = pool.at(load(node.children));
    uint64_t childVisits = 0;
    uint32_t children = 0;
    forEachChild(pool, node, [&](const TreeNode& c) {
        childVisits += load(c.visits);
        ++children;
        return true;
    });
    if (children != load(first.created)) return "counts other children than its header says";
    if (load(first.created) > first.legalMoves) return "has more children than legal moves";
    // Every simulation through a node either ends there or goes on to one child.
    if (childVisits > load(node.visits)) return "has fewer visits than its children together";
    return {};
}

}  // namespace

std::string Mcts::treeProblem() const {
    std::lock_guard lock(treeMutex_);
    struct Item {
        const TreeNode* node;
        std::vector<Move> line;
    };
    std::vector<Item> stack{{&root_, {}}};
    while (!stack.empty()) {
        Item item = std::move(stack.back());
        stack.pop_back();
        const TreeNode& n = *item.node;
        const auto state = static_cast<NodeState>(load(n.state));
        if (state == NodeState::Expanding) return at(item.line) + " is left Expanding";
        if (load(n.widening) != 0) return at(item.line) + " is left widening";
        if (load(n.virtualLoss) != 0) return at(item.line) + " keeps a virtual loss";
        if (state != NodeState::Expanded || !load(n.children)) continue;
        const std::string problem = nodeProblem(pool(), n);
        if (!problem.empty()) return at(item.line) + " " + problem;
        forEachChild(pool(), n, [&](const TreeNode& c) {
            std::vector<Move> line = item.line;
            line.push_back(Move::unpack(c.move));
            stack.push_back({&c, std::move(line)});
            return true;
        });
    }
    return {};
}

}  // namespace hippolyta
