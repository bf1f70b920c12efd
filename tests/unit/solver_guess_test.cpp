// Guessed replies (reply_guesses.h): the siblings' winning moves ranked, a subproblem proven
// by one of them with a proof that checks and merges, and a rerun that tries only new ones.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/solve/proof_check.h"
#include "engine/solve/reply_guesses.h"

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

// A shard's rerun: its report lines, and the lines of guesses.txt after it.
struct Rerun {
    std::vector<std::string> reports;
    int lines = 0;
};

TEST_F(SolverGuesses, ARerunTriesOnlyGuessesNotSettledBefore) {
    const std::vector<SplitTask> tasks = readTasks(solved_.string());
    const SplitTask target = guessable(tasks, winningMoves(solved_.string(), tasks));
    std::map<int, Move> wins = winningMoves(solved_.string(), tasks);
    wins.erase(target.index);  // as the shard sees it: the target not yet solved
    const std::vector<Move> ranked = likelyWinningMoves(target, tasks, wins, {});
    const BoardShape shape = parsePosition(target.position).shape();
    // The target's first guess on file with `record` (outcome, nodes, seconds, numbers).
    const auto rerun = [&](const std::string& record, const SolveJob& job) {
        const std::string dir = copyWithout(target.index);
        writeFileAtomically(dir + "/guesses.txt", std::to_string(target.index) + ' ' + target.move +
                                                      ' ' + formatMove(ranked[0], shape) + ' ' +
                                                      record + '\n');
        ShardSpec spec;
        spec.shard = target.index;
        spec.shards = static_cast<int>(tasks.size());
        spec.guesses = 1;
        Rerun r;
        runShard(job, dir, spec, [&](const std::string& l) { r.reports.push_back(l); });
        std::istringstream file(readWholeFile(dir + "/guesses.txt"));
        for (std::string line; std::getline(file, line);)
            ++r.lines;
        return r;
    };
    const auto guessed = [&](const Rerun& r, Move move) {
        return r.reports.size() == 1 && r.lines == 2 &&
               r.reports[0].find(' ' + formatMove(move, shape) + ' ') != std::string::npos;
    };
    SolveJob limited = smallJob();
    limited.nodes = 50;
    // Refuted, or left unknown within the job's limits: the shard tries the second guess.
    EXPECT_TRUE(guessed(rerun("win 10 0.1 0 1000000000", smallJob()), ranked[1]));
    EXPECT_TRUE(guessed(rerun("unknown 50 0.1 5 5", limited), ranked[1]));
    // Left unknown with fewer nodes, or less time, than this job allows: it is tried again.
    EXPECT_TRUE(guessed(rerun("unknown 10 0.1 5 5", limited), ranked[0]));
    limited.seconds = 1;
    EXPECT_TRUE(guessed(rerun("unknown 50 0.5 5 5", smallJob()), ranked[0]));
    EXPECT_TRUE(guessed(rerun("unknown 10 2 5 5", limited), ranked[1]));
}

}  // namespace
}  // namespace hippolyta
