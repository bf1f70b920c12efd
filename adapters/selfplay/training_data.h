// The self-play training-data file (docs/training-data.md has the byte layout): a header with
// the generating settings, then one length-prefixed, checksummed record per game, appended and
// flushed as each game ends. A kill can only tear the last record; readers drop a torn tail and
// a writer reopening the file cuts it off and carries on. Any other damage is an error.
#pragma once

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.h"

namespace hippolyta {

// Version 2 adds each game's ownership map and stores visit counts as LEB128 numbers; version 3
// adds each ply's tree samples (searched nodes below its root). Readers read all three; new
// files are version 2, or 3 when they hold tree samples; a writer resuming a file keeps its
// version.
constexpr uint32_t kTrainingDataVersion = 2;
constexpr uint32_t kTreeSampleDataVersion = 3;
constexpr uint32_t kOldestTrainingDataVersion = 1;
constexpr uint32_t kNewestTrainingDataVersion = 3;
constexpr std::string_view kTrainingDataMagic = "HPSELFPL";  // the file's first 8 bytes
constexpr std::string_view kGameTag = "GAME";                // each record's first 4 bytes
constexpr uint32_t kMaxGamePayload = 16u << 20;              // longer: damage, not a game

// Malformed, damaged or foreign data, with a message for people naming the file.
struct TrainingDataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct TrainingDataHeader {
    uint32_t version = kTrainingDataVersion;
    int boardSize = 10;
    uint64_t seed = 0;
    uint32_t shardIndex = 0;  // this file holds games g with (g - 1) % shardCount == shardIndex
    uint32_t shardCount = 1;  // (a merged file says 0/1)
    std::string settings;     // the generating settings, "key=value" words

    // Same generation, shards aside: files that may be merged or resumed together.
    bool sameRun(const TrainingDataHeader& o) const {
        return version == o.version && sameSettings(o);
    }
    // The same games, whatever the format version they are stored in.
    bool sameSettings(const TrainingDataHeader& o) const {
        return boardSize == o.boardSize && seed == o.seed && settings == o.settings;
    }
};

// One line for people: version, size, seed, shard and settings.
std::string describeRun(const TrainingDataHeader& header);

struct MoveVisits {
    Move move;
    uint32_t visits = 0;
};

// A searched node below a ply's root (version 3): TreeStrap-style labels, as the root's. The
// position is the ply's with `line` played.
struct TreeSampleRecord {
    std::vector<Move> line;            // 1..255 moves from the ply's position
    bool proven = false;               // value is exact
    float value = 0.5f;                // the search's winrate for the side to move there
    uint32_t visits = 0;               // the node's visits
    std::vector<MoveVisits> children;  // its visited moves, most visited first (at least one)
};

// One searched position of a game; the position itself follows from the game's start and the
// moves before it.
struct PlyRecord {
    Move played;
    bool sampled = false;     // drawn from the visit counts with a temperature, not the best move
    bool proven = false;      // value is exact (0 or 1)
    float value = 0.5f;       // the search's winrate for the side to move
    uint32_t rootVisits = 0;  // the search's root visits (reused subtree included)
    std::vector<MoveVisits> visits;             // every visited root move, most visited first
    std::vector<TreeSampleRecord> treeSamples;  // version 3 only (empty before)
};

struct SelfPlayGame {
    uint64_t game = 0;  // from 1; its seed derives from the run's seed and this number
    Color winner = Color::White;
    int openingPlies = 0;  // random plies played before `start`
    Position start = Position::start();
    std::vector<PlyRecord> plies;
    // Whose territory each square ended in, one entry per square (Position's indexing, n * n):
    // +1 White's, -1 Black's, 0 neither; gameOwnership() of the game (engine/eval/ownership.h).
    // Stored from version 2 on, computed from the replayed game for version 1.
    std::vector<int8_t> ownership;

    std::vector<Move> moves() const;
};

// A position for training: the game's result attached.
struct TrainingPosition {
    uint64_t game = 0;
    int ply = 0;  // index in the game's record, from 0
    Position position = Position::start();
    const PlyRecord* record = nullptr;  // valid while the SelfPlayGame lives
    Color winner = Color::White;
    const std::vector<int8_t>* ownership = nullptr;  // the game's, valid while it lives

