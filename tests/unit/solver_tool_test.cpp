// hippolyta-solve as a program: checkpoint, kill and resume, the limits counting the killed
// run's work; a resume with other settings refused; split, shards and merge, and the merge's
// exit status; the proof checker's verdicts. Needs build/bin.
#include <gtest/gtest.h>

#include <boost/process.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "adapters/solve/checkpoint_file.h"
#include "tests/unit/cli_run.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;

// The number after `key` in a result line ("... nodes 5120 seconds ..."); -1 if none.
double fieldOf(const std::string& line, const std::string& key) {
    std::istringstream words(line);
    for (std::string word; words >> word;) {
        double value;
        if (word == key && words >> value) return value;
    }
    return -1;
}

// Starts a 5 x 5 solve that checkpoints every 0.3 s to `ckpt` and kills it (SIGKILL) once a
// second checkpoint has replaced the first (a condition, not a delay).
void solveUntilKilled(const std::string& ckpt) {
    bp::child solve(std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta-solve", "--size", "5",
                    "--table-mb", "16", "--quiet", "--checkpoint", ckpt, "--checkpoint-minutes",
                    "0.005", "--seconds", "120", bp::std_out > bp::null);
    for (int i = 0; i < 600 && !fs::exists(ckpt); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_TRUE(fs::exists(ckpt));
    const auto first = fs::last_write_time(ckpt);
    for (int i = 0; i < 600 && fs::last_write_time(ckpt) == first; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    solve.terminate();
    solve.wait();
}

TEST(SolveTool, CheckpointKillResumeAndRefuseOtherSettings) {
    TestDir s;
    const std::string ckpt = (s / "5x5.ckpt").string();
    const std::string common = "--size 5 --table-mb 16 --quiet --checkpoint " + ckpt;
    ASSERT_NO_FATAL_FAILURE(solveUntilKilled(ckpt));
    const CliRun resumed = runCliTool("hippolyta-solve " + common + " --nodes 2000");
    EXPECT_EQ(resumed.status, 0) << resumed.out;
    EXPECT_NE(resumed.out.find("resumed"), std::string::npos) << resumed.out;
    const CliRun other = runCliTool("hippolyta-solve " + common + " --epsilon 0 --nodes 2000");
    EXPECT_NE(other.status, 0);
    EXPECT_NE(other.out.find("refusing to resume"), std::string::npos) << other.out;
    const CliRun otherPosition =
        runCliTool("hippolyta-solve " + common + " --moves b1-c2/b1 --nodes 2000");
    EXPECT_NE(otherPosition.out.find("refusing to resume"), std::string::npos);
    // The bounds change the search: a table written with them is not resumed without.
    const CliRun noBounds = runCliTool("hippolyta-solve " + common + " --no-bounds --nodes 2000");
    EXPECT_NE(noBounds.out.find("bounds=1"), std::string::npos) << noBounds.out;
    // The evaluation's initial numbers are off by default: --no-eval-init (kept for older
    // scripts) resumes the table, --eval-init does not, and the two together are refused.
    const CliRun noEval = runCliTool("hippolyta-solve " + common + " --no-eval-init --nodes 2000");
    EXPECT_NE(noEval.out.find("resumed"), std::string::npos) << noEval.out;
    const CliRun evalOn = runCliTool("hippolyta-solve " + common + " --eval-init --nodes 2000");
    EXPECT_NE(evalOn.out.find("refusing to resume"), std::string::npos) << evalOn.out;
    EXPECT_EQ(runCliTool("hippolyta-solve --eval-init --no-eval-init --nodes 5").status, 2 * 256);
}

TEST(SolveTool, AResumedSolveCountsTheKilledRunsWorkInItsLimits) {
    TestDir s;
    const std::string ckpt = (s / "5x5.ckpt").string();
    const std::string common =
        "hippolyta-solve --size 5 --table-mb 16 --quiet --checkpoint " + ckpt;
    ASSERT_NO_FATAL_FAILURE(solveUntilKilled(ckpt));
    const std::optional<SpentBudget> spent = readSpentBudget(ckpt);
    ASSERT_TRUE(spent);
    ASSERT_GT(spent->nodes, 2048u);
    ASSERT_GT(spent->seconds, 0);
    // Less time than the killed run had spent: nothing is left, and nothing is searched.
    const CliRun over = runCliTool(common + " --seconds " + std::to_string(spent->seconds / 2));
    EXPECT_EQ(over.status, 0) << over.out;
    EXPECT_EQ(over.out.rfind("unknown nodes 0 ", 0), 0u) << over.out;
    EXPECT_EQ(fieldOf(over.out, "earlier_nodes"), static_cast<double>(spent->nodes)) << over.out;
    EXPECT_NEAR(fieldOf(over.out, "earlier_seconds"), spent->seconds, 1e-4) << over.out;
    // 3,000 nodes more than it had spent: it searches those (to the next 1,024-node check).
    const CliRun more = runCliTool(common + " --nodes " + std::to_string(spent->nodes + 3000));
    EXPECT_EQ(more.status, 0) << more.out;
    EXPECT_GT(fieldOf(more.out, "nodes"), 0) << more.out;
    EXPECT_LE(fieldOf(more.out, "nodes"), 3000 + 1024) << more.out;
    EXPECT_EQ(fieldOf(more.out, "earlier_nodes"), static_cast<double>(spent->nodes)) << more.out;
    // Its checkpoint counts both runs.
    const std::optional<SpentBudget> after = readSpentBudget(ckpt);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->nodes, spent->nodes + static_cast<uint64_t>(fieldOf(more.out, "nodes")));
    EXPECT_GT(after->seconds, spent->seconds);
    // A checkpoint of older builds (the table alone) still resumes: its nodes are the table's,
    // its seconds unknown.
    fs::resize_file(ckpt, fs::file_size(ckpt) - 32);
    EXPECT_FALSE(readSpentBudget(ckpt));
    const CliRun old = runCliTool(common + " --nodes " + std::to_string(after->nodes));
    EXPECT_EQ(old.out.rfind("unknown nodes 0 ", 0), 0u) << old.out;
    EXPECT_EQ(fieldOf(old.out, "earlier_nodes"), static_cast<double>(after->nodes)) << old.out;
    EXPECT_EQ(fieldOf(old.out, "earlier_seconds"), 0) << old.out;
}

TEST(SolveTool, SplitShardsAndMerge) {
    TestDir s;
    const std::string dir = (s / "split").string();
    // After White's b1-c2/b1 on 4 x 4, Black to move wins (4 x 4 is a second-player win).
    const CliRun split = runCliTool("hippolyta-solve --size 4 --moves b1-c2/b1 --split " + dir);
    ASSERT_EQ(split.status, 0) << split.out;
    for (const char* shard : {"0/2", "1/2"}) {
        const CliRun r = runCliTool(std::string("hippolyta-solve --quiet --table-mb 16 --shard ") +
                                    shard + " --dir " + dir);
        ASSERT_EQ(r.status, 0) << r.out;
    }
    const CliRun merged = runCliTool("hippolyta-solve --merge " + dir);
    EXPECT_NE(merged.out.find("root: win for the side to move"), std::string::npos) << merged.out;
    EXPECT_NE(merged.out.find("unsolved 0"), std::string::npos) << merged.out;
    // Every subproblem's proof checks; the one that refutes is a loss for its mover.
    int proofs = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".hprf") continue;
        ++proofs;
        const CliRun check = runCliTool("hippolyta-solve --check " + entry.path().string());
        EXPECT_EQ(check.status, 0) << check.out;
    }
    EXPECT_GT(proofs, 0);
    // The merge joined the refuting reply's proof into the root's.
    EXPECT_NE(merged.out.find("proof " + dir + "/proof.hprf: win for the side to move"),
              std::string::npos)
        << merged.out;
    const CliRun rootCheck = runCliTool("hippolyta-solve --check " + dir + "/proof.hprf");
    EXPECT_EQ(rootCheck.out.rfind("valid: win for the side to move in 1BB1/B2B/W1WW/1xW1 b", 0), 0u)
        << rootCheck.out;
}

