// What the HTML report shows, read from an output directory: the standings (from
// DIR/standings.json when a tournament wrote one, else computed from the games), and the games
// with their records (DIR/games/game-NNNNNN.sgf) for the viewer.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/match/results_table.h"
#include "engine/core/records/game_record.h"

namespace hippolyta {

struct ReportEntrant {
    int rank = 0;
    std::string name;
    double points = 0;
    double opponentsPoints = 0;  // the sum of the points of the opponents met
    int territory = 0;           // the winner's territory summed over the won games
    int games = 0;
    int wins = 0;
    int losses = 0;
    std::optional<double> elo;       // none: unknown (or infinite: every game won or lost)
    std::optional<double> eloError;  // half-width of the 95% interval
};

struct ReportEncounter {
    std::string a;
    std::string b;
    double aPoints = 0;
    double bPoints = 0;
    int games = 0;
};

struct ReportGame {
    int number = 0;
    int round = 0;  // 0: not a tournament round
    std::string white;
    std::string black;
    std::string result;  // "W+23", "B+T", ...
    std::string winner;  // a name
    std::string reason;  // "no moves", "time", ...
    int territory = 0;   // the winner's territory (0 when the game did not end on the board)
    int plies = 0;
    std::string sgf;  // the record, relative to the output directory
    std::optional<GameRecord> record;
    std::string recordError;  // why the record is missing, for the viewer
};

struct ReportData {
    std::string format = "match";  // "match" or the tournament's format
    std::string title;             // empty: made from the format and the entrants
    int size = 0;
    std::string tc;
    int rounds = 0;
    std::string eloAnchor = "mean";
    std::vector<ReportEntrant> entrants;  // in ranking order
    std::vector<ReportEncounter> encounters;
    std::vector<ReportGame> games;        // in game-number order
    std::vector<EngineIdentity> engines;  // who played under each name, if recorded
};

// DIR/standings.json as hippolyta-tournament writes it (entrants, encounters, games). Throws
// std::invalid_argument naming `source` for malformed JSON or missing fields.
ReportData parseStandingsJson(std::string_view text, const std::string& source);

// Fills data.entrants and data.encounters from data.games: a win is a point; ranking by
// points, then the opponents' points, then the territory of the won games. The Elo of a
// two-entrant field comes from the score (anchored on the mean); larger fields get none.
void computeStandings(ReportData& data);

// Everything in an output directory: standings.json if there is one, else the results tables
// (results.tsv or shards' results-I-of-N.tsv), else the finished games in DIR/games; each
// game's record is read (a missing or broken one is noted, not fatal). Throws
// std::runtime_error when the directory holds no games to report.
ReportData loadReportData(const std::string& dir);

// The game records read so far, by path and file stamp (size and time of the last write): a
// runner that rewrites the report after every game reads and replays each record once.
struct ReportCache {
    struct Entry {
        std::uintmax_t size = 0;
        std::int64_t stamp = 0;
        std::optional<GameRecord> record;
        std::string error;
    };
    std::map<std::string, Entry> records;
};
// loadReportData() reading records through the cache; the result is the same.
ReportData loadReportData(const std::string& dir, ReportCache& cache);

// The winner's territory and the result text of a finished game's record: "W+23" when the
// game ended on the board (RE[W+23], or RE[W+] with the loser out of moves), else RE as it is.
void scoreFromRecord(ReportGame& game);

}  // namespace hippolyta
