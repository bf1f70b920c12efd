// Depth-first proof-number search (df-pn, Nagai 2002) for Amazons positions, in negamax form:
// each node keeps phi (the proof number of "the side to move wins") and delta (its disproof
// number); phi(n) = min over children of delta(child), delta(n) = the sum of their phi. The
// game has no repetitions (every move adds an arrow), so the tree is acyclic and the
// transposition table can share subtrees freely.
//   - Transposition table: a fixed array of 4-entry buckets (memory capped at construction);
//     a full bucket replaces its entry with the least work, proven entries kept first.
//   - Children are ordered by the player's learned move prior (ties in delta go to the better
//     move); its evaluation (queen territory) breaks ties in the initial proof numbers of a new
//     node. Both come through a MoveGuide (move_guide.h): they change node counts, never results.
//   - The 1+epsilon trick (Pawlewicz & Lew) widens child thresholds to cut re-expansions.
//   - Weak disproof numbers (Ueda, Hashimoto, Hashimoto and Iida 2008): the largest child's
//     phi plus one per other open child. Arrows commute, so the same position sits below many
//     parents, and a sum counts it once per path (4 to 5 times fewer nodes on 4x6 replies).
//   - In a territory of its own (a region without the opponent's amazons) the side to move
//     keeps one move that keeps its best count there; the others are dominated
//     (territory_moves.h).
//   - Once the board separates into regions of one colour, the sum of the regions' exact move
//     counts (endgame database, else RegionCounter) decides at once; before that, bounds on
//     each side's moves left (owned regions' counts, contested regions' reachable squares)
//     decide when they do not overlap, and where one small region is contested, local search
//     of it with the owned regions' counts as one integer decides; see region_value.h.
// The engine never prints: progress goes to a callback.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/position.h"
#include "engine/core/zeroed_table.h"
#include "engine/solve/move_guide.h"
#include "engine/solve/region_value.h"
#include "engine/solve/territory_moves.h"

namespace hippolyta {

constexpr uint32_t kPnInfinity = 0x3fffffff;

struct DfpnSettings {
    size_t tableMb = 256;
    double epsilon = 0.25;  // 1+epsilon trick; 0 turns it off
    // Evaluation tie-break in initial proof numbers: fewer nodes, but every new child is played
    // and evaluated, so about twice the time (docs/solver-design.md); off by default.
    bool evalInit = false;
    bool priorOrder = true;   // learned prior ordering (else the cheap hand-set one)
    bool bounds = true;       // decide partly separated positions by bounds (region_value.h)
    bool territories = true;  // one move per own territory (territory_moves.h)
    // Weak disproof numbers (Ueda et al. 2008): the largest child's phi plus one per other
    // open child, not the sum, which counts a transposed subtree once per parent.
    bool weakDelta = true;
    // Local search of a lone small contested region beside owned ones (local_game.h): fewer
    // nodes, but more time on this machine's measurements (docs/solver-design.md), so off.
    bool local = false;
    // Game sums of small contested regions beside owned ones (region_game.h), which decide
    // positions with several contested regions too; off by default (docs/solver-design.md).
    bool sums = false;
    // Part of the checkpoint fingerprint: a resume with other settings is refused.
    std::string fingerprint() const;
};

struct DfpnLimits {
    uint64_t nodes = UINT64_MAX;
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    const std::atomic<bool>* stop = nullptr;
};

struct DfpnProgress {
    uint64_t nodes = 0;
    uint32_t phi = 0, delta = 0;  // the root's
    size_t tableUsed = 0;
    double seconds = 0;
};

struct DfpnResult {
    Outcome outcome = Outcome::Unknown;  // for the side to move at the root
    std::optional<Move> move;            // a winning move when outcome == Win
    uint32_t phi = 0, delta = 0;
    uint64_t nodes = 0;
    uint64_t separatedLeaves = 0;  // nodes decided by region counts
    uint64_t boundLeaves = 0;      // nodes decided by bounds before separation
    uint64_t localLeaves = 0;      // nodes decided by local search or game sums
};

struct TableEntry {
    uint64_t key = 0;
    uint32_t phi = 0, delta = 0;
    uint32_t work = 0;  // nodes spent below it (saturating), for replacement
    uint32_t best = 0;  // packed move, + 1 (0: none)
};

// The key (Position::hash) of the position after `m`, without playing it.
uint64_t keyAfter(const Position& pos, Move m);

class DfpnSolver {
  public:
    // The guide orders children and breaks ties (move_guide.h): it changes node counts, never
    // a result.
    DfpnSolver(DfpnSettings settings, const RegionValuer& valuer, const MoveGuide& guide);

