#include "adapters/solve/solve_job.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "adapters/solve/checkpoint_file.h"
#include "adapters/solve/reply_guesses.h"
#include "adapters/solve/split_files.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/symmetry.h"
#include "engine/eval/territory.h"
#include "engine/guide/player_guide.h"

namespace hippolyta {

namespace {

bool decided(const std::string& outcome) {
    return outcome == "win" || outcome == "loss";
}

// A subproblem's place among its images: subproblems whose positions are images of each other
// under a symmetry of the board (a symmetric root's moves come in such orbits) have one value,
// so one of each orbit is solved, its representative: the first one with a result that
// decides it, else the first one. `rep`'s position is this one's image under `symmetry` (0 for
// the representative itself).
struct Orbit {
    int rep;
    int symmetry;
};

int symmetryBetween(const Position& from, const std::string& to) {
    for (int s = 0; s < kSymmetryCount; ++s)
        if (symmetryKeepsShape(from.shape(), s) && formatPosition(transformPosition(from, s)) == to)
            return s;
    return -1;
}

std::vector<Orbit> orbitsOf(const std::vector<SplitTask>& tasks, const std::string& dir) {
    std::vector<Position> positions;
    std::vector<int> first(tasks.size());  // the orbit's first subproblem
    std::unordered_map<std::string, int> firstOf;
    for (size_t i = 0; i < tasks.size(); ++i) {
        positions.push_back(parsePosition(tasks[i].position));
        first[i] = static_cast<int>(i);
        for (int s = 1; s < kSymmetryCount; ++s) {
            if (!symmetryKeepsShape(positions[i].shape(), s)) continue;
            const auto it = firstOf.find(formatPosition(transformPosition(positions[i], s)));
            if (it != firstOf.end()) first[i] = it->second;
        }
        if (first[i] == static_cast<int>(i))
            firstOf.emplace(formatPosition(positions[i]), first[i]);
    }
    std::vector<int> rep(first);
    for (size_t i = tasks.size(); i-- > 0;)  // the first decided member wins
        if (decided(readOutcome(dir, tasks[i].index))) rep[first[i]] = static_cast<int>(i);
    std::vector<Orbit> orbits;
    for (size_t i = 0; i < tasks.size(); ++i) {
        const int r = rep[first[i]];
        orbits.push_back({r, symmetryBetween(positions[i], formatPosition(positions[r]))});
    }
    return orbits;
}

// The shard's subproblems to solve now, in order: the untried ones by index, then (when
// retrying) the unknown ones, closest to a decision first.
std::vector<SplitTask> shardQueue(const std::string& dir, const ShardSpec& spec) {
    std::vector<SplitTask> untried;
    std::vector<std::pair<uint64_t, SplitTask>> unknown;
    const std::vector<SplitTask> tasks = readTasks(dir);
    const std::vector<Orbit> orbits = orbitsOf(tasks, dir);
    for (size_t i = 0; i < tasks.size(); ++i) {
        const SplitTask& t = tasks[i];
        if (t.index % spec.shards != spec.shard) continue;
        if (orbits[i].rep != static_cast<int>(i)) continue;  // its image is solved instead
        const std::string path = indexedPath(dir, "result", t.index, "txt");
        if (!fileExists(path)) {
            untried.push_back(t);
            continue;
        }
        if (!spec.retryUnknown) continue;  // a result of any kind: done
        std::istringstream in(readWholeFile(path));
        std::string index, move, outcome;
        uint64_t nodes = 0, phi = UINT64_MAX, delta = UINT64_MAX;
        double seconds = 0;
        in >> index >> move >> outcome >> nodes >> seconds >> phi >> delta;
        if (outcome == "unknown") unknown.emplace_back(std::min(phi, delta), t);
    }
    std::stable_sort(unknown.begin(), unknown.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& entry : unknown)
        untried.push_back(entry.second);
    return untried;
}

// For a retried subproblem whose checkpoint already holds the job's limits (runSolve): the
// line that says so, and that it is left as it is; "" for any other.
std::string spentRetry(const SolveJob& job, const std::string& dir, const SplitTask& t) {
    if (readOutcome(dir, t.index) != "unknown" || !fileExists(job.checkpointPath)) return "";
    const std::optional<SpentBudget> spent = readSpentBudget(job.checkpointPath);
    if (!spent || !spent->reaches(job.seconds, job.nodes)) return "";
    std::ostringstream line;
    line << taskHead(t) << " unknown: not searched, its checkpoint holds " << spent->nodes
         << " nodes and " << spent->seconds
         << " seconds, all that --nodes and --seconds allow a subproblem over its runs";
    return line.str();
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

int staticEvaluation(const Position& pos) {
    const TerritoryCount t = countQueenTerritory(pos, pos.sideToMove());
    return t.own - t.opponent;
}

// Loads the checkpoint's table into `solver`: what its search has spent, the nodes as the table
// counts them (a checkpoint of older builds records no seconds).
SpentBudget resumeFrom(const std::string& path, const std::string& fingerprint,
                       DfpnSolver& solver) {
    std::string table;
    const std::optional<SpentBudget> recorded = readCheckpoint(path, table);
    solver.loadTable(table, fingerprint);
    SpentBudget spent;
    spent.nodes = solver.nodes();
    if (recorded) spent.seconds = recorded->seconds;
    return spent;
}

// The job's limits less what the checkpoint's earlier runs spent, this run starting at `start`.
DfpnLimits limitsLeft(const SolveJob& job, const SpentBudget& earlier,
                      std::chrono::steady_clock::time_point start) {
    DfpnLimits limits;
    if (job.seconds > 0) {
        const double left = std::max(0.0, job.seconds - earlier.seconds);
        limits.deadline = start + std::chrono::microseconds(static_cast<int64_t>(left * 1e6));
    }
    if (job.nodes != UINT64_MAX) limits.nodes = job.nodes - std::min(job.nodes, earlier.nodes);
    limits.stop = job.stop;
    return limits;
}

// The root as the loaded table has it, unknown, when there is nothing left to search.
DfpnResult tabledRoot(const DfpnSolver& solver, const Position& root) {
    DfpnResult r;
    r.phi = r.delta = 1;  // a fresh node's, if the table lost the root
    if (const TableEntry* e = solver.lookup(root.hash())) {
        r.phi = e->phi;
        r.delta = e->delta;
    }
    return r;
}

void writeProof(const SolveJob& job, DfpnSolver& solver, SolveReport& report) {
    DfpnLimits proofLimits;
    proofLimits.stop = job.stop;
    const std::string proof = buildProof(solver, job.root, report.result.outcome == Outcome::Win,
                                         proofLimits, report.proof);
    writeFileAtomically(job.proofPath, proof);
    report.proofBytes = proof.size();
}

}  // namespace

std::string SolveReport::line() const {
    std::ostringstream out;
    out << outcomeName(result.outcome);
    if (!moveText.empty()) out << ' ' << moveText;
    out << " nodes " << result.nodes << " seconds " << seconds;
    if (result.outcome == Outcome::Unknown) out << " pn " << result.phi << " dn " << result.delta;
    if (proofBytes)
        out << " proof_records " << proof.records << " proof_bytes " << proofBytes
            << " count_leaves " << proof.countLeaves << " bound_leaves " << proof.boundLeaves
            << " local_leaves " << proof.localLeaves;
    // Nodes the search decided without searching on: by region counts, bounds, local search
    // or game sums.
    out << " counted " << result.separatedLeaves << " bounded " << result.boundLeaves << " local "
        << result.localLeaves;
    if (localSearch) out << " local_nodes " << localNodes << " local_given_up " << localGivenUp;
    if (gameSums) out << " sums_nodes " << sumsNodes << " sums_given_up " << sumsGivenUp;
    out << " database " << database << " database_hits " << databaseHits;
    if (resumed)
        out << " resumed earlier_nodes " << earlierNodes << " earlier_seconds " << earlierSeconds;
    return out.str();
}

std::string jobFingerprint(const SolveJob& job) {
    return job.settings.fingerprint() + " db=" + (job.databasePath.empty() ? "none" : "yes") +
           " root=" + formatPosition(job.root);
}

SolveReport runSolve(const SolveJob& job) {
    std::unique_ptr<RegionDatabase> db;
    SolveReport report;
    report.database = "none";
    if (!job.databasePath.empty()) {
        const std::string path = job.databasePath;
        db.reset(new RegionDatabase(
            RegionDatabase::lazy([path] { return readWholeFile(path, size_t{1} << 30); }, path)));
        report.database = job.databasePath + " (" + std::to_string(db->maxCells()) + " cells, " +
                          std::to_string(db->size()) + " entries)";
    }
    RegionValuer valuer(db.get());
    DfpnSolver solver(job.settings, valuer, playerGuide());
    const std::string fingerprint = jobFingerprint(job);
    SpentBudget earlier;
    if (!job.checkpointPath.empty() && fileExists(job.checkpointPath)) {
        earlier = resumeFrom(job.checkpointPath, fingerprint, solver);
        report.resumed = true;
        report.earlierNodes = earlier.nodes;
        report.earlierSeconds = earlier.seconds;
    }
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&start] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    auto saveCheckpoint = [&] {
        if (!job.checkpointPath.empty())
            writeCheckpoint(job.checkpointPath, solver.saveTable(fingerprint),
                            SpentBudget{solver.nodes(), earlier.seconds + elapsed()});
    };
    if (report.resumed && solver.lookupOutcome(job.root) == Outcome::Unknown &&
        earlier.reaches(job.seconds, job.nodes)) {
        report.result = tabledRoot(solver, job.root);  // nothing left of the limits
    } else {
        if (job.progress) solver.onProgress(job.progressSeconds, job.progress);
        solver.onCheckpoint(job.checkpointMinutes * 60, saveCheckpoint);
        report.result = solver.solve(job.root, limitsLeft(job, earlier, start));
        if (report.result.move) report.moveText = formatMove(*report.result.move, job.root.shape());
        report.seconds = elapsed();
        saveCheckpoint();
        const bool proofWanted = report.result.outcome == Outcome::Loss ||
                                 (report.result.outcome == Outcome::Win && !job.proofOfLossOnly);
        if (proofWanted && !job.proofPath.empty()) writeProof(job, solver, report);
    }
    report.databaseHits = valuer.databaseHits();
    report.localSearch = job.settings.local;
    report.localNodes = valuer.localNodes();
    report.localGivenUp = valuer.localGivenUp();
    report.gameSums = job.settings.sums;
    report.sumsNodes = valuer.sumsNodes();
    report.sumsGivenUp = valuer.sumsGivenUp();
    return report;
}

int writeSplit(const Position& root, const std::string& dir,
               const std::optional<SplitParent>& parent) {
    if (::mkdir(dir.c_str(), 0777) != 0 && errno != EEXIST)
        throw FileError(dir + ": cannot create the folder");
    MoveList moves;
    root.generateMoves(moves);
    std::string text;
    for (size_t i = 0; i < moves.size(); ++i) {
        Position child = root;
        child.makeMove(moves[i]);
        text += std::to_string(i) + ' ' + formatMove(moves[i], root.shape()) + ' ' +
                formatPosition(child) + '\n';
    }
    writeFileAtomically(dir + "/tasks.txt", text);
    writeFileAtomically(dir + "/root.txt", formatPosition(root) + '\n');
    if (parent)
        writeFileAtomically(dir + "/before.txt",
                            formatMove(parent->lastMove, parent->before.shape()) + ' ' +
                                formatPosition(parent->before) + '\n');
    return static_cast<int>(moves.size());
}

void runShard(SolveJob job, const std::string& dir, const ShardSpec& spec,
              const std::function<void(const std::string&)>& report) {
    const bool checkpoints = !job.checkpointPath.empty();
    std::vector<SplitTask> tasks;
    std::map<int, Move> wins;
    if (spec.guesses > 0) {
        tasks = readTasks(dir);
        wins = winningMoves(dir, tasks);
    }
    for (const SplitTask& t : shardQueue(dir, spec)) {
        if (spec.guesses > 0) {
            solveByGuesses(job, dir, tasks, t, spec.guesses, wins, report);
            if (job.stop && job.stop->load()) return;
            continue;
        }
        job.root = parsePosition(t.position);
        job.proofPath = indexedPath(dir, "proof", t.index, "hprf");
        if (checkpoints) {
            job.checkpointPath = indexedPath(dir, "checkpoint", t.index, "ckpt");
            if (const std::string spent = spentRetry(job, dir, t); !spent.empty()) {
                report(spent);
                continue;
            }
        }
        const SolveReport r = runSolve(job);
        if (job.stop && job.stop->load()) return;  // interrupted: no result, rerun resumes
        const std::string line =
            resultLine(taskHead(t), outcomeName(r.result.outcome), r.result.nodes, r.seconds,
                       r.result.phi, r.result.delta, r.resumed);
        recordResult(dir, t, line);
        // A decided subproblem's table is of no further use (and may be gigabytes).
        if (checkpoints && r.result.outcome != Outcome::Unknown)
            std::remove(job.checkpointPath.c_str());
        report(line.substr(0, line.size() - 1));
    }
}

SplitMerge mergeSplit(const std::string& dir) {
    const std::vector<SplitTask> tasks = readTasks(dir);
    struct Group {
        int solved = 0, unsolved = 0, wins = 0, losses = 0;
    };
    std::map<int, Group> groups;
    const std::vector<Orbit> orbits = orbitsOf(tasks, dir);
    int missing = 0, wins = 0, losses = 0, images = 0;
    std::string refutation;
    for (size_t i = 0; i < tasks.size(); ++i) {
        const SplitTask& t = tasks[i];
        Group& g = groups[staticEvaluation(parsePosition(t.position))];
        const int rep = orbits[i].rep;
        images += rep != static_cast<int>(i);
        std::string outcome = readOutcome(dir, tasks[rep].index);
        if (outcome.empty()) {
            outcome = "unknown";
            ++missing;
        }
        if (outcome == "win") ++wins, ++g.wins;
        if (outcome == "loss") {
            ++losses, ++g.losses;
            if (refutation.empty()) refutation = t.move;
        }
        (outcome == "unknown" ? g.unsolved : g.solved)++;
    }
    std::ostringstream out;
    const int total = static_cast<int>(tasks.size());
    out << "subproblems " << total << " solved " << wins + losses << " unsolved "
        << total - wins - losses << " (no result yet: " << missing << ")\n";
    if (images > 0)
        out << "images " << images
            << " (by a symmetry of the board, the same as another subproblem: its result)\n";
    SplitMerge merge;
    out << "root: ";
    if (losses > 0) {
        merge.root = Outcome::Win;
        out << "win for the side to move (" << refutation << " leaves the opponent lost)\n";
    } else if (wins == total) {
        merge.root = Outcome::Loss;
        out << "loss for the side to move (every move leads to a win for the opponent)\n";
    } else {
        out << "unknown\n";
    }
    out << "static_eval solved unsolved replies_won_by_mover replies_lost_by_mover\n";
    for (const auto& [eval, g] : groups)
        out << eval << ' ' << g.solved << ' ' << g.unsolved << ' ' << g.wins << ' ' << g.losses
            << '\n';
    merge.text = out.str();
    return merge;
}

std::string writeMergedProofs(const std::string& dir) {
    const std::vector<SplitTask> tasks = readTasks(dir);
    const std::vector<Orbit> orbits = orbitsOf(tasks, dir);
    const Position root = parsePosition(firstLine(readWholeFile(dir + "/root.txt")));
    // The proof of a subproblem's orbit's representative (solved for it, perhaps an image).
    const auto proofOf = [&](size_t i) {
        const std::string path = indexedPath(dir, "proof", tasks[orbits[i].rep].index, "hprf");
        if (!fileExists(path)) throw std::runtime_error(path + ": missing");
        return readWholeFile(path);
    };
    std::string proof;
    bool everyReplyWins = true;
    for (size_t i = 0; i < tasks.size(); ++i) {
        const std::string outcome = readOutcome(dir, tasks[orbits[i].rep].index);
        if (outcome == "loss") {  // this reply refutes: the root's mover wins by it
            proof = proofOfWinByMove(root, parseMove(tasks[i].move, root.shape()), proofOf(i),
                                     orbits[i].symmetry);
            break;
        }
        everyReplyWins = everyReplyWins && outcome == "win";
    }
    if (proof.empty() && !everyReplyWins) return "";
    std::vector<ReplyProof> replies;
    if (proof.empty())
        for (size_t i = 0; i < tasks.size(); ++i)
            replies.push_back({proofOf(i), orbits[i].symmetry});
    const bool rootWins = !proof.empty();
    if (!rootWins) proof = proofOfLoss(root, replies);
    std::string lines;
    const auto write = [&](const std::string& name, const std::string& bytes) {
        writeFileAtomically(dir + "/" + name, bytes);
        const ProofFile f = readProofFile(bytes);
        lines += "proof " + dir + "/" + name + ": " + (f.rootWins ? "win" : "loss") +
                 " for the side to move in " + f.position + ", " + std::to_string(f.records) +
                 " records, " + std::to_string(bytes.size()) + " bytes\n";
    };
    write("proof.hprf", proof);
    if (!rootWins && fileExists(dir + "/before.txt")) {
        std::istringstream in(firstLine(readWholeFile(dir + "/before.txt")));
        std::string move, position;
        in >> move >> std::ws;
        std::getline(in, position);
        const Position before = parsePosition(position);
        write("proof-before.hprf",
              proofOfWinByMove(before, parseMove(move, before.shape()), proof));
    }
    return lines;
}

}  // namespace hippolyta
