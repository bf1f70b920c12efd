// Guessed replies: a subproblem of a split whose side to move must find
// one winning move is solved after each of its likeliest winning moves alone, not as a whole.
// A whole search spreads its effort over every move that looks about as good; its siblings'
// proofs say which moves tend to win. On 6x4 a subproblem left unknown after 300 s whole was
// proven in 29 s after the reply that had refuted its siblings most often (docs/solver-design.md).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "adapters/solve/solve_job.h"
#include "adapters/solve/split_files.h"

namespace hippolyta {

// The winning move of each subproblem of DIR solved as a win for its mover: the first record
// of its proof (none for a proof that starts otherwise, or a missing or damaged file).
std::map<int, Move> winningMoves(const std::string& dir, const std::vector<SplitTask>& tasks);

// The moves to try first in `task`'s position: the siblings' winning moves that are legal
// there, those of siblings whose split move moved the same amazon to the same square first,
// then by how many siblings each won, then by the first sibling's index; without the moves of
// `tried`.
std::vector<Move> likelyWinningMoves(const SplitTask& task, const std::vector<SplitTask>& tasks,
                                     const std::map<int, Move>& wins,
                                     const std::vector<Move>& tried);

// Solves `task` after each of its `count` likeliest winning moves not settled before (DIR/
// guesses.txt names those tried, a line each: "INDEX MOVE GUESS OUTCOME NODES SECONDS PHI
// DELTA", the outcome and numbers of the position after GUESS, for its mover), each a search
// of its own within the job's limits. A guess is settled once decided, or once left unknown
// within limits no smaller than the job's; when the job takes checkpoints and the guess has
// one (DIR/guess-IIII-MOVE.ckpt, kept while it is unknown), once that checkpoint holds all of
// the job's limits (they count every run of the guess's search, runSolve), and until then the
// search resumes from it. The first one proven a loss for the opponent decides the
// subproblem: its proof (the move, then the proof of the position after it) in
// proof-IIII.hprf, its result line (with that search's nodes and seconds) in result-IIII.txt
// and history.txt, and the move in `wins`; its checkpoints go. `report` gets a line per guess.
// Returns whether the subproblem was decided.
bool solveByGuesses(SolveJob job, const std::string& dir, const std::vector<SplitTask>& tasks,
                    const SplitTask& task, int count, std::map<int, Move>& wins,
                    const std::function<void(const std::string&)>& report);

}  // namespace hippolyta
