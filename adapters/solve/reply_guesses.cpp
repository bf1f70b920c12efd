#include "adapters/solve/reply_guesses.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "adapters/solve/checkpoint_file.h"
#include "engine/check/proof_check.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/solve/proof_writer.h"

namespace hippolyta {

namespace {

// "a2-e2/d3" -> "a2-e2": which amazon moved where, whatever the arrow.
std::string amazonMove(const std::string& moveText) {
    return moveText.substr(0, moveText.find('/'));
}

// DIR/guess-IIII-MOVE.ckpt: the checkpoint of a guess's search ("a2-e2/d3" as "a2-e2-d3").
std::string guessCheckpointPath(const std::string& dir, int index, const std::string& guess) {
    std::string name = guess;
    std::replace(name.begin(), name.end(), '/', '-');
    const std::string path = indexedPath(dir, "guess", index, "ckpt");
    return path.substr(0, path.size() - 5) + '-' + name + ".ckpt";
}

// A guess on file, as its lines of DIR/guesses.txt leave it.
struct TriedGuess {
    bool decided = false;
    uint64_t nodes = 0;  // the most any one search of it had
    double seconds = 0;
};

// The subproblem's guesses on file, by their text.
std::map<std::string, TriedGuess> triedGuesses(const std::string& dir, int index) {
    const std::string path = dir + "/guesses.txt";
    std::map<std::string, TriedGuess> tried;
    if (!fileExists(path)) return tried;
    std::istringstream in(readWholeFile(path));
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        int lineIndex = -1;
        std::string move, guess, outcome;
        uint64_t nodes = 0;
        double seconds = 0;
        if (!(fields >> lineIndex >> move >> guess >> outcome >> nodes >> seconds) ||
            lineIndex != index)
            continue;
        TriedGuess& t = tried[guess];
        t.decided |= outcome != "unknown";
        t.nodes = std::max(t.nodes, nodes);
        t.seconds = std::max(t.seconds, seconds);
    }
    return tried;
}

// Whether `job` would not try the guess again: decided; or left unknown, in a job that takes
// checkpoints, with a checkpoint that holds all of the job's limits (a resumed search counts
// the earlier runs' work); or left unknown, with no checkpoint to resume, by a search that had
// no smaller limits, which a search from scratch would only repeat.
bool settled(const std::string& guess, const TriedGuess& t, const std::string& dir, int index,
             const SolveJob& job) {
    if (t.decided) return true;
    const std::string checkpoint = guessCheckpointPath(dir, index, guess);
    if (!job.checkpointPath.empty() && fileExists(checkpoint)) {
        const std::optional<SpentBudget> spent = readSpentBudget(checkpoint);
        return spent && spent->reaches(job.seconds, job.nodes);
    }
    const bool moreTime = job.seconds == 0 || job.seconds > t.seconds * 1.05;
    return !(moreTime && job.nodes > t.nodes);
}

std::vector<Move> settledGuesses(const std::string& dir, const SplitTask& task, BoardShape shape,
                                 const SolveJob& job) {
    std::vector<Move> moves;
    for (const auto& entry : triedGuesses(dir, task.index))
        if (settled(entry.first, entry.second, dir, task.index, job))
            moves.push_back(parseMove(entry.first, shape));
    return moves;
}

// The subproblem proven by the move: its proof, result and history lines; its checkpoints
// (of whole searches and of guesses) are of no further use.
void recordWinByGuess(const std::string& dir, const SplitTask& task, const Position& pos, Move move,
                      const std::string& childProofPath, const SolveReport& r) {
    writeFileAtomically(indexedPath(dir, "proof", task.index, "hprf"),
                        proofOfWinByMove(pos, move, readWholeFile(childProofPath)));
    recordResult(
        dir, task,
        resultLine(taskHead(task), "win", r.result.nodes, r.seconds, 0, kPnInfinity, r.resumed));
    std::remove(indexedPath(dir, "checkpoint", task.index, "ckpt").c_str());
    for (const auto& entry : triedGuesses(dir, task.index))
        std::remove(guessCheckpointPath(dir, task.index, entry.first).c_str());
}

}  // namespace

