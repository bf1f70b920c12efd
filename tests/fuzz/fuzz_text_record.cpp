// The plain text game record. A record that loads saves and reloads to the same game, and
// saving that again gives the same text.
#include "engine/core/records/text_record.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_record.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    GameRecord record;
    try {
        record = readTextRecord(fuzz::asText(data, size));
    } catch (const RecordError&) {
        return 0;
    }
    fuzz::checkRecordRoundTrip(
        record, [](const GameRecord& r) { return writeTextRecord(r); },
        [](std::string_view text) { return readTextRecord(text); }, "text record");
    return 0;
}
