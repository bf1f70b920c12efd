// The plain text game record. A record that loads saves and reloads to the same game, and
// saving that again gives the same text.
#include "engine/core/records/text_record.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_record.h"

using namespace hippolyta;
using fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    GameRecord record;
    try {
        record = readTextRecord(fuzz::asText(data, size));
    } catch (const RecordError&) {
        return 0;
    }
    try {
        replayRecord(record);
    } catch (const RecordError& e) {
        fuzz::fail(std::string("a loaded record does not replay: ") + e.what());
    }
    const std::string saved = writeTextRecord(record);
    GameRecord again;
    try {
        again = readTextRecord(saved);
    } catch (const RecordError& e) {
        fuzz::fail(std::string("our own text record does not load: ") + e.what() + "\n" + saved);
    }
    const std::string diff = fuzz::recordDifference(record, again);
    check(diff.empty(), "the reloaded record differs in " + diff + "\n" + saved);
    check(writeTextRecord(again) == saved, "saving the reloaded record gives other text\n" + saved);
    return 0;
}
