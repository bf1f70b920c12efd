#include "engine/search/mcts.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <thread>

#include "engine/eval/board_ops.h"
#include "engine/search/solver.h"

namespace hippolyta {

namespace {

constexpr uint32_t kSlabSlots = 2048;

template <typename T>
T load(T& field) {
    return atomicRef(field).load(std::memory_order_acquire);
}
template <typename T>
void store(T& field, T value) {
    atomicRef(field).store(value, std::memory_order_release);
}

Proof proofOf(Node& n) {
    return static_cast<Proof>(load(n.proof));
}
void setProof(Node& n, Proof p) {
    store(n.proof, static_cast<uint8_t>(p));
}

// Calls f(child) for every created child of node, in creation (= ordering) order, until f
// returns false.
template <typename F>
void forEachChild(NodePool& pool, Node& node, F&& f) {
    for (uint32_t h = load(node.children); h; h = load(pool.at(h).children)) {
        const uint32_t count = pool.at(h).move;
        for (uint32_t i = 1; i <= count; ++i)
            if (!f(pool.at(h + i))) return;
    }
}

// 1/sqrt(n), tabulated for the visit counts UCT meets most.
class InverseRoots {
  public:
    static const InverseRoots& get() {
        static const InverseRoots table;
        return table;
    }
    double of(uint32_t n) const { return n < kSize ? table_[n] : 1.0 / std::sqrt(double(n)); }

  private:
    static constexpr uint32_t kSize = 1 << 14;
    InverseRoots() {
        table_[0] = 0;
        for (uint32_t n = 1; n < kSize; ++n)
            table_[n] = 1.0 / std::sqrt(static_cast<double>(n));
    }
    std::array<double, kSize> table_;
};

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
    const int to = pick(Ops::queenReach(squareBit(from), empty));
    const Bitboard vacated = (empty | squareBit(from)) & ~squareBit(to);
    const int arrow = pick(Ops::queenReach(squareBit(to), vacated));
    out = Move{static_cast<uint8_t>(from), static_cast<uint8_t>(to), static_cast<uint8_t>(arrow)};
    return true;
}

}  // namespace

struct Mcts::Worker {
    explicit Worker(const SearchParams& p) : regions(p.regionBudgetTree, 1 << 16) {}
    std::mt19937_64 rng;
    Position pos = Position::start();
    std::vector<Node*> path;
    std::vector<ScoredMove> moves, prefix;
    std::vector<uint32_t> existing;
    RegionCounter regions;
    alignas(64) std::atomic<uint64_t> simulations{0};  // this search's, own cache line
    uint32_t slabNext = 0, slabEnd = 0;  // slots taken from the pool in bulk (less contention)
};

// Slots for one chunk from the worker's slab, refilled from the shared pool in blocks.
uint32_t Mcts::allocate(Worker& w, uint32_t count) {
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
    const uint64_t bytes = static_cast<uint64_t>(std::max(options_.memoryMb, 1)) << 20;
    // Two pools of half the cap each: the reused subtree is copied from one to the other.
    const uint64_t slots = bytes / 2 / sizeof(Node);
    pools_[0] = std::make_unique<NodePool>(slots);
    pools_[1] = std::make_unique<NodePool>(slots);
    root_.init(0, 0);
}

Mcts::~Mcts() = default;

void Mcts::clear() {
    std::lock_guard lock(treeMutex_);
    pools_[0]->reset();
    pools_[1]->reset();
    root_.init(0, 0);
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
    Node* node = &root_;
    Position pos = rootPos_;
    for (size_t i = treeMoves_.size(); i < moves.size(); ++i) {
        Node* next = nullptr;
        const uint32_t packed = moves[i].packed();
        forEachChild(pool(), *node, [&](Node& c) {
            if (c.move != packed) return true;
            next = &c;
            return false;
        });
        if (!next || !pos.isLegal(moves[i])) return false;
        pos.makeMove(moves[i]);
        node = next;
    }
    if (!(pos == game.position())) return false;
    if (node != &root_) {
        Node newRoot = *node;
        NodePool& other = *pools_[1 - active_];
        other.reset();
        copySubtree(pool(), other, newRoot);
        pool().reset();
        active_ = 1 - active_;
        root_ = newRoot;
    }
    rootPos_ = pos;
    return true;
}

