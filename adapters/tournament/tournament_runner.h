// The tournament runner behind build/bin/hippolyta-tournament: N engines in a round robin,
// gauntlet, Swiss or Olympiad tournament, every encounter two games with colours swapped. Games
// are played by the match core (adapters/match/match_core.h), the same as hippolyta-match's;
// the results table resumes a killed run, Swiss rounds included. See docs/tournaments.md.
#pragma once

#include <atomic>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/match/match_core.h"
#include "adapters/render/report_data.h"
#include "adapters/tournament/pairing.h"

namespace hippolyta {

struct TournamentConfig {
    CoreConfig core;  // size, referee and clock, concurrency, outDir, verbose
    std::string entrantsFile;
    TournamentFormat format = TournamentFormat::RoundRobin;
    int rounds = 0;            // 0: 1 for round robin and gauntlet, 5 for Swiss
    std::string openingsFile;  // empty: seeded random openings
    int randomPlies = 2;
    uint64_t seed = 1;
    std::string eloAnchor;  // an entrant's name, or empty for the mean
    int shardIndex = 0;     // this run plays the games g with (g - 1) % shardCount == shardIndex
    int shardCount = 1;
    double reportIntervalSeconds = 5;  // reports are rewritten at most this often, and at the end
};

// Runs (or resumes) the tournament; progress and the standings go to out, notes to err.
// Raising *interrupt drops the games in progress. Returns 0 done, 130 interrupted. Throws
// std::exception for bad settings, an entrant that does not start, or unwritable files.
int runTournament(const TournamentConfig& config, std::ostream& out, std::ostream& err,
                  const std::atomic<bool>* interrupt = nullptr);

// Combines results tables of one tournament (shards, reruns) and prints the standings; with an
// outDir also writes its standings files there.
int mergeTournament(const std::vector<std::string>& files, const std::string& outDir,
                    const std::string& eloAnchor, std::ostream& out, std::ostream& err);

// The hook that writes every report of outDir from its results tables (results*.tsv):
// standings.txt and standings.json, each by temp file + rename, then report.html (a failure
// there is noted on stderr, not thrown), reading the game records through cache if given.
// Returns the standings text. Throws for missing or inconsistent tables.
std::string writeTournamentReports(const std::string& outDir, const std::string& eloAnchor = "",
                                   ReportCache* cache = nullptr);

}  // namespace hippolyta