int countLines(const std::string& path) {
    std::ifstream in(path);
    int lines = 0;
    for (std::string line; std::getline(in, line);)
        ++lines;
    return lines;
}

int countFiles(const std::string& dir, const std::string& extension) {
    int n = 0;
    for (const auto& entry : fs::directory_iterator(dir))
        n += entry.path().extension() == extension;
    return n;
}

TEST(SolveTool, ALaterPassRetriesTheUnknownSubproblems) {
    TestDir s;
    const std::string dir = (s / "split").string();
    ASSERT_EQ(runCliTool("hippolyta-solve --size 4 --moves b1-c2/b1 --split " + dir).status, 0);
    const std::string shard =
        "hippolyta-solve --quiet --table-mb 8 --checkpoint on --shard 0/1 --dir " + dir;
    // Pass 1 with 20 nodes each leaves subproblems unknown, each with its checkpoint.
    ASSERT_EQ(runCliTool(shard + " --nodes 20").status, 0);
    const int tasks = countLines(dir + "/tasks.txt");
    const std::string afterPass1 = runCliTool("hippolyta-solve --merge " + dir).out;
    ASSERT_EQ(afterPass1.find("unsolved 0"), std::string::npos) << afterPass1;
    const int unknown = countFiles(dir, ".ckpt");
    ASSERT_GT(unknown, 0);
    EXPECT_EQ(countLines(dir + "/history.txt"), tasks);
    // Pass 1's distance from a decision, min(pn, dn), of each unknown subproblem.
    std::map<std::string, uint64_t> distance;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().filename().string().rfind("result-", 0) != 0) continue;
        std::ifstream in(entry.path());
        std::string index, move, outcome;
        uint64_t nodes, phi, delta;
        double seconds;
        in >> index >> move >> outcome >> nodes >> seconds >> phi >> delta;
        if (outcome == "unknown") distance[index] = std::min(phi, delta);
    }
    ASSERT_EQ(static_cast<int>(distance.size()), unknown);
    // A plain rerun leaves them be.
    ASSERT_EQ(runCliTool(shard).status, 0);
    EXPECT_EQ(countLines(dir + "/history.txt"), tasks);
    // A retry within the same limits: each checkpoint holds all that --nodes allows (the limits
    // count every run of a subproblem), so each says so and nothing is searched or recorded.
    const CliRun spent = runCliTool(shard + " --nodes 20 --retry-unknown");
    ASSERT_EQ(spent.status, 0) << spent.out;
    std::istringstream spentLines(spent.out);
    int notSearched = 0;
    for (std::string line; std::getline(spentLines, line); ++notSearched)
        EXPECT_NE(line.find(" unknown: not searched, its checkpoint holds "), std::string::npos)
            << line;
    EXPECT_EQ(notSearched, unknown);
    EXPECT_EQ(countLines(dir + "/history.txt"), tasks);
    EXPECT_EQ(countFiles(dir, ".ckpt"), unknown);
    // --retry-unknown without the limit solves them, resuming their tables.
    const CliRun pass2 = runCliTool(shard + " --retry-unknown");
    ASSERT_EQ(pass2.status, 0) << pass2.out;
    const std::string merged = runCliTool("hippolyta-solve --merge " + dir).out;
    EXPECT_NE(merged.find("unsolved 0"), std::string::npos) << merged;
    EXPECT_NE(merged.find("root: win for the side to move"), std::string::npos) << merged;
    // Every pass's lines are kept; decided subproblems' checkpoints are gone.
    EXPECT_EQ(countLines(dir + "/history.txt"), tasks + unknown);
    EXPECT_EQ(countFiles(dir, ".ckpt"), 0);
    // The first pass's lines say nothing of a resume; the retries' lines, on stdout and in the
    // history, say that each went on from its checkpoint.
    std::istringstream history(readWholeFile(dir + "/history.txt"));
    int historyLines = 0;
    for (std::string line; std::getline(history, line); ++historyLines)
        EXPECT_EQ(line.find("resumed"), historyLines < tasks ? std::string::npos : line.size() - 7)
            << line;
    // The retries came closest to a decision first, and each was decided.
    std::istringstream lines(pass2.out);
    uint64_t previous = 0;
    int retried = 0;
    for (std::string line; std::getline(lines, line); ++retried) {
        std::istringstream f(line);
        std::string index, move, outcome, word, last;
        f >> index >> move >> outcome;
        while (f >> word)
            last = word;
        EXPECT_EQ(last, "resumed") << line;
        EXPECT_NE(outcome, "unknown") << line;
        ASSERT_EQ(distance.count(index), 1u) << line;
        EXPECT_GE(distance[index], previous) << line;
        previous = distance[index];
    }
    EXPECT_EQ(retried, unknown);
    EXPECT_EQ(runCliTool("hippolyta-solve --retry-unknown --nodes 5").status, 2 * 256);
    EXPECT_EQ(runCliTool("hippolyta-solve --guess 2 --nodes 5").status, 2 * 256);
    const CliRun noGuesses = runCliTool(shard + " --guess 0");
    EXPECT_EQ(noGuesses.status, 2 * 256);
    EXPECT_NE(noGuesses.out.find("--guess takes N >= 1"), std::string::npos) << noGuesses.out;
    // With --shard, "--checkpoint off" (or a file name) would have meant on: refused.
    const CliRun off =
        runCliTool("hippolyta-solve --quiet --shard 0/1 --dir " + dir + " --checkpoint off");
    EXPECT_EQ(off.status, 2 * 256);
    EXPECT_NE(off.out.find("say --checkpoints"), std::string::npos) << off.out;
    // --checkpoints belongs to a shard.
    EXPECT_EQ(runCliTool("hippolyta-solve --checkpoints --nodes 5").status, 2 * 256);
}

