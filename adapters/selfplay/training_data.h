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

constexpr uint32_t kTrainingDataVersion = 1;
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
        return version == o.version && boardSize == o.boardSize && seed == o.seed &&
               settings == o.settings;
    }
};

// One line for people: version, size, seed, shard and settings.
std::string describeRun(const TrainingDataHeader& header);

struct MoveVisits {
    Move move;
    uint32_t visits = 0;
};

// One searched position of a game; the position itself follows from the game's start and the
// moves before it.
struct PlyRecord {
    Move played;
    bool sampled = false;     // drawn from the visit counts with a temperature, not the best move
    bool proven = false;      // value is exact (0 or 1)
    float value = 0.5f;       // the search's winrate for the side to move
    uint32_t rootVisits = 0;  // the search's root visits (reused subtree included)
    std::vector<MoveVisits> visits;  // every visited root move, most visited first
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

    Color sideToMove() const { return position.sideToMove(); }
    // 1 if the side to move went on to win, else 0.
    double result() const { return winner == sideToMove() ? 1.0 : 0.0; }
};

// Encoding. encodeGame gives the whole record (length, payload, checksum).
std::string encodeHeader(const TrainingDataHeader& header);
std::string encodeGame(const SelfPlayGame& game);
// Decodes and checks a payload (replays the moves: each must be legal, the game over at the
// end and the winner right). Throws TrainingDataError starting with `where`.
SelfPlayGame decodeGamePayload(std::string_view payload, int boardSize, const std::string& where);

// Calls f for every position of the game, in order.
void forEachPosition(const SelfPlayGame& game,
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

// Every game of a file through f, then the positions through forEachPosition: the usual way
// to feed a fit.
void readTrainingPositions(const std::string& path,
                           const std::function<void(const TrainingPosition&)>& f);

// Appends games to a file. A new file gets the header (written whole, via a temporary file and
// a rename); an existing one must have been made by the same run (TrainingDataError otherwise),
// its torn tail is cut off and its games are listed in games(). The file is locked (flock)
// while the writer lives, so a second writer is refused.
class TrainingDataWriter {
  public:
    TrainingDataWriter(const std::string& path, const TrainingDataHeader& header,
                       bool fsyncEachGame = false);
    TrainingDataWriter(const TrainingDataWriter&) = delete;
    TrainingDataWriter& operator=(const TrainingDataWriter&) = delete;

    const std::set<uint64_t>& games() const { return games_; }
    bool repairedTornTail() const { return repaired_; }
    // Writes one game and flushes it (and fsyncs, if asked).
    void append(const SelfPlayGame& game);

  private:
    std::string path_;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_{nullptr, &std::fclose};
    bool fsync_ = false;
    bool repaired_ = false;
    std::set<uint64_t> games_;
};

}  // namespace hippolyta