// Copies node's children (recursively) from one pool to the other; node is already in place.
void Mcts::copySubtree(NodePool& from, NodePool& to, Node& node) {
    uint32_t* link = &node.children;
    for (uint32_t h = node.children; h; h = from.at(h).children) {
        const uint32_t count = from.at(h).move;
        const uint32_t dst = to.allocate(count + 1);  // cannot fail: same capacity
        for (uint32_t i = 0; i <= count; ++i)
            to.at(dst + i) = from.at(h + i);
        to.at(dst).children = 0;
        *link = dst;
        link = &to.at(dst).children;
        for (uint32_t i = 1; i <= count; ++i)
            copySubtree(from, to, to.at(dst + i));
    }
}

void Mcts::prepareRoot(const Game& game, bool& reused) {
    std::lock_guard lock(treeMutex_);
    searchStart_ = Clock::now();
    while (static_cast<int>(workers_.size()) < std::max(1, options_.threads))
        workers_.push_back(std::make_unique<Worker>(options_.params));
    reused = reuseSubtree(game);
    if (!reused) {
        pools_[0]->reset();
        pools_[1]->reset();
        root_.init(0, 0);
        rootPos_ = game.position();
    }
    haveTree_ = true;
    treeStart_ = game.start();
    treeMoves_ = game.moves();
}

// ---- expansion and selection ------------------------------------------------------------

// Scores the moves of pos and puts the best `needed` first, in order (the rest unordered).
void Mcts::orderedMoves(const Position& pos, Worker& w, bool byEval, size_t needed) {
    scoreMovesCheap(pos, w.moves, options_.params.ordering);
    if (byEval) {
        scoreMovesByEval(pos, options_.eval, w.moves);
        sortMoves(w.moves, needed);
        return;
    }
    // Otherwise the best few by the cheap score are reordered by the evaluation; they stay
    // ahead of the rest.
    const size_t top = std::min<size_t>(options_.params.rerankTop, w.moves.size());
    sortMoves(w.moves, std::max(needed, top));
    if (top == 0) return;
    w.prefix.assign(w.moves.begin(), w.moves.begin() + top);
    scoreMovesByEval(pos, options_.eval, w.prefix);
    sortMoves(w.prefix);
    std::copy(w.prefix.begin(), w.prefix.end(), w.moves.begin());
}

bool Mcts::tryExpand(Node& node, const Position& pos, Worker& w, bool isRoot) {
    uint8_t expected = static_cast<uint8_t>(NodeState::Leaf);
    if (!atomicRef(node.state)
             .compare_exchange_strong(expected, static_cast<uint8_t>(NodeState::Expanding),
                                      std::memory_order_acq_rel))
        return false;
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
    const uint32_t wanted = isRoot ? std::max(p.firstChunk, 32u) : p.firstChunk;
    orderedMoves(pos, w, isRoot || (p.evalOrderVisits && node.visits >= p.evalOrderVisits), wanted);
    const uint32_t total = static_cast<uint32_t>(w.moves.size());
    const uint32_t count = std::min(total, wanted);
    const uint32_t h = allocate(w, count + 1);
    if (!h) {  // the tree is full: stay a leaf
        store(node.state, static_cast<uint8_t>(NodeState::Leaf));
        return false;
    }
    Node& header = pool().at(h);
    header.init(count, 0);
    header.visits = total;
    header.virtualLoss = count;
    for (uint32_t i = 0; i < count; ++i)
        pool().at(h + 1 + i).init(w.moves[i].move.packed(), w.moves[i].score);
    store(node.children, h);
    store(node.state, static_cast<uint8_t>(NodeState::Expanded));
    return true;
}

