// Guessed replies (reply_guesses.h): the siblings' winning moves ranked, a subproblem proven
// by one of them with a proof that checks and merges, and a rerun that tries only new ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "adapters/solve/reply_guesses.h"
#include "engine/check/proof_check.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

// The 4 x 4 start split into White's 48 first moves, each a Black win (4 x 4 is a second-player
// win), solved whole once for the suite: what the guesses learn from.
class SolverGuesses : public ::testing::Test {
  protected:
    static void SetUpTestSuite() {
        solved_ = fs::temp_directory_path() / ("solver-guess-" + std::to_string(::getpid()));
        fs::remove_all(solved_);
        writeSplit(Position::start(4), solved_.string());
        runShard(smallJob(), solved_.string(), ShardSpec{}, [](const std::string&) {});
    }
    static void TearDownTestSuite() { fs::remove_all(solved_); }

    static SolveJob smallJob() {
        SolveJob job;
        job.settings.tableMb = 4;
        return job;
    }

    // A copy of the solved split for one test, with `index`'s result and proof removed.
    std::string copyWithout(int index) {
        const fs::path dir = solved_.string() + "-" +
                             ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::remove_all(dir);
        fs::copy(solved_, dir);
        fs::remove(indexedPath(dir.string(), "result", index, "txt"));
        fs::remove(indexedPath(dir.string(), "proof", index, "hprf"));
        copies_.push_back(dir);
        return dir.string();
    }
    void TearDown() override {
        for (const fs::path& dir : copies_)
            fs::remove_all(dir);
    }

    // The first subproblem whose siblings' winning moves give it two or more legal guesses.
    static SplitTask guessable(const std::vector<SplitTask>& tasks,
                               const std::map<int, Move>& wins) {
        for (const SplitTask& t : tasks)
            if (wins.count(t.index) && likelyWinningMoves(t, tasks, wins, {}).size() >= 2) return t;
        ADD_FAILURE() << "no subproblem with two guesses";
        return tasks[0];
    }

    static fs::path solved_;
    std::vector<fs::path> copies_;
};

fs::path SolverGuesses::solved_;

TEST_F(SolverGuesses, SiblingsOfTheSameAmazonMoveComeFirstThenTheMostFrequent) {
    const std::vector<SplitTask> tasks = readTasks(solved_.string());
    // b1-b2/b3: its sibling b1-b2/a1 moved the same amazon to the same square.
    auto find = [&](const std::string& move) {
        for (const SplitTask& t : tasks)
            if (t.move == move) return t;
        ADD_FAILURE() << move;
        return tasks[0];
    };
    const SplitTask target = find("b1-b2/b3");
    const Position pos = parsePosition(target.position);
    const Move rare = parseMove("c4-c3/c2", pos.shape());
    const Move common = parseMove("d3-c2/c3", pos.shape());
    const Move illegal = parseMove("b3-b4/a4", pos.shape());  // b3 holds the arrow
    ASSERT_TRUE(pos.isLegal(rare));
    ASSERT_TRUE(pos.isLegal(common));
    ASSERT_FALSE(pos.isLegal(illegal));
    std::map<int, Move> wins;
    wins[find("b1-b2/a1").index] = rare;
    wins[find("c1-c2/c3").index] = common;
    wins[find("b1-a1/b1").index] = common;
    wins[find("b1-a1/b2").index] = illegal;
    wins[find("b1-a1/c3").index] = illegal;
    wins[find("b1-a1/d4").index] = illegal;
    const std::vector<Move> ranked = likelyWinningMoves(target, tasks, wins, {});
    ASSERT_EQ(ranked.size(), 2u);
    EXPECT_EQ(ranked[0], rare);  // one sibling, but of the same amazon move
    EXPECT_EQ(ranked[1], common);
    const std::vector<Move> rest = likelyWinningMoves(target, tasks, wins, {rare});
    ASSERT_EQ(rest.size(), 1u);
    EXPECT_EQ(rest[0], common);
}

