// The SGF reader (loadsgf). A record that loads saves and reloads to the same game (same start,
// moves, movers, clock and game information), saving that again gives the same text, and the
// record replays without error.
#include "engine/core/records/sgf.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_record.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    GameRecord record;
    try {
        record = readSgf(fuzz::asText(data, size));
    } catch (const RecordError&) {
        return 0;
    }
    FUZZ_CHECK(record.moves.size() == record.movers.size() &&
                   record.timeLeft.size() == record.moves.size(),
               "record lists of different lengths");
    fuzz::checkRecordRoundTrip(
        record, [](const GameRecord& r) { return writeSgf(r); },
        [](std::string_view text) { return readSgf(text); }, "SGF");
    return 0;
}