bool Mcts::addChunk(Node& node, const Position& pos, Worker& w, bool isRoot) {
    uint8_t expected = 0;
    if (!atomicRef(node.widening).compare_exchange_strong(expected, 1, std::memory_order_acq_rel))
        return false;
    Node& first = pool().at(load(node.children));
    const uint32_t total = first.visits, created = load(first.virtualLoss);
    bool added = false;
    if (created < total && !pool().wouldOverflow(std::max(created, options_.params.firstChunk))) {
        const SearchParams& p = options_.params;
        const uint32_t want = std::min(total - created, std::max(created, p.firstChunk));
        orderedMoves(pos, w,
                     isRoot || (p.evalOrderVisits && load(node.visits) >= p.evalOrderVisits),
                     created + want);
        w.existing.clear();
        uint32_t last = load(node.children);
        forEachChild(pool(), node, [&](Node& c) {
            w.existing.push_back(c.move);
            return true;
        });
        while (uint32_t next = load(pool().at(last).children))
            last = next;
        std::sort(w.existing.begin(), w.existing.end());
        const uint32_t h = allocate(w, want + 1);
        if (h) {
            uint32_t k = 0;
            for (size_t i = 0; i < w.moves.size() && k < want; ++i) {
                // Past the sorted prefix (children created in another order): sort the rest.
                if (i == created + want) sortMoves(w.moves);
                const ScoredMove& sm = w.moves[i];
                if (std::binary_search(w.existing.begin(), w.existing.end(), sm.move.packed()))
                    continue;
                pool().at(h + 1 + k++).init(sm.move.packed(), sm.score);
            }
            pool().at(h).init(k, 0);
            store(pool().at(last).children, h);
            store(first.virtualLoss, created + k);
            added = true;
        }
    }
    store(node.widening, uint8_t{0});
    return added;
}

Node* Mcts::selectChild(Node& node, const Position& pos, Worker& w, bool isRoot) {
    const SearchParams& p = options_.params;
    const uint32_t parentVisits = load(node.visits) + load(node.virtualLoss) + 1;
    const double visible =
        p.wideningBase + p.wideningScale * std::pow(parentVisits, p.wideningExponent);
    const double explore = p.exploration * std::sqrt(std::log(static_cast<double>(parentVisits)));
    const InverseRoots& roots = InverseRoots::get();
    for (int attempt = 0; attempt < 2; ++attempt) {
        Node* best = nullptr;
        double bestScore = -1e9;
        uint32_t considered = 0;
        bool allLost = true;
        forEachChild(pool(), node, [&](Node& c) {
            const Proof pr = proofOf(c);
            if (pr == Proof::Loss) {  // the opponent is lost after this move
                best = &c;
                bestScore = 1e9;
                return false;
            }
            if (pr == Proof::Win) return true;  // a losing move: never worth a visit
            allLost = false;
            if (considered >= visible) return false;
            ++considered;
            const uint32_t n = load(c.visits) + load(c.virtualLoss);
            if (n == 0) {  // the first unvisited child in order
                if (bestScore < 1e8) {
                    best = &c;
                    bestScore = 1e8;
                }
                return true;
            }
            const double inv = roots.of(n);
            const double q = static_cast<double>(load(c.valueSum)) * (inv * inv / kValueOne);
            const double s = q + explore * inv;
            if (s > bestScore) {
                best = &c;
                bestScore = s;
            }
            return true;
        });
        Node& first = pool().at(load(node.children));
        const bool moreToCreate = load(first.virtualLoss) < first.visits;
        if (moreToCreate && considered < visible && attempt == 0 && addChunk(node, pos, w, isRoot))
            continue;
        if (!best && allLost && !moreToCreate) setProof(node, Proof::Loss);
        return best;
    }
    return nullptr;
}

// ---- simulation -------------------------------------------------------------------------

double Mcts::playout(Position& pos, Worker& w) {
    // Returns the win probability for the side to move at the start of the playout.
    const int plies = options_.params.playoutPlies;
    return withBoardSize(pos.size(), [&]<int N>() {
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
            v = winProbability(evaluate(pos, options_.eval), options_.eval);
        return done % 2 ? 1 - v : v;
    });
}

double Mcts::evaluateLeaf(Node& node, Position& pos, Worker& w) {
    if (!pos.hasLegalMove()) {
        setProof(node, Proof::Loss);
        return 0;
    }
    if (isSeparated(pos)) {
        const SeparatedAnalysis a = analyseSeparated(pos, w.regions);
        if (a.outcome == Outcome::Win) setProof(node, Proof::Win);
        if (a.outcome == Outcome::Loss) setProof(node, Proof::Loss);
        if (a.outcome != Outcome::Unknown) return a.outcome == Outcome::Win ? 1 : 0;
        const double diff = (a.own.lower + a.own.upper - a.opponent.lower - a.opponent.upper) / 2.0;
        return 1.0 / (1.0 + std::exp(-(diff - 0.5)));
    }
    return playout(pos, w);
}

