// The self-play training-data reader (TrainingDataReader, adapters/selfplay), fed a file made of
// the input. What it accepts is canonical: the header and every game it returns encode back to
// the very bytes they were read from, the games follow each other in the file, and the file is
// read to its end unless a torn tail (a record cut short, as a kill leaves it) was dropped.
//
// Checksums would stop almost every mutation at the door, so when the first byte is odd the
// target first repairs the header's checksum and those of the records that fit, walking the
// file as the reader does; with an even first byte the bytes go in untouched, so that the
// checks themselves are fuzzed too.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "adapters/selfplay/training_data.h"
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

constexpr size_t kFixedHeaderBytes = 36;  // magic to settings length; see training_data.h
constexpr size_t kSettingsLengthAt = 32;
constexpr size_t kReservedAt = 13, kReservedBytes = 3;

// Sets the checksum after [from, end) to that range's, if it fits; returns where it ends.
size_t seal(std::string& bytes, size_t from, size_t end) {
    if (end + 8 > bytes.size()) return std::string::npos;
    setLE(bytes, end, fnv1a64(std::string_view(bytes).substr(from, end - from)), 8);
    return end + 8;
}

void repairChecksums(std::string& bytes) {
    if (bytes.size() < kFixedHeaderBytes) return;
    size_t at = seal(bytes, 0, kFixedHeaderBytes + getLE(bytes, kSettingsLengthAt, 4));
    while (at != std::string::npos && at + 8 <= bytes.size() &&
           bytes.compare(at, kGameTag.size(), kGameTag) == 0) {
        const uint64_t length = getLE(bytes, at + 4, 4);
        if (length > bytes.size()) return;
        at = seal(bytes, at + 4, at + 8 + length);
    }
}

// The file the reader reads: one per process, rewritten for each input.
const std::string& scratchFile() {
    static const std::string path = [] {
        char name[] = "/tmp/hippolyta-fuzz-training-XXXXXX";
        const int fd = ::mkstemp(name);
        if (fd < 0) fuzz::fail("cannot create a scratch file");
        ::close(fd);
        std::atexit([] { std::remove(scratchFile().c_str()); });
        return std::string(name);
    }();
    return path;
}

void writeScratch(const std::string& bytes) {
    std::FILE* f = std::fopen(scratchFile().c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f))
        fuzz::fail("cannot write the scratch file");
}

void checkFile(const std::string& bytes) {
    TrainingDataReader reader(scratchFile());
    const std::string header = encodeHeader(reader.header());
    // The reader skips the header's 3 reserved bytes (after the board size) without asking
    // for the writer's zeros, and checks the checksum over them: compare the rest. (Left to
    // the format's next version.)
    std::string read = bytes.substr(0, header.size() - 8);
    read.replace(kReservedAt, kReservedBytes, kReservedBytes, '\0');
    FUZZ_CHECK(read == header.substr(0, header.size() - 8),
               "the header read does not encode to the file's header");
    FUZZ_CHECK(reader.completeBytes() == header.size(), "games start after the header's end");
    SelfPlayGame game;
    for (uint64_t from = reader.completeBytes(), last = 0; reader.next(game);
         from = reader.completeBytes()) {
        const std::string record = encodeGame(game, reader.header().version);
        FUZZ_CHECK(reader.completeBytes() == from + record.size() &&
                       bytes.compare(from, record.size(), record) == 0,
                   "a game read does not encode to the bytes it was read from");
        FUZZ_CHECK(game.game > last, "games out of order");
        last = game.game;
        size_t positions = 0;
        forEachPosition(game, [&](const TrainingPosition& p) {
            FUZZ_CHECK(p.ply == static_cast<int>(positions++), "positions out of order");
        });
        FUZZ_CHECK(positions == game.plies.size(), "a position per ply");
        size_t samples = 0, recorded = 0;
        forEachTreeSample(game, [&](const TrainingPosition& p) {
            FUZZ_CHECK(p.sample && p.record->visits.size() == p.sample->children.size(),
                       "a tree sample's record is made of it");
            ++samples;
        });
        for (const PlyRecord& p : game.plies)
            recorded += p.treeSamples.size();
        FUZZ_CHECK(samples == recorded, "every tree sample is given once");
    }
    FUZZ_CHECK(reader.droppedTornTail() == (reader.completeBytes() < bytes.size()),
               "the file was not read to its end, and no torn tail was dropped");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    std::string bytes(fuzz::asText(data + 1, size - 1));
    if (data[0] & 1) repairChecksums(bytes);
    writeScratch(bytes);
    try {
        checkFile(bytes);
    } catch (const TrainingDataError&) {
    }
    return 0;
}
