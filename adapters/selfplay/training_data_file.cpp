// Training-data files: the checked reader (torn tails dropped, damage refused) and the
// appending writer that resumes a file.
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <filesystem>

#include "adapters/selfplay/byte_io.h"
#include "adapters/selfplay/training_data.h"
#include "engine/core/file_io.h"
#include "engine/core/fnv.h"

namespace hippolyta {

namespace {

constexpr size_t kFixedHeaderBytes = 8 + 4 + 1 + 1 + 2 + 8 + 4 + 4 + 4;
constexpr uint32_t kMaxSettingsBytes = 1u << 20;
constexpr size_t kRecordFrameBytes = 4 + 4;  // tag, payload length (then payload, checksum)

std::string readExactly(std::ifstream& in, size_t count, const std::string& path) {
    std::string bytes(count, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(count));
    if (static_cast<size_t>(in.gcount()) != count)
        throw TrainingDataError(path + ": can't read (the file shrank while reading?)");
    return bytes;
}

TrainingDataHeader readHeader(std::ifstream& in, uint64_t fileSize, const std::string& path) {
    if (fileSize < kFixedHeaderBytes)
        throw TrainingDataError(path + ": too short for a training-data header");
    const std::string fixed = readExactly(in, kFixedHeaderBytes, path);
    ByteCursor c(fixed, path);
    if (c.bytes(8) != kTrainingDataMagic)
        throw TrainingDataError(path + ": not a hippolyta training-data file (bad magic)");
    TrainingDataHeader h;
    h.version = c.u32();
    if (h.version < kOldestTrainingDataVersion || h.version > kNewestTrainingDataVersion)
        throw TrainingDataError(path + ": training-data version " + std::to_string(h.version) +
                                ", this build reads versions " +
                                std::to_string(kOldestTrainingDataVersion) + " to " +
                                std::to_string(kNewestTrainingDataVersion));
    h.boardSize = c.u8();
    c.u8();
    c.u16();
    h.seed = c.u64();
    h.shardIndex = c.u32();
    h.shardCount = c.u32();
    const uint32_t settingsBytes = c.u32();
    if (settingsBytes > kMaxSettingsBytes || kFixedHeaderBytes + settingsBytes + 8 > fileSize)
        throw TrainingDataError(path + ": damaged header (settings length)");
    const std::string rest = readExactly(in, settingsBytes + 8, path);
    h.settings = rest.substr(0, settingsBytes);
    ByteCursor sum(std::string_view(rest).substr(settingsBytes), path);
    if (sum.u64() != fnv1a64(fixed + h.settings))
        throw TrainingDataError(path + ": damaged header (bad checksum)");
    if (h.boardSize < kMinBoardSize || h.boardSize > kMaxBoardSize)
        throw TrainingDataError(path + ": board size " + std::to_string(h.boardSize) +
                                " out of range");
    if (h.shardCount < 1 || h.shardIndex >= h.shardCount)
        throw TrainingDataError(path + ": damaged header (shard " + std::to_string(h.shardIndex) +
                                "/" + std::to_string(h.shardCount) + ")");
    return h;
}

}  // namespace

TrainingDataReader::TrainingDataReader(const std::string& path)
    : path_(path), in_(path, std::ios::binary) {
    std::error_code ec;
    fileSize_ = std::filesystem::file_size(path, ec);
    if (!in_ || ec) throw TrainingDataError(path + ": can't open: " + (ec ? ec.message() : "?"));
    header_ = readHeader(in_, fileSize_, path);
    offset_ = kFixedHeaderBytes + header_.settings.size() + 8;
}

bool TrainingDataReader::next(SelfPlayGame& game) {
    const uint64_t remaining = fileSize_ - offset_;
    if (remaining == 0) return false;
    const std::string where = path_ + ": the game record at byte " + std::to_string(offset_);
    const std::string frame = readExactly(in_, std::min<uint64_t>(remaining, 8), path_);
    // A kill leaves a prefix of a record: a prefix of the tag, or a record cut short.
    if (frame.compare(0, std::min<size_t>(frame.size(), 4), kGameTag.substr(0, frame.size())))
        throw TrainingDataError(where + ": no record starts there (damaged file)");
    if (frame.size() < kRecordFrameBytes) {
        torn_ = true;
        return false;
    }
    ByteCursor c(frame, where);
    c.bytes(4);
    const uint32_t length = c.u32();
    if (length > kMaxGamePayload)
        throw TrainingDataError(where + ": implausible length " + std::to_string(length) +
                                " (damaged file)");
    if (remaining < kRecordFrameBytes + length + 8) {
        torn_ = true;
        return false;
    }
    const std::string rest = readExactly(in_, length + 8, path_);
    ByteCursor sum(std::string_view(rest).substr(length), where);
    if (sum.u64() != fnv1a64(frame.substr(4) + rest.substr(0, length)))
        throw TrainingDataError(where + ": bad checksum (damaged file)");
    SelfPlayGame g = decodeGamePayload(std::string_view(rest).substr(0, length), header_.boardSize,
                                       where, header_.version);
    if (g.game <= lastGame_)
        throw TrainingDataError(where + ": game " + std::to_string(g.game) + " after game " +
                                std::to_string(lastGame_) + " (games must be in order)");
    if ((g.game - 1) % header_.shardCount != header_.shardIndex)
        throw TrainingDataError(where + ": game " + std::to_string(g.game) +
                                " does not belong to the file's shard");
    lastGame_ = g.game;
    offset_ += kRecordFrameBytes + length + 8;
    game = std::move(g);
    return true;
}

void readTrainingPositions(const std::string& path,
                           const std::function<void(const TrainingPosition&)>& f,
                           bool withTreeSamples) {
    TrainingDataReader reader(path);
    SelfPlayGame game;
    while (reader.next(game)) {
        forEachPosition(game, f);
        if (withTreeSamples) forEachTreeSample(game, f);
    }
}

TrainingDataWriter::TrainingDataWriter(const std::string& path, const TrainingDataHeader& header,
                                       bool fsyncEachGame)
    : path_(path), header_(header), fsync_(fsyncEachGame) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::exists(path, ec) || fs::file_size(path, ec) == 0) {
        try {
            writeFileAtomically(path, encodeHeader(header));  // the header whole or not at all
        } catch (const FileError& e) {
            throw TrainingDataError(e.what());
        }
    }
    file_.reset(std::fopen(path.c_str(), "ab"));
    if (!file_) throw TrainingDataError("can't open " + path + " for appending");
    // Two runs appending to one file would interleave their games: the second one stops here.
    if (flock(fileno(file_.get()), LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK)
        throw TrainingDataError(path + " is being written by another process");
    TrainingDataReader reader(path);
    const TrainingDataHeader& h = reader.header();
    // An older version's file carries on in its own version: a file never mixes versions.
    if (!h.sameSettings(header) || h.version > header.version ||
        h.shardIndex != header.shardIndex || h.shardCount != header.shardCount)
        throw TrainingDataError(path + " was made by another run:\n  its settings: " +
                                describeRun(h) + "\n  this run:     " + describeRun(header) +
                                "\nUse another --out, or the same settings to resume it.");
    header_ = h;
    SelfPlayGame g;
    while (reader.next(g))
        games_.insert(g.game);
    if (reader.droppedTornTail()) {
        if (ftruncate(fileno(file_.get()), static_cast<off_t>(reader.completeBytes())) != 0)
            throw TrainingDataError("can't repair " + path + ": " + std::strerror(errno));
        repaired_ = true;
    }
}

void TrainingDataWriter::append(const SelfPlayGame& game) {
    const std::string bytes = encodeGame(game, header_.version);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file_.get()) != bytes.size() ||
        std::fflush(file_.get()) != 0 || (fsync_ && ::fsync(fileno(file_.get())) != 0))
        throw TrainingDataError("can't write " + path_);
    games_.insert(game.game);
}

std::string describeRun(const TrainingDataHeader& h) {
    return "version=" + std::to_string(h.version) + " size=" + std::to_string(h.boardSize) +
           " seed=" + std::to_string(h.seed) + " shard=" + std::to_string(h.shardIndex) + "/" +
           std::to_string(h.shardCount) + " " + h.settings;
}

}  // namespace hippolyta