    // Set for a tree sample (forEachTreeSample): off the game's line, so no result and no
    // ownership; record is a PlyRecord made of it (played: its most visited move).
    const TreeSampleRecord* sample = nullptr;

    Color sideToMove() const { return position.sideToMove(); }
    // 1 if the side to move went on to win, else 0; a tree sample's search value instead.
    double result() const {
        if (sample) return record->value;
        return winner == sideToMove() ? 1.0 : 0.0;
    }
};

// Encoding. encodeGame gives the whole record (length, payload, checksum) in the given format
// version; version 2 needs the game's ownership (n * n entries of -1, 0, 1).
std::string encodeHeader(const TrainingDataHeader& header);
std::string encodeGame(const SelfPlayGame& game, uint32_t version = kTrainingDataVersion);
// Decodes and checks a payload (replays the moves: each must be legal, the game over at the
// end and the winner right) and fills the ownership (read, or computed for version 1). Throws
// TrainingDataError starting with `where`.
SelfPlayGame decodeGamePayload(std::string_view payload, int boardSize, const std::string& where,
                               uint32_t version = kTrainingDataVersion);

// Calls f for every position of the game, in order.
void forEachPosition(const SelfPlayGame& game,
                     const std::function<void(const TrainingPosition&)>& f);
// Calls f for every tree sample of the game (version 3), ply by ply; t.ply is the ply whose
// search made it.
void forEachTreeSample(const SelfPlayGame& game,
                       const std::function<void(const TrainingPosition&)>& f);

// Reads a file record by record, checking each. A torn last record (shorter than its length
// says, as a kill leaves it) is dropped; anything else wrong throws TrainingDataError: a bad
// magic, another version, a bad checksum, an illegal move, games out of order or of another
// shard.
class TrainingDataReader {
  public:
    explicit TrainingDataReader(const std::string& path);

    const TrainingDataHeader& header() const { return header_; }
    // The next game; false at the end.
    bool next(SelfPlayGame& game);
    // After next() returned false: whether a torn tail was dropped, and the length of the
    // complete part of the file.
    bool droppedTornTail() const { return torn_; }
    uint64_t completeBytes() const { return offset_; }

  private:
    std::string path_;
    std::ifstream in_;
    uint64_t fileSize_ = 0;
    uint64_t offset_ = 0;
    TrainingDataHeader header_;
    uint64_t lastGame_ = 0;
    bool torn_ = false;
};

// Every game of a file through f, then the positions through forEachPosition (and with
// withTreeSamples, each game's tree samples after its positions): the usual way to feed a fit.
void readTrainingPositions(const std::string& path,
                           const std::function<void(const TrainingPosition&)>& f,
                           bool withTreeSamples = false);

// Appends games to a file. A new file gets the header (written whole, via a temporary file and
// a rename); an existing one must have been made by the same run (TrainingDataError otherwise),
// its torn tail is cut off and its games are listed in games(). An existing file of an older
// format version is resumed in its own version (a file never mixes versions): header() says
// which. The file is locked (flock) while the writer lives, so a second writer is refused.
class TrainingDataWriter {
  public:
    TrainingDataWriter(const std::string& path, const TrainingDataHeader& header,
                       bool fsyncEachGame = false);
    TrainingDataWriter(const TrainingDataWriter&) = delete;
    TrainingDataWriter& operator=(const TrainingDataWriter&) = delete;

    const std::set<uint64_t>& games() const { return games_; }
    bool repairedTornTail() const { return repaired_; }
    // The file's header: the one given, or an existing file's (its version may be older).
    const TrainingDataHeader& header() const { return header_; }
    // Writes one game and flushes it (and fsyncs, if asked).
    void append(const SelfPlayGame& game);

  private:
    std::string path_;
    TrainingDataHeader header_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
    bool fsync_ = false;
    bool repaired_ = false;
    std::set<uint64_t> games_;
};

}  // namespace hippolyta
