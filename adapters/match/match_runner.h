// The match runner behind build/bin/hippolyta-match: plays a match between two GTP engines
// with games in parallel, writes every game (SGF and text) and a results table as it goes,
// resumes from that table, stops early on an SPRT decision, and prints the report.
#pragma once

#include <array>
#include <atomic>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/match/match_engine.h"
#include "adapters/match/referee.h"
#include "adapters/match/stats.h"

namespace hippolyta {

struct MatchConfig {
    EngineSpec engine1;
    EngineSpec engine2;
    bool alternate = true;  // colours swap every game (else engine1 always has White)
    int games = 0;          // 0: two per opening of the openings file, else 2
    int size = kDefaultBoardSize;
    RefereeOptions referee;
    double startupTimeout = 30;
    int concurrency = 1;
    std::string openingsFile;  // empty: seeded random openings
    int randomPlies = 2;
    uint64_t seed = 1;
    std::string outDir;     // empty: nothing written, nothing resumed
    bool verbose = false;   // GTP traffic and engines' stderr to our stderr
    bool progress = false;  // a status line redrawn in place on stderr (set for a terminal)
    std::optional<SprtConfig> sprt;
    int shardIndex = 0;  // this run plays the games g with (g - 1) % shardCount == shardIndex
    int shardCount = 1;
};

// Runs the match; progress and the report go to out, notes and traffic to err. Raising
// *interrupt (may be null) ends the games in progress unrecorded and prints the report.
// Returns the exit code: 0 done, 130 interrupted. Throws std::exception for bad settings
// (with a message for people), an engine that does not work at the start, or unwritable files.
int runMatch(const MatchConfig& config, std::ostream& out, std::ostream& err,
             const std::atomic<bool>* interrupt = nullptr);

// Combines results tables of the same match (shards, or reruns) into one report on out.
// Throws std::exception for unreadable or malformed tables or tables of different matches.
int mergeResults(const std::vector<std::string>& files, const std::optional<SprtConfig>& sprt,
                 std::ostream& out, std::ostream& err);

// The names of the two engines in the results and reports: each one's --name, else its GTP
// name; where those are the same, the command without the program's folder ("hippolyta
// --level 2"), else the whole command, else "-1" and "-2" appended. Never equal unless both
// were given equal.
std::array<std::string, 2> defaultEngineNames(const std::array<EngineSpec, 2>& specs,
                                              const std::array<std::string, 2>& gtpNames);
// "hippolyta --level 2" for "exec build/bin/hippolyta --level 2".
std::string nameFromCommand(const std::string& command);

// Parses "I/N" (0 <= I < N). Throws std::invalid_argument.
std::pair<int, int> parseShard(const std::string& text);

}  // namespace hippolyta
