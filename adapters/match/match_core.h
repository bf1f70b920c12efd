// The match core shared by hippolyta-match and hippolyta-tournament: it plays scheduled games
// between engines on a pool of workers, each with its own engine processes, referees them,
// writes each finished game (SGF, text record) and then its row of the results table, and
// restarts an engine that lost by a fault. The runners only decide which games to play.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/common/openings.h"
#include "adapters/match/match_engine.h"
#include "adapters/match/referee.h"
#include "adapters/match/results_table.h"
#include "engine/core/file_io.h"

namespace hippolyta {

struct CoreConfig {
    int size = kDefaultBoardSize;
    RefereeOptions referee;
    double startupTimeout = 30;
    int concurrency = 1;
    std::string outDir;       // empty: nothing written, nothing resumed
    bool verbose = false;     // GTP traffic and engines' stderr to our stderr
    bool progress = false;    // a status line redrawn in place on err (when it is a terminal)
    std::string tool;         // names the program in notes, e.g. "hippolyta-match"
    std::string application;  // the SGF AP value
};

// The openings of a run: read from a file, or drawn at random from a seed (by index).
class OpeningSource {
  public:
    // Throws for an unreadable or malformed file.
    OpeningSource(const std::string& file, int size, int randomPlies, uint64_t seed);
    // Identifies the openings in a results table's key: "random:PLIES" or "FILE@HASH".
    const std::string& key() const { return key_; }
    // Openings in the file; 0 for random openings.
    std::size_t fileCount() const { return file_.size(); }
    // The index-th opening (a file's openings repeat cyclically).
    Opening at(std::size_t index) const;

  private:
    std::vector<Opening> file_;
    std::string key_;
    int size_;
    int plies_;
    uint64_t seed_;
};

struct GameJob {
    int game = 0;   // number in the schedule, from 1: names the files and the table row
    int white = 0;  // indices into the core's engines
    int black = 0;
    Opening opening;
};

// Called after a game's files and row are written, with the core's output lock held: write to
// the streams directly (not through say()).
using GameFinished = std::function<void(const GameRow&)>;

class MatchCore {
  public:
    MatchCore(CoreConfig config, std::ostream& out, std::ostream& err,
              const std::atomic<bool>* interrupt);
    ~MatchCore();

    const CoreConfig& config() const { return config_; }
    // Starts the engine once and says who it is: the spec's name (else the GTP name, cleaned),
    // command, absolute working directory, GTP name and version. Throws std::runtime_error
    // naming `label` if the engine does not start or answer.
    EngineIdentity probe(const EngineSpec& spec, const std::string& label);
    // The engines games are played between (names final) and who they are, in the same order.
    void setEngines(std::vector<EngineSpec> engines, std::vector<EngineIdentity> identities = {});
    const std::vector<EngineSpec>& engines() const { return engines_; }

    // Opens (or resumes) the results table outDir/fileName for the run described by key and
    // the engines, and creates outDir/games. A table of another run or of other engines is
    // refused. Without an outDir rows are kept in memory only.
    void openTable(const std::string& fileName, const std::string& key);
    std::vector<GameRow> rows() const;
    bool has(int game) const;

    // Plays the jobs on up to `concurrency` workers. Returns false if the run was interrupted
    // (games in progress are dropped) or stopped. Rethrows what a worker threw.
    bool play(const std::vector<GameJob>& jobs, const GameFinished& finished);
    // No new games after those in progress (e.g. an SPRT decision); safe from GameFinished.
    void requestStop() { stop_ = true; }
    bool interrupted() const { return interrupted_; }

    // Writes a line to os under the output lock.
    void say(std::ostream& os, const std::string& line);

    // With config().progress: the status line drawn on err after every game and cleared
    // before any other output (called under the output lock).
    void setStatus(std::function<std::string()> status) { status_ = std::move(status); }
    // Games recorded by this core, and seconds since it was made: the pace of this run.
    int recordedThisRun() const { return recorded_; }
    double secondsThisRun() const;
    // Notes on err a time control too short to measure strength (see shortClockWarning).
    void warnShortClock();

  private:
    void worker(int id, const std::vector<GameJob>& jobs, const GameFinished& finished);
    void record(const GameJob& job, GameResult& result, const GameFinished& finished);
    std::string openingSgf(int game, const Opening& opening);
    TrafficLog traffic(const std::string& label);
    void drawStatus();   // under outMutex_
    void clearStatus();  // under outMutex_

    CoreConfig config_;
    std::ostream& out_;
    std::ostream& err_;
    const std::atomic<bool>* interrupt_;
    std::vector<EngineSpec> engines_;
    std::vector<EngineIdentity> identities_;
    std::unique_ptr<ResultsTable> table_;
    mutable std::mutex rowsMutex_;
    std::vector<GameRow> memoryRows_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false};
    std::atomic<int> finishedWorkers_{0};
    bool interrupted_ = false;
    std::mutex outMutex_;
    std::exception_ptr failure_;
    std::function<std::string()> status_;
    bool statusShown_ = false;
    std::atomic<int> recorded_{0};
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

// Checks the settings both runners share. Throws std::invalid_argument with a message for people.
void validateSettings(const CoreConfig& config, int randomPlies, int shardIndex, int shardCount);

// The union of results tables of one run (shards, reruns), by game number.
struct MergedTables {
    std::string key;
    std::vector<EngineIdentity> engines;  // as the tables recorded them (none if none did)
    std::vector<GameRow> rows;            // in game-number order
};
// Notes half-written last lines on err (may be null), naming tool. Skips a table whose header
// is not yet complete (a shard starting while another reads). Throws std::invalid_argument
// for tables of different runs or engines, or a game with different results in two tables.
MergedTables mergeTables(const std::vector<std::string>& files, const std::string& tool,
                         std::ostream* err);

// Names go into the table's key and rows: no tabs, line breaks or the key's separator.
std::string cleanName(std::string s);
// Reads one "field=value" of a table key ("engine1=A; engine2=B; ...").
std::string keyField(const std::string& key, const std::string& field);

}  // namespace hippolyta