void Mcts::simulate(Worker& w) {
    Position& pos = w.pos;
    pos = rootPos_;
    w.path.clear();
    w.path.push_back(&root_);
    Node* node = &root_;
    const uint32_t vl = options_.params.virtualLoss;
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
                tryExpand(*node, pos, w, isRoot))
                continue;
            value = evaluateLeaf(*node, pos, w);
            break;
        }
        Node* child = selectChild(*node, pos, w, isRoot);
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

void Mcts::updateProof(Node& parent, const Node& child) {
    if (proofOf(parent) != Proof::None) return;
    const Proof pc = static_cast<Proof>(atomicRef(const_cast<Node&>(child).proof).load());
    if (pc == Proof::Loss) {
        setProof(parent, Proof::Win);
    } else if (pc == Proof::Win) {
        Node& first = pool().at(load(parent.children));
        if (load(first.virtualLoss) < first.visits) return;  // unexplored moves remain
        bool allWin = true;
        forEachChild(pool(), parent, [&](Node& c) {
            allWin = proofOf(c) == Proof::Win;
            return allWin;
        });
        if (allWin) setProof(parent, Proof::Loss);
    }
}

void Mcts::backup(Worker& w, double value) {
    const uint32_t vl = options_.params.virtualLoss;
    double v = value;  // for the side to move at path[i]
    for (size_t i = w.path.size(); i-- > 0;) {
        Node& n = *w.path[i];
        const auto reward = static_cast<uint64_t>(std::llround((1 - v) * kValueOne));
        atomicRef(n.valueSum).fetch_add(reward, std::memory_order_relaxed);
        atomicRef(n.visits).fetch_add(1, std::memory_order_relaxed);
        if (i > 0) {
            atomicRef(n.virtualLoss).fetch_sub(vl, std::memory_order_relaxed);
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
        w->slabNext = w->slabEnd = 0;  // the pools may have been reset or swapped
    }
    if (!rootPos_.hasLegalMove()) return SearchResult{};
    if (isSeparated(rootPos_)) return separatedResult(reused);
    if (auto solved = solveRoot(limits, stop)) {
        solved->reusedTree = reused;
        return *solved;
    }
    if (load(root_.state) != static_cast<uint8_t>(NodeState::Expanded)) {
        root_.proof = 0;  // a leaf's proof came from an evaluation: search it properly
        tryExpand(root_, rootPos_, *workers_[0], true);
    }
    {
        std::vector<std::thread> helpers;
        for (int i = 1; i < threads; ++i)
            helpers.emplace_back([&, i] { runWorker(*workers_[i], limits, stop, false); });
        runWorker(*workers_[0], limits, stop, true);
        for (auto& t : helpers)
            t.join();
    }
    SearchResult r = buildResult(true);
    r.reusedTree = reused;
    return r;
}

// Sides walled apart: play the longest line of our own regions (perfect when the counts are
// exact); the winner is whoever has more moves left.
SearchResult Mcts::separatedResult(bool reused) {
    RegionCounter counter(options_.params.regionBudgetRoot);
    const SeparatedAnalysis a = analyseSeparated(rootPos_, counter);
    SearchResult r;
    r.move = separatedBestMove(rootPos_, counter);
    if (r.move) r.pv = {*r.move};
    r.proven = a.outcome != Outcome::Unknown;
    r.winrate = a.outcome == Outcome::Win ? 1.0 : a.outcome == Outcome::Loss ? 0.0 : 0.5;
    r.reusedTree = reused;
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    CandidateInfo c;
    if (r.move) {
        c.move = *r.move;
        c.winrate = r.winrate;
        c.proven = r.proven;
        c.pv = r.pv;
        r.candidates.push_back(c);
    }
    return r;
}

// Small contested endgames: an exact proof search first; a proven win is played at once.
std::optional<SearchResult> Mcts::solveRoot(const SearchLimits& limits,
                                            const std::atomic<bool>& stop) {
    const SearchParams& p = options_.params;
    if (!p.solverBudget || contestedEmptySquares(rootPos_) > p.solverMaxEmpty) return {};
    auto deadline = Clock::time_point::max();
    if (limits.seconds > 0)
        deadline = searchStart_ + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(0.3 * limits.seconds));
    EndgameSolver solver(p.solverBudget, p.regionBudgetTree);
    const SolverResult s = solver.solve(rootPos_, kSolverUnbounded, stop, deadline);
    if (s.outcome != Outcome::Win || !s.move) return {};
    SearchResult r;
    r.move = s.move;
    r.pv = {*s.move};
    r.winrate = 1.0;
    r.proven = true;
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    CandidateInfo c;
    c.move = *s.move;
    c.winrate = 1.0;
    c.proven = true;
    c.pv = r.pv;
    r.candidates.push_back(c);
    return r;
}

