// The SGF reader (loadsgf). A record that loads saves and reloads to the same game (same start,
// moves, movers, clock and game information), saving that again gives the same text, and the
// record replays without error.
#include "engine/core/records/sgf.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/fuzz_record.h"

using namespace hippolyta;
using fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    GameRecord record;
    try {
        record = readSgf(fuzz::asText(data, size));
    } catch (const RecordError&) {
        return 0;
    }
    check(record.moves.size() == record.movers.size() &&
              record.timeLeft.size() == record.moves.size(),
          "record lists of different lengths");
    try {
        replayRecord(record);
    } catch (const RecordError& e) {
        fuzz::fail(std::string("a loaded record does not replay: ") + e.what());
    }
    const std::string saved = writeSgf(record);
    GameRecord again;
    try {
        again = readSgf(saved);
    } catch (const RecordError& e) {
        fuzz::fail(std::string("our own SGF does not load: ") + e.what() + "\n" + saved);
    }
    const std::string diff = fuzz::recordDifference(record, again);
    check(diff.empty(), "the reloaded record differs in " + diff + "\n" + saved);
    check(writeSgf(again) == saved, "saving the reloaded record gives other text\n" + saved);
    return 0;
}