std::map<int, Move> winningMoves(const std::string& dir, const std::vector<SplitTask>& tasks) {
    std::map<int, Move> wins;
    for (const SplitTask& t : tasks) {
        const std::string path = indexedPath(dir, "proof", t.index, "hprf");
        if (readOutcome(dir, t.index) != "win" || !fileExists(path)) continue;
        try {
            const ProofFile f = readProofFile(readWholeFile(path));
            if (f.body.size() >= 4 && f.body[0] == 'W')
                wins[t.index] =
                    Move{static_cast<uint8_t>(f.body[1]), static_cast<uint8_t>(f.body[2]),
                         static_cast<uint8_t>(f.body[3])};
        } catch (const std::exception&) {
            // A damaged proof names no move; --merge and --check report it.
        }
    }
    return wins;
}

std::vector<Move> likelyWinningMoves(const SplitTask& task, const std::vector<SplitTask>& tasks,
                                     const std::map<int, Move>& wins,
                                     const std::vector<Move>& tried) {
    struct Score {
        Move move;
        int sameAmazonMove = 0, siblings = 0, first = INT_MAX;
    };
    std::map<uint32_t, Score> scores;
    for (const SplitTask& sibling : tasks) {
        const auto it = wins.find(sibling.index);
        if (it == wins.end()) continue;
        Score& s = scores[it->second.packed()];
        s.move = it->second;
        ++s.siblings;
        s.sameAmazonMove += amazonMove(sibling.move) == amazonMove(task.move);
        s.first = std::min(s.first, sibling.index);
    }
    const Position pos = parsePosition(task.position);
    std::vector<Score> likely;
    for (const auto& entry : scores) {
        const Score& s = entry.second;
        if (pos.isLegal(s.move) && std::find(tried.begin(), tried.end(), s.move) == tried.end())
            likely.push_back(s);
    }
    std::sort(likely.begin(), likely.end(), [](const Score& a, const Score& b) {
        if (a.sameAmazonMove != b.sameAmazonMove) return a.sameAmazonMove > b.sameAmazonMove;
        if (a.siblings != b.siblings) return a.siblings > b.siblings;
        return a.first < b.first;
    });
    std::vector<Move> moves;
    for (const Score& s : likely)
        moves.push_back(s.move);
    return moves;
}

bool solveByGuesses(SolveJob job, const std::string& dir, const std::vector<SplitTask>& tasks,
                    const SplitTask& task, int count, std::map<int, Move>& wins,
                    const std::function<void(const std::string&)>& report) {
    const Position pos = parsePosition(task.position);
    std::vector<Move> guesses =
        likelyWinningMoves(task, tasks, wins, settledGuesses(dir, task, pos.shape(), job));
    if (guesses.empty())
        report("guess " + taskHead(task) + " none: no likely winning move left to try (a pass " +
               "without --guess searches it whole)");
    if (guesses.size() > static_cast<size_t>(count)) guesses.resize(count);
    const std::string childProof = indexedPath(dir, "guess", task.index, "hprf");
    const bool checkpoints = !job.checkpointPath.empty();
    job.proofPath = childProof;
    job.proofOfLossOnly = true;  // a refuted guess's proof would go unused
    for (const Move move : guesses) {
        const std::string guess = formatMove(move, pos.shape());
        if (checkpoints) job.checkpointPath = guessCheckpointPath(dir, task.index, guess);
        job.root = pos;
        job.root.makeMove(move);
        const SolveReport r = runSolve(job);
        if (job.stop && job.stop->load()) return false;  // interrupted: a rerun tries it again
        const bool proven = r.result.outcome == Outcome::Loss;
        if (proven) recordWinByGuess(dir, task, pos, move, childProof, r);
        std::remove(childProof.c_str());
        if (checkpoints && r.result.outcome != Outcome::Unknown)
            std::remove(job.checkpointPath.c_str());
        const std::string line =
            resultLine(taskHead(task) + ' ' + guess, outcomeName(r.result.outcome), r.result.nodes,
                       r.seconds, r.result.phi, r.result.delta, r.resumed);
        appendLine(dir + "/guesses.txt", line);
        report("guess " + line.substr(0, line.size() - 1));
        if (proven) {
            wins[task.index] = move;
            return true;
        }
    }
    return false;
}

}  // namespace hippolyta