TEST(SolveTool, TheMergeExitsWith3WhileTheRootIsUndecided) {
    TestDir s;
    const std::string dir = (s / "split").string();
    // The 4 x 4 start: every White move is a Black win, so nothing decides the root but all.
    ASSERT_EQ(runCliTool("hippolyta-solve --size 4 --split " + dir).status, 0);
    const std::string shard = "hippolyta-solve --quiet --table-mb 8 --shard 0/1 --dir " + dir;
    ASSERT_EQ(runCliTool(shard + " --nodes 20").status, 0);
    // The Slurm merge job (run here without Slurm) tells this from a failure: its own 2.
    const std::string mergeJob =
        "HIPPOLYTA_BIN=" HIPPOLYTA_BIN_DIR " HIPPOLYTA_REPO=" HIPPOLYTA_SOURCE_DIR
        " bash " HIPPOLYTA_SOURCE_DIR "/tools/slurm/solve-split-merge.sbatch " +
        dir + " 2>&1";
    const auto runMergeJob = [&] {
        CliRun run;
        FILE* pipe = popen(mergeJob.c_str(), "r");
        char buffer[4096];
        for (size_t n; pipe && (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;)
            run.out.append(buffer, n);
        run.status = pipe ? pclose(pipe) : -1;
        return run;
    };
    const CliRun undecided = runCliTool("hippolyta-solve --merge " + dir);
    ASSERT_NE(undecided.out.find("root: unknown"), std::string::npos) << undecided.out;
    EXPECT_EQ(undecided.status, 3 * 256) << undecided.out;
    const CliRun undecidedJob = runMergeJob();
    EXPECT_EQ(undecidedJob.status, 2 * 256) << undecidedJob.out;
    EXPECT_NE(undecidedJob.out.find("the root is not decided yet"), std::string::npos)
        << undecidedJob.out;
    ASSERT_EQ(runCliTool(shard + " --retry-unknown").status, 0);
    const CliRun decided = runCliTool("hippolyta-solve --merge " + dir);
    EXPECT_NE(decided.out.find("root: loss for the side to move"), std::string::npos)
        << decided.out;
    EXPECT_EQ(decided.status, 0) << decided.out;
    const CliRun decidedJob = runMergeJob();
    EXPECT_EQ(decidedJob.status, 0) << decidedJob.out;
    EXPECT_NE(decidedJob.out.find("OK: " + dir + "/proof.hprf checked"), std::string::npos)
        << decidedJob.out;
}

TEST(SolveTool, MergeProvesTheLineBeforeALostRoot) {
    TestDir s;
    const std::string dir = (s / "split").string();
    // That refutation played: White to move loses, and the merge proves Black's move too.
    ASSERT_EQ(
        runCliTool("hippolyta-solve --size 4 --moves 'b1-c2/b1 a3-c3/a1' --split " + dir).status,
        0);
    ASSERT_EQ(runCliTool("hippolyta-solve --quiet --table-mb 4 --shard 0/1 --dir " + dir).status,
              0);
    const CliRun merged = runCliTool("hippolyta-solve --merge " + dir);
    EXPECT_EQ(merged.status, 0) << merged.out;
    EXPECT_NE(merged.out.find("root: loss for the side to move"), std::string::npos);
    for (const char* name : {"/proof.hprf", "/proof-before.hprf"}) {
        const CliRun check = runCliTool("hippolyta-solve --check " + dir + name);
        EXPECT_EQ(check.status, 0) << name << ": " << check.out;
    }
    EXPECT_EQ(runCliTool("hippolyta-solve --check " + dir + "/proof-before.hprf")
                  .out.rfind("valid: win for the side to move in 1BB1/B2B/W1WW/1xW1 b", 0),
              0u);
    // A reply's proof gone: the merge says so, and fails.
    fs::remove(dir + "/proof-0007.hprf");
    const CliRun missing = runCliTool("hippolyta-solve --merge " + dir);
    EXPECT_NE(missing.status, 0);
    EXPECT_NE(missing.out.find("proof: not written: " + dir + "/proof-0007.hprf: missing"),
              std::string::npos)
        << missing.out;
}

TEST(SolveTool, ChecksProofsAndRefusesDamagedFiles) {
    TestDir s;
    const std::string proof = (s / "4x4.hprf").string();
    const CliRun solve = runCliTool("hippolyta-solve --size 4 --quiet --proof " + proof);
    ASSERT_EQ(solve.status, 0) << solve.out;
    EXPECT_EQ(solve.out.rfind("loss nodes", 0), 0u) << solve.out;
    const CliRun check = runCliTool("hippolyta-solve --check " + proof);
    EXPECT_EQ(check.status, 0);
    EXPECT_NE(check.out.find("valid: loss for the side to move"), std::string::npos);
    // The 4x4 proof has bound leaves (written as version 2 records and checked).
    EXPECT_NE(check.out.find(" bound leaves, "), std::string::npos) << check.out;
    EXPECT_EQ(check.out.find(" 0 bound leaves, "), std::string::npos) << check.out;
    // Local search is off by default: no local leaves.
    EXPECT_NE(check.out.find(" 0 local leaves)"), std::string::npos) << check.out;
    // With --local the same result, with local leaves the checker verifies (version 5).
    const std::string localProof = proof + ".local";
    const CliRun local =
        runCliTool("hippolyta-solve --size 4 --quiet --local --proof " + localProof);
    EXPECT_EQ(local.out.rfind("loss nodes", 0), 0u) << local.out;
    EXPECT_EQ(local.out.find(" local 0 "), std::string::npos) << local.out;
    // Its line gives the local searches' own work; the default's does not.
    EXPECT_NE(local.out.find(" local_nodes "), std::string::npos) << local.out;
    EXPECT_NE(local.out.find(" local_given_up "), std::string::npos) << local.out;
    EXPECT_EQ(solve.out.find("local_nodes"), std::string::npos) << solve.out;
    const CliRun localCheck = runCliTool("hippolyta-solve --check " + localProof);
    EXPECT_EQ(localCheck.status, 0) << localCheck.out;
    EXPECT_EQ(localCheck.out.find(" 0 local leaves)"), std::string::npos) << localCheck.out;
    fs::resize_file(proof, fs::file_size(proof) - 1);
    const CliRun damaged = runCliTool("hippolyta-solve --check " + proof);
    EXPECT_NE(damaged.status, 0);
    EXPECT_NE(damaged.out.find("invalid"), std::string::npos);
    const std::string db = (s / "regions.hrdb").string();
    ASSERT_EQ(runCliTool("hippolyta-solve --build-db " + db + " --cells 5").status, 0);
    fs::resize_file(db, fs::file_size(db) - 1);
    const CliRun badDb = runCliTool("hippolyta-solve --size 4 --quiet --db " + db);
    EXPECT_NE(badDb.status, 0);
    EXPECT_NE(badDb.out.find("region database"), std::string::npos) << badDb.out;
}

}  // namespace
}  // namespace hippolyta
