#include "engine/search/mcts.h"

#include "engine/search/mcts_internal.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <exception>
#include <mutex>
#include <thread>

#include "engine/core/assert.h"
#include "engine/regions/board_ops.h"

namespace hippolyta {

using namespace mcts_detail;

namespace {

constexpr uint32_t kSlabSlots = 2048;

// The win probability of a separated position that region counts do not decide, from
// `diff`, the side to move's expected moves left minus the opponent's: a logistic of unit
// scale, shifted by half a move because the side to move must also make the next move (at
// diff 0.5 the two are even). Unscaled on purpose: the counts are in moves, not evaluation
// units, and a change of scale would change the search (an SPRT, not a rename).
double separatedWinProbability(double diff) {
    return 1.0 / (1.0 + std::exp(-(diff - 0.5)));
}

// The evaluation's win probability for the side to move at pos.
double staticValue(const Position& pos, const EvalWeights& eval) {
    return winProbability(evaluate(pos, eval), eval);
}

uint64_t mixSeed(uint64_t a, uint64_t b) {
    uint64_t z = a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    return z ^ (z >> 31);
}

// A uniformly random amazon (among those that can move), destination and arrow.
template <int N>
bool randomMove(const Position& pos, std::mt19937_64& rng, Move& out) {
    using Ops = BoardOps<N>;
    const Bitboard empty = pos.emptySquares();
    Bitboard movable = pos.amazons(pos.sideToMove()) & Ops::kingNeighbours(empty);
    if (!movable) return false;
    auto pick = [&](Bitboard b) {
        int k = static_cast<int>(rng() % popCount(b));
        while (k--)
            b &= b - 1;
        return lowestSquare(b);
    };
    const int from = pick(movable);
    const int to = pick(Ops::queenReachFrom(from, empty));
    const Bitboard vacated = (empty | squareBit(from)) & ~squareBit(to);
    const int arrow = pick(Ops::queenReachFrom(to, vacated));
    out = Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to), static_cast<uint8_t>(arrow)};
    return true;
}

}  // namespace

// Slots for one chunk from the worker's slab, refilled from the shared pool in blocks.
uint32_t Mcts::allocate(Worker& w, uint32_t count) {
    HIPPOLYTA_ASSERT(count > 0 && w.slabNext <= w.slabEnd);
    if (w.slabEnd - w.slabNext < count) {
        const uint32_t block = std::max(count, kSlabSlots);
        uint32_t start = pool().allocate(block);
        if (!start) {
            start = pool().allocate(count);
            if (!start) return 0;
            return start;
        }
        w.slabNext = start;
        w.slabEnd = start + block;
    }
    const uint32_t start = w.slabNext;
    w.slabNext += count;
    return start;
}

Mcts::Mcts(const MctsOptions& options) : options_(options) {
    uint64_t bytes = static_cast<uint64_t>(std::max(options_.memoryMb, 1)) << 20;
    // With a net, a quarter of the cap holds the nodes' net results (each keeps every legal
    // move: about 17 KB at the 10x10 start).
    if (options_.net) {
        netBudget_ = bytes / 4;
        bytes -= netBudget_;
    }
    // One pool of the whole cap: a reused subtree is compacted through a scratch pool of its
    // own size (reuseSubtree), so a search may fill all of it.
    pool_ = std::make_unique<NodePool>(bytes / sizeof(TreeNode));
    root_.init(0, 0);
}

Mcts::~Mcts() = default;

void Mcts::clear() {
    std::lock_guard lock(treeMutex_);
    pool_->reset();
    root_.init(0, 0);
    netEntries_.clear();
    netBytes_ = 0;
    haveTree_ = false;
    treeMoves_.clear();
}

// ---- tree reuse -------------------------------------------------------------------------

