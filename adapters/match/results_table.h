// The results table of a match: one tab-separated row per finished game, appended and flushed
// as each game ends, so a killed match loses nothing finished and a rerun resumes from it.
//
//   # hippolyta-match results 1
//   # match: engine1=A; engine2=B; size=10; tc=move:1; openings=random:2; seed=1; alternate=1
//   # engine  A  build/bin/hippolyta  /home/me/amazons  Hippolyta  0.1.0
//   # engine  B  ...
//   game  white  black  result  reason  plies  white_seconds  black_seconds  opening  finished
//   detail
//
// result is the SGF RE value: W+N / B+N (N the winner's territory) for a game played out, W+T,
// W+R, W+F for time, resign and forfeit. Tables written before territories were kept have a bare
// W+ / B+ there; they are read with territory 0.
#pragma once

#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/move.h"

namespace hippolyta {

enum class EndReason { NoMoves, Time, Illegal, FalseResign, Crash, Hang, Protocol };

// "no moves", "time", "illegal move", "false resign", "crash", "hang", "protocol error".
const char* reasonName(EndReason reason);
std::optional<EndReason> parseReason(std::string_view text);

// The SGF RE value for a result: "W+N" for a game played out (N the winner's territory),
// "+T" time, "+R" resign, "+F" forfeit (illegal move, crash, hang, protocol error).
std::string resultCode(Color winner, EndReason reason, int territory = 0);

struct GameRow {
    int game = 0;  // number in the match schedule, from 1
    std::string white;
    std::string black;
    Color winner = Color::White;
    EndReason reason = EndReason::NoMoves;
    int plies = 0;
    int territory = 0;  // the winner's territory for a game played out (no moves), else 0
    double whiteSeconds = 0;
    double blackSeconds = 0;
    std::string opening;   // its text, "-" for none
    std::string finished;  // when the game ended, local ISO time
    std::string detail;    // what happened, for people

    std::string loser() const { return winner == Color::White ? black : white; }
    std::string winnerName() const { return winner == Color::White ? white : black; }
    std::string result() const { return resultCode(winner, reason, territory); }
    friend bool operator==(const GameRow&, const GameRow&) = default;
};

// Who played under a name: written in the table's header (one "# engine" line each), in every
// game record and in the reports, so that a rerun with another engine is refused, not mixed in.
struct EngineIdentity {
    std::string name;        // as in the rows
    std::string command;     // the shell command line
    std::string dir;         // the absolute working directory it ran in
    std::string gtpName;     // what it answered to `name`
    std::string gtpVersion;  // and to `version` (empty if it has none)
    friend bool operator==(const EngineIdentity&, const EngineIdentity&) = default;
};

// "# engine<TAB>NAME<TAB>COMMAND<TAB>DIR<TAB>GTP NAME<TAB>GTP VERSION" and its newline.
std::string formatIdentityLine(const EngineIdentity& engine);
// One line for people: "NAME: COMMAND (in DIR; GTP name NAME VERSION)".
std::string describeIdentity(const EngineIdentity& engine);
// What differs between the engines a table recorded and this run's, one line each ("  engine
// 2 command: 'X' in the table, 'Y' now"); empty if nothing does.
std::string identityDifferences(const std::vector<EngineIdentity>& recorded,
                                const std::vector<EngineIdentity>& now,
                                const char* before = "in the table", const char* after = "now");
// The fields ("name=value", separated by "; ") that differ between two table keys, likewise.
std::string keyDifferences(const std::string& recorded, const std::string& now,
                           const char* before = "in the table", const char* after = "now");

struct ParsedTable {
    std::string matchKey;
    std::vector<EngineIdentity> engines;  // none in tables written before they were recorded
    std::vector<GameRow> rows;
    bool tornLastLine = false;      // the last line had no newline (a write cut by a kill)
    std::size_t completeBytes = 0;  // length of the text up to the last complete line
};

// One row as written (with its newline); tabs and line breaks in text fields become spaces.
std::string formatRow(const GameRow& row);
// Throws std::invalid_argument naming `source` and the line for a malformed table.
ParsedTable parseResultsTable(std::string_view text, const std::string& source);

class ResultsTable {
  public:
    // Opens or creates the table at path for the match described by matchKey, played by
    // engines (none: not checked, e.g. to read a table). Existing rows are read; a torn last
    // line is cut off. Throws std::runtime_error for a table that cannot be read or written,
    // is malformed, or belongs to another match or other engines (naming the difference). A
    // table written before engines were recorded gets them appended.
    ResultsTable(std::string path, const std::string& matchKey,
                 const std::vector<EngineIdentity>& engines = {});

    const std::string& path() const { return path_; }
    // True if the table had no engines recorded (written by an older version).
    bool engineLinesAdded() const { return added_; }
    std::vector<GameRow> rows() const;
    bool has(int game) const;
    bool repairedTornLine() const { return repaired_; }
    // Appends a row and flushes it; thread-safe.
    void append(const GameRow& row);

  private:
    std::string path_;
    mutable std::mutex mutex_;
    std::vector<GameRow> rows_;
    std::set<int> games_;
    std::ofstream out_;
    bool repaired_ = false;
    bool added_ = false;
};

}  // namespace hippolyta