    DfpnResult solve(const Position& root, const DfpnLimits& limits);

    // Called about every `seconds` of solving with the progress so far.
    void onProgress(double seconds, std::function<void(const DfpnProgress&)> callback);
    // Called about every `seconds` so that the caller can write a checkpoint.
    void onCheckpoint(double seconds, std::function<void()> callback);

    // The proven result of a position from the table (after solve): Win, Loss or Unknown.
    Outcome lookupOutcome(const Position& pos) const;
    const TableEntry* lookup(uint64_t key) const;
    // Asks for the cache lines of `key`'s bucket ahead of a lookup.
    void prefetch(uint64_t key) const;
    uint64_t nodes() const { return nodes_; }

    // Checkpoints: the table's entries with some work below them (not the one-node leaves),
    // with the settings' and root's fingerprint.
    std::string saveTable(const std::string& fingerprint) const;
    // Refuses (std::runtime_error) a checkpoint of another fingerprint or a damaged one.
    void loadTable(const std::string& bytes, const std::string& fingerprint);
    const RegionValuer& valuer() const { return valuer_; }
    // Win or Loss when region counts (or, with settings.bounds, bounds; with settings.local,
    // local search; with settings.sums, game sums) decide the position without search; Unknown
    // otherwise. The side to move must have a move. `rule` (if given) says which decided.
    Outcome decided(const Position& pos, LeafRule* rule = nullptr) const;
    // The moves of the side to move that the search keeps (all, without settings.territories).
    TerritoryReduction territoryReduction(const Position& pos) const;

  private:
    struct Child {
        Move move;
        uint64_t key;
        uint32_t phi, delta;  // the latest known: initial, then the table's (kept if evicted)
        float score;          // the prior's: breaks ties in delta
    };
    void mid(Position& pos, uint32_t thPhi, uint32_t thDelta, int ply);
    bool expand(Position& pos, std::vector<Child>& children);
    TableEntry* probe(uint64_t key);
    void store(uint64_t key, uint32_t phi, uint32_t delta, uint32_t work, uint32_t best);
    bool terminalValue(Position& pos, uint32_t& phi, uint32_t& delta);
    Outcome search(const Position& start, const DfpnLimits& limits);
    std::optional<Move> winningChild(Position& pos);
    void tick();

    DfpnSettings settings_;
    const RegionValuer& valuer_;
    const MoveGuide& guide_;
    mutable RegionCounter territoryCounter_;
    ZeroedTable<TableEntry> table_;
    size_t bucketMask_ = 0;
    size_t used_ = 0;
    uint64_t nodes_ = 0;
    uint64_t solveStart_ = 0;
    uint64_t separatedLeaves_ = 0;
    uint64_t boundLeaves_ = 0;
    uint64_t localLeaves_ = 0;
    DfpnLimits limits_;
    bool aborted_ = false;
    std::vector<std::vector<Child>> childStack_;
    std::vector<GuidedMove> moves_;
    std::chrono::steady_clock::time_point started_, lastProgress_, lastCheckpoint_;
    double progressEvery_ = 0, checkpointEvery_ = 0;
    std::function<void(const DfpnProgress&)> progress_;
    std::function<void()> checkpoint_;
    uint64_t rootKey_ = 0;
};

}  // namespace hippolyta
