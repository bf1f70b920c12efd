// A tournament's state from its results table: the schedule so far (Swiss rounds re-derived
// from the recorded results), the standings in the Olympiad's order, the crosstable text and
// the JSON of docs/tournaments.md (schema: standings.json).
#pragma once

#include <string>
#include <vector>

#include "adapters/match/results_table.h"
#include "adapters/tournament/pairing.h"

namespace hippolyta {

// What a results table's key says about its tournament.
struct TournamentInfo {
    TournamentFormat format = TournamentFormat::RoundRobin;  // as played: never Olympiad
    std::string asked = "round-robin";                       // the --format given
    std::vector<std::string> names;                          // entrants, in file order
    int rounds = 1;
    int size = 8;
    std::string tc = "none";
    std::string openings = "random:2";
    uint64_t seed = 1;
    std::vector<EngineIdentity> engines;  // from the table's header (not in the key)
};

// "tournament=swiss; asked=olympiad; entrants=A,B,C; rounds=5; size=8; tc=...; ...".
std::string tournamentKey(const TournamentInfo& info);
// Throws std::invalid_argument for a key that is not a tournament's.
TournamentInfo parseTournamentKey(const std::string& key);

// The rounds paired so far. Fixed formats: all rounds. Swiss: each round paired from the
// results of the rounds before it, up to and including the first round not yet complete.
// Throws std::runtime_error if a row does not fit the schedule (another pairing, a game number
// beyond it).
std::vector<Round> scheduleFromResults(const TournamentInfo& info,
                                       const std::vector<GameRow>& rows);

// The round (from 1) of game g: encounter (g - 1) / 2 of its round.
int roundOfGame(const TournamentInfo& info, int game);

struct Standing {
    int index = 0;  // in the entrants file
    std::string name;
    int rank = 0;
    int points = 0;           // wins plus byes
    int opponentsPoints = 0;  // the points of each opponent, once per encounter played
    int territory = 0;        // the winner's territory over this entrant's won games
    int games = 0, wins = 0, losses = 0, byes = 0;
    double elo = 0, eloError = 0;
};

struct EncounterTotal {  // one pair, summed over rounds
    int a = 0, b = 0;    // entrant indices, a < b
    int aPoints = 0, bPoints = 0, games = 0;
};

struct Standings {
    std::vector<Standing> ranking;  // best first
    std::vector<EncounterTotal> encounters;
    std::vector<GameRow> games;  // in game-number order
    int scheduledGames = 0;      // games in the rounds paired so far
    std::string anchor;          // the Elo anchor's name, or "mean"
};

// Ranking: points, then opponents' points, then territory, then the entrants file's order.
// eloAnchor: an entrant's name, or empty for the mean. Throws for an unknown anchor.
Standings computeStandings(const TournamentInfo& info, const std::vector<Round>& rounds,
                           const std::vector<GameRow>& rows, const std::string& eloAnchor);

// The crosstable, cutechess style, with the tie-break columns.
std::string standingsText(const TournamentInfo& info, const Standings& s);
// standings.json as docs/tournaments.md defines it.
std::string standingsJson(const TournamentInfo& info, const Standings& s);

}  // namespace hippolyta