bool Mcts::reuseSubtree(const Game& game) {
    if (!haveTree_ || !(game.start() == treeStart_)) return false;
    const auto& moves = game.moves();
    if (moves.size() < treeMoves_.size() ||
        !std::equal(treeMoves_.begin(), treeMoves_.end(), moves.begin()))
        return false;
    TreeNode* node = &root_;
    Position pos = rootPos_;
    for (size_t i = treeMoves_.size(); i < moves.size(); ++i) {
        TreeNode* next = nullptr;
        const uint32_t packed = moves[i].packed();
        forEachChild(pool(), *node, [&](TreeNode& c) {
            if (c.move != packed) return true;
            next = &c;
            return false;
        });
        if (!next || !pos.isLegal(moves[i])) return false;
        pos.makeMove(moves[i]);
        node = next;
    }
    if (!(pos == game.position())) return false;
    previousVisits_ = load(root_.visits);
    keptVisits_ = load(node->visits);
    if (node != &root_) {
        // The subtree to a scratch pool of its size, then back to the front of the emptied
        // pool: it keeps all of its nodes, and the rest of the pool is free again.
        TreeNode newRoot = *node;
        const uint64_t slots = subtreeSlots(pool(), newRoot);
        NodePool scratch(slots + 1);
        copySubtree(pool(), scratch, newRoot);
        pool().reset();
        copySubtree(scratch, pool(), newRoot);
        // The kept subtree fills the front of the pool exactly: nothing lost, nothing doubled.
        HIPPOLYTA_ASSERT(scratch.used() == slots + 1 && pool().used() == slots + 1);
        root_ = newRoot;
    }
    keepNetEntries(node == &root_);
    rootPos_ = pos;
    return true;
}

// The slots of node's descendants (their chunks' headers included).
uint64_t Mcts::subtreeSlots(NodePool& pool, const TreeNode& node) {
    uint64_t slots = 0;
    for (uint32_t h = node.children; h; h = pool.at(h).nextChunk) {
        const uint32_t count = pool.at(h).chunkSize;
        slots += count + 1;
        for (uint32_t i = 1; i <= count; ++i)
            slots += subtreeSlots(pool, pool.at(h + i));
    }
    return slots;
}

// Copies node's children (recursively) from one pool to the other; node is already in place.
void Mcts::copySubtree(NodePool& from, NodePool& to, TreeNode& node) {
    uint32_t* link = &node.children;
    if (node.children)
        if (NetEntry* e = netEntryOf(from.at(node.children))) e->kept = true;
    for (uint32_t h = node.children; h; h = from.at(h).nextChunk) {
        const uint32_t count = from.at(h).chunkSize;
        const uint32_t dst = to.allocate(count + 1);
        // The destination is empty and at least the subtree's size (reuseSubtree).
        HIPPOLYTA_ASSERT(dst != 0);
        for (uint32_t i = 0; i <= count; ++i)
            to.at(dst + i) = from.at(h + i);
        to.at(dst).nextChunk = 0;
        *link = dst;
        link = &to.at(dst).nextChunk;
        for (uint32_t i = 1; i <= count; ++i)
            copySubtree(from, to, to.at(dst + i));
    }
}

void Mcts::prepareRoot(const Game& game, bool& reused) {
    std::lock_guard lock(treeMutex_);
    searchStart_ = Clock::now();
    while (static_cast<int>(workers_.size()) < std::max(1, options_.threads))
        workers_.push_back(std::make_unique<Worker>(options_.params));
    keptVisits_ = previousVisits_ = 0;
    rootLast_ = game.moves().empty() ? std::nullopt : std::optional<Move>(game.moves().back());
    reused = reuseSubtree(game);
    if (!reused) {
        pool_->reset();
        root_.init(0, 0);
        rootPos_ = game.position();
        netEntries_.clear();
        netBytes_ = 0;
    }
    haveTree_ = true;
    treeStart_ = game.start();
    treeMoves_ = game.moves();
}

// ---- simulation -------------------------------------------------------------------------

double Mcts::playout(Position& pos, Worker& w) {
    // Returns the win probability for the side to move at the start of the playout.
    const int plies = options_.params.playoutPlies;
    return withBoardSize(pos.width(), [&](auto boardSize) {
        constexpr int N = decltype(boardSize)::value;

        int done = 0;
        for (; done < plies; ++done) {
            Move m;
            if (!randomMove<N>(pos, w.rng, m)) break;
            pos.makeMove(m);
        }
        double v;
        if (!pos.hasLegalMove())
            v = 0;
        else
            v = staticValue(pos, options_.eval);
        HIPPOLYTA_ASSERT(v >= 0 && v <= 1);
        return done % 2 ? 1 - v : v;
    });
}

