// A solve's checkpoint file: the solver's table (DfpnSolver::saveTable), then a 32-byte trailer
// with what the search behind that table has spent, its nodes and seconds over every run, so
// that a resumed job's --nodes and --seconds count the earlier runs' work too. A file without
// the trailer (written by older builds) is the table alone; it still loads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace hippolyta {

struct SpentBudget {
    uint64_t nodes = 0;
    double seconds = 0;
    // Whether nothing is left of the limits (seconds 0: none; nodes UINT64_MAX: none).
    bool reaches(double secondsLimit, uint64_t nodesLimit) const;
};

// Makes the table and then the budget spent the whole of `path`, atomically (as
// writeFileAtomically does), without copying the table. Throws FileError.
void writeCheckpoint(const std::string& path, const std::string& table, const SpentBudget& spent);

// The checkpoint at `path`: `table` gets the table's bytes; returns the budget its trailer
// records, or nothing for a file without one. Throws FileError when it cannot be read.
std::optional<SpentBudget> readCheckpoint(const std::string& path, std::string& table);

// The budget a checkpoint records, from its last bytes alone (a checkpoint can take
// gigabytes): nothing for a file without the trailer. Throws FileError when it cannot be read.
std::optional<SpentBudget> readSpentBudget(const std::string& path);

}  // namespace hippolyta
