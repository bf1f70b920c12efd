// The solver's jobs as the command-line tool runs them (tools/hippolyta-solve.cpp is a thin
// main over this): one solve with its checkpoints and proof, the split of a root into
// subproblems, a shard of them, and the merge of their results. No printing: progress and
// reports go through callbacks and return values.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/solve/dfpn.h"
#include "engine/solve/proof_writer.h"

namespace hippolyta {

struct SolveJob {
    Position root = Position::start(4);
    DfpnSettings settings;
    double seconds = 0;  // 0: no time limit
    uint64_t nodes = UINT64_MAX;
    std::string databasePath;    // empty: no endgame database
    std::string checkpointPath;  // empty: no checkpoints
    double checkpointMinutes = 5;
    std::string proofPath;         // empty: no proof file
    bool proofOfLossOnly = false;  // a proof file only when the root's mover loses
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const DfpnProgress&)> progress;
    double progressSeconds = 10;
};

struct SolveReport {
    DfpnResult result;
    std::string moveText;  // the winning move, when there is one
    double seconds = 0;    // this run's (result.nodes are this run's too)
    // Resumed from the checkpoint, which held the work of earlier runs: their nodes and seconds
    // (seconds 0 from a checkpoint of older builds, which did not record them).
    bool resumed = false;
    uint64_t earlierNodes = 0;
    double earlierSeconds = 0;
    ProofStats proof;
    size_t proofBytes = 0;
    uint64_t databaseHits = 0;
    std::string database;  // "none" or "PATH (K cells, E entries)"
    // With --local (localSearch): the local searches' nodes, and those that ran out of budget.
    bool localSearch = false;
    uint64_t localNodes = 0, localGivenUp = 0;
    // With --sums (gameSums): the regions the game values expanded, and values out of budget.
    bool gameSums = false;
    uint64_t sumsNodes = 0, sumsGivenUp = 0;
    // One line: "win b1-b4/b3 nodes N seconds S proof R records ...", ending with
    // "resumed earlier_nodes N earlier_seconds S" when resumed.
    std::string line() const;
};

// Solves job.root; resumes from job.checkpointPath if it exists (refusing one written with
// other settings or for another position), writes it every checkpointMinutes and at the end,
// writes the proof when solved. The limits (job.seconds, job.nodes) are the search's in all:
// a resumed search has what the earlier runs recorded in the checkpoint less (their work lost
// to a kill after the last checkpoint is not counted), and one that has nothing left searches
// nothing and answers unknown with the checkpoint's proof and disproof numbers, unless the
// checkpoint holds the root proven. Throws std::runtime_error / FileError.
SolveReport runSolve(const SolveJob& job);

// The checkpoint fingerprint: the settings, the position and the database.
std::string jobFingerprint(const SolveJob& job);

// Split: one subproblem per legal move of root, in generateMoves order, written to
// DIR/tasks.txt (a line each: "INDEX MOVE POSITION"), and the root to DIR/root.txt. When the
// root is `before` after the move `lastMove` (the split of a line of moves), DIR/before.txt
// holds that move and position, for the merge's proof of `before`. Returns their number.
struct SplitParent {
    Position before;
    Move lastMove;
};
int writeSplit(const Position& root, const std::string& dir,
               const std::optional<SplitParent>& parent = std::nullopt);

// Solves the subproblems I with I % shards == shard (of DIR/tasks.txt), each within the job's
// limits, writing DIR/result-I.txt ("INDEX MOVE OUTCOME NODES SECONDS PHI DELTA", then
// "resumed" when the search went on from its checkpoint) and, when solved, DIR/proof-I.hprf;
// each result line is also appended to DIR/history.txt, so a later pass keeps the earlier
// ones' figures. A subproblem with a result file is skipped (a rerun resumes), unless
// `retryUnknown` and its result is unknown: then it is solved again (from its checkpoint, when
// the job has them), after the untried ones, closest to a decision first (smallest min(PHI,
// DELTA)); one whose checkpoint already holds the job's limits (runSolve) is left as it is,
// with a line that says so. A decided subproblem's checkpoint is deleted. `report` gets a line
// per subproblem.
// With `guesses` > 0, each subproblem is solved after its likeliest winning moves instead of
// whole (solveByGuesses, reply_guesses.h).
struct ShardSpec {
    int shard = 0, shards = 1;
    bool retryUnknown = false;
    int guesses = 0;
};
void runShard(SolveJob job, const std::string& dir, const ShardSpec& spec,
              const std::function<void(const std::string&)>& report);

// The root's result from the subproblems' (DIR/tasks.txt and the result files): its outcome
// for the side to move (Unknown while undecided), and a multi-line text that gives it with the
// solved and unsolved subproblems grouped by static evaluation (queen territory of the
// subproblem's side to move, own squares less the opponent's).
struct SplitMerge {
    Outcome root = Outcome::Unknown;
    std::string text;
};
SplitMerge mergeSplit(const std::string& dir);

// When the subproblems decide the root, its proof joined from theirs (proof_writer.h) in
// DIR/proof.hprf, and, when DIR/before.txt names the move that led to a root its mover loses,
// the proof of the position before it in DIR/proof-before.hprf. Returns a line per file
// written (none while the root is undecided); throws std::runtime_error if a subproblem's
// proof is missing or not the one its result needs.
std::string writeMergedProofs(const std::string& dir);

}  // namespace hippolyta
