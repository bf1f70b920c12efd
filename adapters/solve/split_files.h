// The files of a split's folder (solve_job.h): tasks.txt, the result and proof of each
// subproblem (result-IIII.txt, proof-IIII.hprf), history.txt. Shared by the shard, the merge
// and the guessed replies (reply_guesses.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/solve/dfpn.h"

namespace hippolyta {

struct SplitTask {
    int index;
    std::string move;
    std::string position;
};

// DIR/tasks.txt; throws std::runtime_error on a bad line, FileError when it cannot be read.
std::vector<SplitTask> readTasks(const std::string& dir);

// DIR/STEM-IIII.EXT, the index in four digits.
std::string indexedPath(const std::string& dir, const char* stem, int index, const char* ext);

bool fileExists(const std::string& path);

// "win", "loss" or "unknown": a result file's outcome column.
const char* outcomeName(Outcome o);

// A subproblem's outcome from its result file: "win", "loss", "unknown", or "" if none yet.
std::string readOutcome(const std::string& dir, int index);

// Appends a line (with its newline) to the file as one write(2) in append mode, under an fcntl
// lock of the whole file, and flushes it to the disk (fsync) before the lock goes: writers in
// other processes, on this machine or on other clients of a shared (NFS) folder, never split
// a line or write over one. Where the file system has no locks, the one write still keeps a
// line whole among the writers of one machine. Throws FileError (a short write included).
void appendLine(const std::string& path, const std::string& line);

// "INDEX MOVE": how a subproblem's lines start.
std::string taskHead(const SplitTask& task);
// A line of a search's figures: "HEAD OUTCOME NODES SECONDS PHI DELTA\n", with " resumed"
// before the newline when the search went on from its checkpoint (NODES and SECONDS are then
// this run's); HEAD being taskHead in result files and history.txt, and taskHead and the guess
// in guesses.txt.
std::string resultLine(const std::string& head, const std::string& outcome, uint64_t nodes,
                       double seconds, uint64_t phi, uint64_t delta, bool resumed);
// Writes the line to result-IIII.txt (atomically) and appends it to history.txt, so that a
// later pass keeps the earlier ones' figures.
void recordResult(const std::string& dir, const SplitTask& task, const std::string& line);

}  // namespace hippolyta