TEST_F(SolverGuesses, AGuessProvesTheSubproblemWithAProofThatChecksAndMerges) {
    const std::vector<SplitTask> tasks = readTasks(solved_.string());
    const std::map<int, Move> learned = winningMoves(solved_.string(), tasks);
    ASSERT_GE(learned.size(), 20u);  // the representatives' proofs each start with their move
    const SplitTask target = guessable(tasks, learned);
    const std::string dir = copyWithout(target.index);
    std::map<int, Move> wins = winningMoves(dir, tasks);
    ASSERT_EQ(wins.count(target.index), 0u);
    std::vector<std::string> lines;
    const bool decided = solveByGuesses(smallJob(), dir, tasks, target, 2, wins,
                                        [&](const std::string& l) { lines.push_back(l); });
    ASSERT_TRUE(decided);
    ASSERT_FALSE(lines.empty());
    EXPECT_EQ(readOutcome(dir, target.index), "win");
    const ProofSummary p =
        checkProof(readWholeFile(indexedPath(dir, "proof", target.index, "hprf")));
    ASSERT_TRUE(p.valid) << p.error;
    EXPECT_TRUE(p.rootWins);
    EXPECT_EQ(p.position, target.position);
    // The proof starts with the guess that decided, which the guesses file and `wins` name.
    const Move won = winningMoves(dir, tasks).at(target.index);
    EXPECT_EQ(wins.at(target.index), won);
    std::istringstream last(lines.back());
    std::string guess, index, move, reply, outcome;
    last >> guess >> index >> move >> reply >> outcome;
    EXPECT_EQ(reply, formatMove(won, parsePosition(target.position).shape()));
    EXPECT_EQ(outcome, "loss");  // the position after the guess: a loss for its mover
    EXPECT_FALSE(fileExists(indexedPath(dir, "guess", target.index, "hprf")));
    // The split's merged proof takes the guessed proof like any other.
    ASSERT_NE(writeMergedProofs(dir), "");
    const ProofSummary root = checkProof(readWholeFile(dir + "/proof.hprf"));
    ASSERT_TRUE(root.valid) << root.error;
    EXPECT_FALSE(root.rootWins);
}

// A subproblem rerun by a shard with `--guess 1` after its first guess is on file.
class SolverGuessRerun : public SolverGuesses {
  protected:
    void SetUp() override {
        tasks_ = readTasks(solved_.string());
        target_ = guessable(tasks_, winningMoves(solved_.string(), tasks_));
        std::map<int, Move> wins = winningMoves(solved_.string(), tasks_);
        wins.erase(target_.index);  // as the shard sees it: the target not yet solved
        ranked_ = likelyWinningMoves(target_, tasks_, wins, {});
    }

    std::string text(Move move) const {
        return formatMove(move, parsePosition(target_.position).shape());
    }

    // The first guess's checkpoint in `dir`: guess-IIII-MOVE.ckpt, "a2-e2/d3" as "a2-e2-d3".
    std::string checkpointOfFirst(const std::string& dir) const {
        std::string name = text(ranked_[0]);
        std::replace(name.begin(), name.end(), '/', '-');
        std::string path = indexedPath(dir, "guess", target_.index, "ckpt");
        return path.replace(path.size() - 5, 5, '-' + name + ".ckpt");
    }

    // Reruns the target with the first guess on file as `record` (outcome, nodes, seconds,
    // numbers), and with a checkpoint of its search (up to 2,000 nodes) if `checkpointed`.
    // Returns the guess the shard tried ("" unless exactly one) and leaves the copy in dir_.
    std::string rerun(const std::string& record, const SolveJob& job, bool checkpointed = false) {
        dir_ = copyWithout(target_.index);
        writeFileAtomically(dir_ + "/guesses.txt", std::to_string(target_.index) + ' ' +
                                                       target_.move + ' ' + text(ranked_[0]) + ' ' +
                                                       record + '\n');
        if (checkpointed) {
            SolveJob first = job;
            first.root = parsePosition(target_.position);
            first.root.makeMove(ranked_[0]);
            first.checkpointPath = checkpointOfFirst(dir_);
            first.nodes = 2000;
            runSolve(first);
            EXPECT_TRUE(fileExists(first.checkpointPath)) << first.checkpointPath;
        }
        const std::vector<std::string> reports = guessPass(job);
        if (reports.size() != 1) return "";
        std::istringstream fields(reports[0]);
        std::string word, index, move, guess;
        fields >> word >> index >> move >> guess;
        return guess;
    }

    // One `--guess 1` shard pass over the target in dir_: its report lines.
    std::vector<std::string> guessPass(const SolveJob& job) const {
        ShardSpec spec;
        spec.shard = target_.index;
        spec.shards = static_cast<int>(tasks_.size());
        spec.guesses = 1;
        std::vector<std::string> reports;
        runShard(job, dir_, spec, [&](const std::string& l) { reports.push_back(l); });
        return reports;
    }

