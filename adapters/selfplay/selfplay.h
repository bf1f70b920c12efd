// Self-play data generation behind build/bin/hippolyta-selfplay: the engine plays itself in
// process, one search thread per game, and every searched position goes into a training-data
// file (training_data.h). With fixed visits the same seed and settings give the same bytes,
// whatever the concurrency, the shards or the interruptions.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "adapters/selfplay/training_data.h"
#include "engine/search/search_net.h"
#include "engine/search/search_types.h"

namespace hippolyta {

// The most tree samples a ply records (SelfPlayConfig::treeSampleVisits).
constexpr size_t kTreeSamplesPerPly = 64;

struct SelfPlayConfig {
    int size = 10;
    int games = 100;
    uint64_t visits = 800;   // simulations per move
    double moveSeconds = 0;  // > 0: a time per move instead of visits (not reproducible)
    uint64_t seed = 1;
    int randomPlies = 2;              // uniformly random plies from the start, as hippolyta-match's
    int explorePlies = 10;            // then this many searched plies drawn from the visit counts
    double temperature = 1;           // ... with probability visits^(1/T) (0: always the best move)
    std::vector<std::string> params;  // engine constants, "name=value"
    // > 0: each ply also records the searched nodes below its root with at least this many
    // visits (at most kTreeSamplesPerPly, the most visited), in a version-3 file.
    uint32_t treeSampleVisits = 0;
    int memoryMb = 256;   // tree cap per game
    int concurrency = 1;  // games in parallel, one thread each
    int shardIndex = 0;   // play games g with (g - 1) % shardCount == shardIndex
    int shardCount = 1;
    std::shared_ptr<const SearchNet> net;  // the search's network (iteration); none: linear
    std::string out;                       // the training-data file; rerun to resume
    bool fsync = false;                    // fsync after each game as well as flush
};

// The header a run with these settings writes (shard included). Throws std::invalid_argument
// for settings out of range or an unknown engine parameter.
TrainingDataHeader selfPlayHeader(const SelfPlayConfig& config);

// Plays game number `game` (from 1) of the run. Empty if *stop was raised before it ended.
std::optional<SelfPlayGame> playSelfPlayGame(const SelfPlayConfig& config, uint64_t game,
                                             const std::atomic<bool>* stop = nullptr);

// A search's result as recorded: its value, root visits and every root move it reports (all
// the visited ones), with its best move played.
PlyRecord recordSearch(const SearchResult& result);

// The move a search would play at temperature T, drawn with `random` (a uniform 64-bit
// number): visits^(1/T) weights; the most visited when T <= 0 or nothing has visits.
Move sampleByVisits(const SearchResult& result, double temperature, uint64_t random);

// Plays the run's missing games into config.out, writing them in game order (a game that ends
// early waits for those before it). Progress to err. Returns 0, or 130 when *interrupt was
// raised (games in progress are dropped). Throws std::exception for bad settings or files.
int runSelfPlay(const SelfPlayConfig& config, std::ostream& err,
                const std::atomic<bool>* interrupt = nullptr);

// Merges shard files of one run into `out`, ordered by game number (written via a temporary
// file and a rename). Throws TrainingDataError for damaged files, files of different runs or a
// game in two files.
void mergeTrainingData(const std::vector<std::string>& files, const std::string& out,
                       std::ostream& err);

// Prints a file's settings, games, positions, results and search figures.
void printTrainingDataStats(const std::string& file, std::ostream& out);

}  // namespace hippolyta