// ---- results ----------------------------------------------------------------------------

SearchResult Mcts::snapshot() const {
    std::lock_guard lock(treeMutex_);
    return buildResult(true);
}

SearchResult Mcts::buildResult(bool withCandidates) const {
    auto& self = const_cast<Mcts&>(*this);
    NodePool& pool = self.pool();
    Node& root = self.root_;
    SearchResult r;
    r.visits = load(root.visits);
    for (const auto& w : workers_)
        r.simulations += w->simulations.load(std::memory_order_relaxed);
    r.treeNodes = pool.used();
    r.seconds = std::chrono::duration<double>(Clock::now() - searchStart_).count();
    const Proof rootProof = proofOf(root);
    r.proven = rootProof != Proof::None;

    auto winrateOf = [](Node& c) {
        const Proof p = proofOf(c);
        if (p == Proof::Loss) return 1.0;
        if (p == Proof::Win) return 0.0;
        const uint32_t n = load(c.visits);
        return n ? static_cast<double>(load(c.valueSum)) / kValueOne / n : 0.5;
    };
    // Best: a proven win, else the most visited move not proven lost, ties by winrate.
    auto better = [&](Node& a, Node& b) {
        const int ra = proofOf(a) == Proof::Loss ? 2 : proofOf(a) == Proof::Win ? 0 : 1;
        const int rb = proofOf(b) == Proof::Loss ? 2 : proofOf(b) == Proof::Win ? 0 : 1;
        if (ra != rb) return ra > rb;
        if (load(a.visits) != load(b.visits)) return load(a.visits) > load(b.visits);
        return winrateOf(a) > winrateOf(b);
    };
    auto bestChild = [&](Node& n) -> Node* {
        if (load(n.state) != static_cast<uint8_t>(NodeState::Expanded)) return nullptr;
        Node* best = nullptr;
        forEachChild(pool, n, [&](Node& c) {
            if (!best || better(c, *best)) best = &c;
            return true;
        });
        return best;
    };
    auto pvFrom = [&](Node& start, int maxLen) {
        std::vector<Move> pv{Move::unpack(start.move)};
        Node* n = &start;
        while (static_cast<int>(pv.size()) < maxLen) {
            n = bestChild(*n);
            if (!n || (load(n->visits) == 0 && proofOf(*n) == Proof::None)) break;
            pv.push_back(Move::unpack(n->move));
        }
        return pv;
    };

    Node* best = bestChild(root);
    if (!best) return r;
    r.move = Move::unpack(best->move);
    r.winrate = rootProof == Proof::Win ? 1.0 : rootProof == Proof::Loss ? 0.0 : winrateOf(*best);
    r.pv = pvFrom(*best, 30);
    if (!withCandidates) return r;
    std::vector<Node*> kids;
    forEachChild(pool, root, [&](Node& c) {
        if (load(c.visits) > 0 || proofOf(c) != Proof::None) kids.push_back(&c);
        return true;
    });
    std::stable_sort(kids.begin(), kids.end(), [&](Node* a, Node* b) { return better(*a, *b); });
    for (Node* c : kids) {
        CandidateInfo ci;
        ci.move = Move::unpack(c->move);
        ci.visits = load(c->visits);
        ci.winrate = winrateOf(*c);
        ci.prior = c->prior;
        ci.proven = proofOf(*c) != Proof::None;
        ci.pv = pvFrom(*c, 10);
        r.candidates.push_back(std::move(ci));
    }
    return r;
}

}  // namespace hippolyta