    std::vector<SplitTask> tasks_;
    SplitTask target_;
    std::vector<Move> ranked_;
    std::string dir_;
};

TEST_F(SolverGuessRerun, TriesOnlyGuessesNotSettledBefore) {
    SolveJob limited = smallJob();
    limited.nodes = 2000;
    // Refuted, or left unknown within the job's limits: the shard tries the second guess.
    EXPECT_EQ(rerun("win 10 0.1 0 1000000000", smallJob()), text(ranked_[1]));
    EXPECT_EQ(rerun("unknown 2000 0.1 5 5", limited), text(ranked_[1]));
    // Left unknown with fewer nodes, or less time, than this job allows: it is tried again.
    EXPECT_EQ(rerun("unknown 1000 0.1 5 5", limited), text(ranked_[0]));
    SolveJob timed = smallJob();
    timed.seconds = 1;
    EXPECT_EQ(rerun("unknown 2000 0.5 5 5", timed), text(ranked_[0]));
    EXPECT_EQ(rerun("unknown 2000 1 5 5", timed), text(ranked_[1]));
}

TEST_F(SolverGuessRerun, ResumesAGuessFromItsCheckpointWhileItsLimitsLeaveSome) {
    SolveJob limited = smallJob();
    limited.nodes = 2000;
    // Without --checkpoint on, the guess's checkpoint is not used: settled by its limits.
    EXPECT_EQ(rerun("unknown 2000 0.1 5 5", limited, true), text(ranked_[1]));
    // With it, the limits count what the checkpoint records as spent (its first search's
    // hundreds of nodes): a job of 100 nodes has nothing left for it, so the guess is settled.
    limited.checkpointPath = "on";
    limited.nodes = 100;
    EXPECT_EQ(rerun("unknown 2000 0.1 5 5", limited, true), text(ranked_[1]));
    // With more nodes it is resumed (its line says so); decided, its checkpoint goes.
    limited.nodes = 1000000;
    EXPECT_EQ(rerun("unknown 2000 0.1 5 5", limited, true), text(ranked_[0]));
    EXPECT_FALSE(fileExists(checkpointOfFirst(dir_)));
    const std::string guesses = readWholeFile(dir_ + "/guesses.txt");
    EXPECT_EQ(guesses.substr(guesses.size() - 9), " resumed\n") << guesses;
}

TEST_F(SolverGuessRerun, SaysSoWhenNoGuessIsLeft) {
    dir_ = copyWithout(target_.index);
    std::string settled;
    for (const Move m : ranked_)
        settled += std::to_string(target_.index) + ' ' + target_.move + ' ' + text(m) +
                   " win 10 0.1 0 1000000000\n";
    writeFileAtomically(dir_ + "/guesses.txt", settled);
    const std::vector<std::string> reports = guessPass(smallJob());
    ASSERT_EQ(reports.size(), 1u);
    std::istringstream fields(reports[0]);
    std::string word, index, move, none;
    fields >> word >> index >> move >> none;
    EXPECT_EQ(word, "guess");
    EXPECT_EQ(index, std::to_string(target_.index));
    EXPECT_EQ(none, "none:");
    EXPECT_EQ(readWholeFile(dir_ + "/guesses.txt"), settled);  // nothing tried, nothing added
}

// A guess's search writes a proof only when the guess wins (its opponent, to move, loses).
TEST(SolveJobProof, OfLossOnlyLeavesAWinUnwritten) {
    TestDir scratch;
    const fs::path proof = scratch / "loss-only.hprf";
    SolveJob job;
    job.settings.tableMb = 4;
    job.proofPath = proof.string();
    job.proofOfLossOnly = true;
    job.root = Position::start(4);
    job.root.makeMove(parseMove("b1-b2/b3", job.root.shape()));  // Black to move wins
    ASSERT_EQ(runSolve(job).result.outcome, Outcome::Win);
    EXPECT_FALSE(fileExists(proof.string()));
    job.root = Position::start(4);  // White to move loses 4 x 4
    ASSERT_EQ(runSolve(job).result.outcome, Outcome::Loss);
    ASSERT_TRUE(fileExists(proof.string()));
    EXPECT_TRUE(checkProof(readWholeFile(proof.string())).valid);
    fs::remove(proof);
}

}  // namespace
}  // namespace hippolyta