double Mcts::evaluateLeaf(TreeNode& node, Position& pos, Worker& w) {
    if (!pos.hasLegalMove()) {
        setProof(node, Proof::Loss);
        return 0;
    }
    if (isSeparated(pos)) {
        const SeparatedAnalysis a = analyseSeparated(pos, w.regions);
        if (a.outcome == Outcome::Win) setProof(node, Proof::Win);
        if (a.outcome == Outcome::Loss) setProof(node, Proof::Loss);
        if (a.outcome != Outcome::Unknown) return a.outcome == Outcome::Win ? 1 : 0;
        HIPPOLYTA_ASSERT(a.own.lower <= a.own.upper && a.opponent.lower <= a.opponent.upper);
        const double diff = (a.own.lower + a.own.upper - a.opponent.lower - a.opponent.upper) / 2.0;
        return separatedWinProbability(diff);
    }
    return playout(pos, w);
}

// One simulation. If anything in it throws (memory, a network), the virtual losses it added on
// its way down are taken back before the exception goes on, so that the tree stays searchable.
void Mcts::simulate(Worker& w) {
    try {
        descendAndBackup(w);
    } catch (...) {
        const uint32_t vl = options_.params.virtualLoss;
        for (size_t i = 1; i < w.path.size(); ++i)
            atomicRef(w.path[i]->virtualLoss).fetch_sub(vl, std::memory_order_relaxed);
        w.path.clear();
        throw;
    }
}

void Mcts::descendAndBackup(Worker& w) {
    Position& pos = w.pos;
    pos = rootPos_;
    w.path.clear();
    w.path.push_back(&root_);
    TreeNode* node = &root_;
    const uint32_t vl = options_.params.virtualLoss;
    w.netEvaluated = false;
    double value;  // win probability for the side to move at `node`
    for (;;) {
        const Proof pr = proofOf(*node);
        if (pr != Proof::None) {
            value = pr == Proof::Win ? 1 : 0;
            break;
        }
        const bool isRoot = node == &root_;
        if (load(node->state) != static_cast<uint8_t>(NodeState::Expanded)) {
            if ((isRoot || load(node->visits) >= options_.params.expandVisits) &&
                tryExpand(*node, pos, w, isRoot) && !w.netEvaluated)
                continue;
            value = w.netEvaluated ? mixedLeafValue(*node, pos, w) : evaluateLeaf(*node, pos, w);
            break;
        }
        // The net's order and value for a node that has come to want them.
        if (options_.net && !netEntryOf(pool().at(load(node->children))) &&
            netWanted(*node, isRoot) && upgradeToNet(*node, pos, w)) {
            value = mixedLeafValue(*node, pos, w);
            break;
        }
        TreeNode* child = selectChild(*node, pos, w, isRoot);
        if (!child) {
            const Proof now = proofOf(*node);
            value = now == Proof::Win ? 1 : now == Proof::Loss ? 0 : 0.5;
            break;
        }
        atomicRef(child->virtualLoss).fetch_add(vl, std::memory_order_relaxed);
        pos.makeMove(Move::unpack(child->move));
        w.path.push_back(child);
        node = child;
    }
    backup(w, value);
}

// MCTS-solver: a child lost for its side to move proves its parent won; a parent whose moves are
// all created and all won for the opponent is lost.
void Mcts::updateProof(TreeNode& parent, TreeNode& child) {
    if (proofOf(parent) != Proof::None) return;
    const Proof pc = proofOf(child);
    if (pc == Proof::Loss) {
        setProof(parent, Proof::Win);
    } else if (pc == Proof::Win) {
        TreeNode& first = pool().at(load(parent.children));
        if (load(first.created) < first.legalMoves) return;  // unexplored moves remain
        bool allWin = true;
        forEachChild(pool(), parent, [&](TreeNode& c) {
            allWin = proofOf(c) == Proof::Win;
            return allWin;
        });
        if (allWin) setProof(parent, Proof::Loss);
    }
}

// Each node's value sum holds the rewards of the player who made its move.
void Mcts::backup(Worker& w, double value) {
    HIPPOLYTA_ASSERT(value >= 0 && value <= 1 && !w.path.empty() && w.path[0] == &root_);
    const uint32_t vl = options_.params.virtualLoss;
    double v = value;  // for the side to move at path[i]
    for (size_t i = w.path.size(); i-- > 0;) {
        TreeNode& n = *w.path[i];
        const auto reward = static_cast<uint64_t>(std::llround((1 - v) * kValueOne));
        atomicRef(n.valueSum).fetch_add(reward, std::memory_order_relaxed);
        atomicRef(n.visits).fetch_add(1, std::memory_order_relaxed);
        if (i > 0) {
            // Each node below the root carries this simulation's virtual loss until now.
            const uint32_t held = atomicRef(n.virtualLoss).fetch_sub(vl, std::memory_order_relaxed);
            HIPPOLYTA_ASSERT(held >= vl);
            updateProof(*w.path[i - 1], n);
        }
        v = 1 - v;
    }
}

