#include "engine/solve/reply_guesses.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/solve/proof_check.h"
#include "engine/solve/proof_writer.h"

namespace hippolyta {

namespace {

// "a2-e2/d3" -> "a2-e2": which amazon moved where, whatever the arrow.
std::string amazonMove(const std::string& moveText) {
    return moveText.substr(0, moveText.find('/'));
}

// Whether a guess on file is settled for `job`: decided, or left unknown by a search that had
// at least the job's limits. An unknown guess is tried again only with more time or nodes,
// since a guess's search (without checkpoints) would only repeat itself.
bool settled(const std::string& outcome, uint64_t nodes, double seconds, const SolveJob& job) {
    if (outcome != "unknown") return true;
    const bool moreTime = job.seconds == 0 || job.seconds > seconds * 1.05;
    return !(moreTime && job.nodes > nodes);
}

// The guesses DIR/guesses.txt records for the subproblem that `job` would not try again.
std::vector<Move> settledGuesses(const std::string& dir, const SplitTask& task, BoardShape shape,
                                 const SolveJob& job) {
    const std::string path = dir + "/guesses.txt";
    std::vector<Move> tried;
    if (!fileExists(path)) return tried;
    std::istringstream in(readWholeFile(path));
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        int index = -1;
        std::string move, guess, outcome;
        uint64_t nodes = 0;
        double seconds = 0;
        if ((fields >> index >> move >> guess >> outcome >> nodes >> seconds) &&
            index == task.index && settled(outcome, nodes, seconds, job))
            tried.push_back(parseMove(guess, shape));
    }
    return tried;
}

// The subproblem proven by the move: its proof, result and history lines; its checkpoint
// (from whole searches) is of no further use.
void recordWinByGuess(const std::string& dir, const SplitTask& task, const Position& pos, Move move,
                      const std::string& childProofPath, const SolveReport& r) {
    writeFileAtomically(indexedPath(dir, "proof", task.index, "hprf"),
                        proofOfWinByMove(pos, move, readWholeFile(childProofPath)));
    recordResult(dir, task,
                 resultLine(taskHead(task), "win", r.result.nodes, r.seconds, 0, kPnInfinity));
    std::remove(indexedPath(dir, "checkpoint", task.index, "ckpt").c_str());
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
    if (guesses.size() > static_cast<size_t>(count)) guesses.resize(count);
    const std::string childProof = indexedPath(dir, "guess", task.index, "hprf");
    job.checkpointPath.clear();
    job.proofPath = childProof;
    for (const Move move : guesses) {
        job.root = pos;
        job.root.makeMove(move);
        const SolveReport r = runSolve(job);
        if (job.stop && job.stop->load()) return false;  // interrupted: a rerun tries it again
        const bool proven = r.result.outcome == Outcome::Loss;
        if (proven) recordWinByGuess(dir, task, pos, move, childProof, r);
        std::remove(childProof.c_str());
        const std::string line = resultLine(taskHead(task) + ' ' + formatMove(move, pos.shape()),
                                            outcomeName(r.result.outcome), r.result.nodes,
                                            r.seconds, r.result.phi, r.result.delta);
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
