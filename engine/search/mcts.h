// Monte-Carlo tree search with early-terminated playouts (Invader's scheme): a simulation
// walks down the tree by UCT among the children that progressive widening makes visible
// (children ordered by a move-ordering score), expands a leaf, plays a few random plies and
// scores the result with the evaluation as a win probability. Proven wins and losses
// propagate (MCTS-solver); positions whose sides are walled apart are scored by exact region
// counts. Tree parallelism with virtual loss; the tree is kept between searches and its
// subtree for the position actually reached is reused.
#pragma once

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/eval/evaluation.h"
#include "engine/regions/regions.h"
#include "engine/search/move_order.h"
#include "engine/search/move_prior.h"
#include "engine/search/node_pool.h"
#include "engine/search/pattern_prior_file.h"
#include "engine/search/search_net.h"
#include "engine/search/search_types.h"

namespace hippolyta {

struct MctsOptions {
    int threads = 1;
    int memoryMb = 1024;
    uint64_t seed = 0;
    SearchParams params;
    EvalWeights eval;
    PriorWeights prior = fittedPriorWeights();  // the learned move order (MoveOrdering::Learned)
    PatternPriors patterns = builtInPatternPriors();  // MoveOrdering::Pattern's weights
    std::shared_ptr<const SearchNet> net;             // none: the linear model alone
    int netBoardSize = 0;                             // the net's only board size (0: every square)
};

struct NetEntry;

class Mcts {
  public:
    explicit Mcts(const MctsOptions& options);
    ~Mcts();

    // Searches game.position() until a limit, `stop` or a proof ends it. Blocks.
    SearchResult search(const Game& game, const SearchLimits& limits,
                        const std::atomic<bool>& stop);
    // The current root statistics; thread-safe, also while search() runs.
    SearchResult snapshot() const;
    // Drops the tree.
    void clear();
    // The children of the node that `line` (moves from the root of the last search) reaches,
    // with their prior fields (TreeNode::prior), in creation order; empty if the tree has no such
    // node. For tests and analysis, between searches.
    std::vector<ScoredMove> childPriors(const std::vector<Move>& line) const;
    // The nodes below the root with at least minVisits visits and a visited child, the most
    // visited first, at most `limit`; not the child `skip` of the root or anything under it
    // (the subtree the next search reuses). TreeStrap-style labels for self-play; between
    // searches.
    std::vector<TreeSample> treeSamples(uint32_t minVisits, std::optional<Move> skip,
                                        size_t limit) const;
    const MctsOptions& options() const { return options_; }
    // The first invariant of the tree that does not hold, or an empty string: no node left
    // Expanding or widening or with a virtual loss, a node's visits at least its children's, its
    // children as many as its header counts and no more than its legal moves. Between searches
    // only (search() asserts it when assertions are on).
    std::string treeProblem() const;

  private:
    struct Worker;
    using Clock = std::chrono::steady_clock;

    void prepareRoot(const Game& game, bool& reused);
    bool reuseSubtree(const Game& game);
    static uint64_t subtreeSlots(NodePool& pool, const TreeNode& node);
    void copySubtree(NodePool& from, NodePool& to, TreeNode& node);
    void runWorkers(const SearchLimits& limits, const std::atomic<bool>& stop);
    void runWorker(Worker& w, const SearchLimits& limits, const std::atomic<bool>& stop,
                   bool reporter);
    void simulate(Worker& w);
    void descendAndBackup(Worker& w);
    bool tryExpand(TreeNode& node, const Position& pos, Worker& w, bool isRoot);
    bool expandClaimed(TreeNode& node, const Position& pos, Worker& w, bool isRoot);
    bool addChunk(TreeNode& node, const Position& pos, Worker& w, bool isRoot);
    bool addChunkClaimed(TreeNode& node, const Position& pos, Worker& w, bool isRoot);
    TreeNode* selectChild(TreeNode& node, const Position& pos, Worker& w, bool isRoot);
    double evaluateLeaf(TreeNode& node, Position& pos, Worker& w);
    // The network (mcts_net.cpp).
    bool netWanted(TreeNode& node, bool isRoot) const;
    NetEntry* evaluateNet(const Position& pos, Worker& w);
    bool expandByNet(TreeNode& node, const Position& pos, Worker& w, uint32_t wanted);
    bool upgradeToNet(TreeNode& node, const Position& pos, Worker& w);
    void upgradeClaimed(TreeNode& node, const Position& pos, Worker& w);
    uint32_t addNetChunk(const NetEntry& entry, uint32_t header, uint32_t want, Worker& w);
    double mixedLeafValue(TreeNode& node, Position& pos, Worker& w);
    void keepNetEntries(bool all);
    double playout(Position& pos, Worker& w);
    void backup(Worker& w, double value);
    void updateProof(TreeNode& parent, TreeNode& child);
    uint32_t allocate(Worker& w, uint32_t count);
    size_t orderedMoves(const Position& pos, std::optional<Move> last, Worker& w, bool byEval,
                        size_t needed);
    std::optional<Move> lastMoveOf(const TreeNode& node, bool isRoot) const;
    SearchResult buildResult(bool withCandidates) const;
    SearchResult separatedResult(bool reused);
    std::optional<SearchResult> solveRoot(const SearchLimits& limits,
                                          const std::atomic<bool>& stop);

    NodePool& pool() { return *pool_; }
    const NodePool& pool() const { return *pool_; }

    MctsOptions options_;
    std::unique_ptr<NodePool> pool_;
    TreeNode root_{};
    Position rootPos_ = Position::start();
    std::optional<Move> rootLast_;  // the move that led to the root, if the game has it
    bool haveTree_ = false;
    Position treeStart_ = Position::start();  // the game the tree belongs to
    std::vector<Move> treeMoves_;
    uint64_t keptVisits_ = 0;  // of the last reuse, for the results
    uint64_t previousVisits_ = 0;
    std::vector<std::unique_ptr<Worker>> workers_;
    std::atomic<bool> stopSearch_{false};
    std::atomic<uint64_t> started_{0};
    Clock::time_point searchStart_;
    mutable std::mutex treeMutex_;  // held while the tree is replaced, not while searching
    std::mutex netMutex_;           // guards netEntries_ (appends while searching)
    std::vector<std::unique_ptr<NetEntry>> netEntries_;  // nodes' net results (first headers)
    // Bytes held by netEntries_, against netBudget_ (a quarter of --memory with a net): past
    // it, nodes other than the root keep the linear model.
    std::atomic<uint64_t> netBytes_{0};
    uint64_t netBudget_ = 0;
};

}  // namespace hippolyta