// ---- the search loop --------------------------------------------------------------------

void Mcts::runWorker(Worker& w, const SearchLimits& limits, const std::atomic<bool>& stop,
                     bool reporter) {
    auto nextReport = searchStart_ + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(limits.reportSeconds));
    while (!stopSearch_.load(std::memory_order_relaxed)) {
        if (stop.load(std::memory_order_relaxed)) break;
        if (limits.visits && started_.fetch_add(1, std::memory_order_relaxed) >= limits.visits)
            break;
        simulate(w);
        w.simulations.store(w.simulations.load(std::memory_order_relaxed) + 1,
                            std::memory_order_relaxed);
        if (proofOf(root_) != Proof::None) break;
        if (!reporter) continue;
        const auto now = Clock::now();
        if (limits.seconds > 0 &&
            std::chrono::duration<double>(now - searchStart_).count() >= limits.seconds)
            break;
        if (limits.onReport && limits.reportSeconds > 0 && now >= nextReport) {
            if (limits.onReport(buildResult(true))) break;
            nextReport = now + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(limits.reportSeconds));
        }
    }
    stopSearch_.store(true);
}

// The workers on `threads` threads, this one reporting. Whatever throws (the report callback,
// a result being built, a helper), every helper is stopped and joined before the first
// exception goes on to the caller: a joinable thread destroyed would end the program.
void Mcts::runWorkers(const SearchLimits& limits, const std::atomic<bool>& stop) {
    const int threads = std::max(1, options_.threads);
    std::vector<std::thread> helpers;
    std::exception_ptr failure;
    std::mutex failureMutex;
    // The first exception is kept; every worker is told to stop.
    const auto fail = [&](std::exception_ptr e) {
        std::lock_guard lock(failureMutex);
        if (!failure) failure = e;
        stopSearch_.store(true);
    };
    const auto guarded = [&](int i, bool reporter) {
        try {
            runWorker(*workers_[i], limits, stop, reporter);
        } catch (...) {
            fail(std::current_exception());
        }
    };
    try {
        for (int i = 1; i < threads; ++i)
            helpers.emplace_back(guarded, i, false);
    } catch (...) {  // a thread that could not start: stop the ones that did
        fail(std::current_exception());
    }
    if (!failure) guarded(0, true);
    for (auto& t : helpers)
        t.join();
    if (failure) std::rethrow_exception(failure);
}

SearchResult Mcts::search(const Game& game, const SearchLimits& limits,
                          const std::atomic<bool>& stop) {
    bool reused = false;
    prepareRoot(game, reused);
    const int threads = std::max(1, options_.threads);
    const uint64_t seed = mixSeed(options_.seed, rootPos_.hash());
    for (int i = 0; i < threads; ++i)
        workers_[i]->rng.seed(mixSeed(seed, i));
    stopSearch_ = false;
    started_ = 0;
    for (auto& w : workers_) {
        w->simulations = 0;
        w->netEvaluations = 0;
        w->slabNext = w->slabEnd = 0;  // the pools may have been reset or swapped
    }
    if (!rootPos_.hasLegalMove()) return SearchResult{};
    if (isSeparated(rootPos_)) return separatedResult(reused);
    if (auto solved = solveRoot(limits, stop)) {
        solved->reusedTree = reused;
        return *solved;
    }
    if (load(root_.state) != static_cast<uint8_t>(NodeState::Expanded)) {
        setProof(root_, Proof::None);  // a leaf's proof came from an evaluation: search it
        tryExpand(root_, rootPos_, *workers_[0], true);
    }
    HIPPOLYTA_ASSERT(load(root_.state) != static_cast<uint8_t>(NodeState::Expanding));
    runWorkers(limits, stop);
    HIPPOLYTA_ASSERT(treeProblem().empty());
    SearchResult r = buildResult(true);
    r.reusedTree = reused;
    return r;
}

}  // namespace hippolyta
