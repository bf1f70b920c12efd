// The tree's expansion: a node's legal moves scored and ordered once (the learned, pattern or
// hand-set order, the evaluation at the root), its first chunk of children made, and more
// chunks as progressive widening asks for them.
#include <algorithm>

#include "engine/search/mcts.h"
#include "engine/search/mcts_internal.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

// The root's first chunk holds at least this many children, whatever firstChunk says: the root
// is searched most, and its move must be among the best few of many.
constexpr uint32_t kRootChunkFloor = 32;

}  // namespace

// Scores the moves of pos and puts the best `needed` first, in order, and returns the number of
// legal moves. w.moves holds them all when the evaluation orders them; otherwise the learned
// priors may leave out moves that cannot come first (the rest unordered either way).
size_t Mcts::orderedMoves(const Position& pos, std::optional<Move> last, Worker& w, bool byEval,
                          size_t needed) {
    const size_t keep = byEval ? 0 : needed;
    size_t total = 0;
    const MoveOrdering ordering = options_.params.orderingFor(pos.width());
    if (ordering == MoveOrdering::Learned) {
        total = scoreBestMovesLearned(pos, options_.prior, keep, w.moves);
    } else if (ordering == MoveOrdering::Pattern) {
        total = scoreBestMovesPattern(pos, last, options_.patterns.forWidth(pos.width()), keep,
                                      w.moves);
    } else {
        scoreMovesCheap(pos, w.moves, ordering);
        total = w.moves.size();
    }
    if (byEval) scoreMovesByEval(pos, options_.eval, w.moves);
    sortMoves(w.moves, needed);
    return total;
}

// The opponent's move that led to node: the edge into it, or for the root the game's last move.
std::optional<Move> Mcts::lastMoveOf(const TreeNode& node, bool isRoot) const {
    if (isRoot) return rootLast_;
    return Move::unpack(node.move);
}

bool Mcts::tryExpand(TreeNode& node, const Position& pos, Worker& w, bool isRoot) {
    uint8_t expected = static_cast<uint8_t>(NodeState::Leaf);
    if (!atomicRef(node.state)
             .compare_exchange_strong(expected, static_cast<uint8_t>(NodeState::Expanding),
                                      std::memory_order_acq_rel))
        return false;
    // Whatever throws (memory, a network), the node goes back to a leaf: left Expanding, no
    // thread could ever expand it again.
    try {
        return expandClaimed(node, pos, w, isRoot);
    } catch (...) {
        store(node.state, static_cast<uint8_t>(NodeState::Leaf));
        throw;
    }
}

// tryExpand's work once this thread has set node Expanding: it leaves node Expanded, or a Leaf
// when the tree is full.
bool Mcts::expandClaimed(TreeNode& node, const Position& pos, Worker& w, bool isRoot) {
    HIPPOLYTA_ASSERT(load(node.state) == static_cast<uint8_t>(NodeState::Expanding));
    if (!pos.hasLegalMove()) {
        setProof(node, Proof::Loss);
        store(node.state, static_cast<uint8_t>(NodeState::Expanded));
        return true;
    }
    const SearchParams& p = options_.params;
    if (pool().wouldOverflow(p.firstChunk + 1)) {  // the tree is full: stay a leaf
        store(node.state, static_cast<uint8_t>(NodeState::Leaf));
        return false;
    }
    const uint32_t wanted = isRoot ? std::max(p.firstChunk, kRootChunkFloor) : p.firstChunk;
    if (netWanted(node, isRoot)) return expandByNet(node, pos, w, wanted);
    const bool byEval = isRoot;  // the root's children are ordered by the full evaluation
    const uint32_t total =
        static_cast<uint32_t>(orderedMoves(pos, lastMoveOf(node, isRoot), w, byEval, wanted));
    const uint32_t count = std::min(total, wanted);
    // A position with a legal move has one; the scorer listed at least the moves it keeps.
    HIPPOLYTA_ASSERT(count > 0 && w.moves.size() >= count);
    const uint32_t h = allocate(w, count + 1);
    if (!h) {  // the tree is full: stay a leaf
        store(node.state, static_cast<uint8_t>(NodeState::Leaf));
        return false;
    }
    pool().at(h).initHeader(count, total, count);
    for (uint32_t i = 0; i < count; ++i)
        pool().at(h + 1 + i).init(w.moves[i].move.packed(), w.moves[i].score);
    store(node.children, h);
    store(node.state, static_cast<uint8_t>(NodeState::Expanded));
    return true;
}

bool Mcts::addChunk(TreeNode& node, const Position& pos, Worker& w, bool isRoot) {
    uint8_t expected = 0;
    if (!atomicRef(node.widening).compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
        return false;
    bool added = false;
    try {
        added = addChunkClaimed(node, pos, w, isRoot);
    } catch (...) {
        store(node.widening, uint8_t{0});  // else the node would never widen again
        throw;
    }
    store(node.widening, uint8_t{0});
    return added;
}

// addChunk's work once this thread holds node's widening flag.
bool Mcts::addChunkClaimed(TreeNode& node, const Position& pos, Worker& w, bool isRoot) {
    HIPPOLYTA_ASSERT(load(node.widening) == 1);
    TreeNode& first = pool().at(load(node.children));
    const uint32_t total = first.legalMoves, created = load(first.created);
    bool added = false;
    if (created < total && !pool().wouldOverflow(std::max(created, options_.params.firstChunk))) {
        const SearchParams& p = options_.params;
        const uint32_t want = std::min(total - created, std::max(created, p.firstChunk));
        const NetEntry* entry = netEntryOf(first);
        const bool byEval = isRoot;
        // Only the best created + want can be needed: the children made so far are the best
        // `created` of the same order (ties broken by the move), so the bounded scorer serves.
        if (!entry) orderedMoves(pos, lastMoveOf(node, isRoot), w, byEval, created + want);
        w.existing.clear();
        uint32_t last = load(node.children);
        forEachChild(pool(), node, [&](TreeNode& c) {
            w.existing.push_back(c.move);
            return true;
        });
        while (uint32_t next = load(pool().at(last).nextChunk))
            last = next;
        std::sort(w.existing.begin(), w.existing.end());
        const uint32_t h = allocate(w, want + 1);
        if (h) {
            uint32_t k = entry ? addNetChunk(*entry, h, want, w) : 0;
            for (size_t i = 0; !entry && i < w.moves.size() && k < want; ++i) {
                // Past the sorted prefix (children created in another order): sort the rest.
                if (i == created + want) sortMoves(w.moves);
                const ScoredMove& sm = w.moves[i];
                if (std::binary_search(w.existing.begin(), w.existing.end(), sm.move.packed()))
                    continue;
                pool().at(h + 1 + k++).init(sm.move.packed(), sm.score);
            }
            pool().at(h).initHeader(k, 0, 0);
            store(pool().at(last).nextChunk, h);
            HIPPOLYTA_ASSERT(k <= want && created + k <= total);
            store(first.created, created + k);
            added = true;
        }
    }
    return added;
}

}  // namespace hippolyta
