// Comparing game records for the record round-trip targets (SGF, plain text).
#pragma once

#include <cmath>
#include <string>
#include <string_view>

#include "engine/core/notation.h"
#include "engine/core/records/game_record.h"
#include "tests/fuzz/fuzz_check.h"

namespace hippolyta::fuzz {

// The first field in which a and b differ, or "" if none. Times compare to the millisecond
// (records write them with three decimals).
inline std::string recordDifference(const GameRecord& a, const GameRecord& b) {
    if (!(a.start == b.start))
        return "start " + formatPosition(a.start) + " vs " + formatPosition(b.start);
    if (a.moves != b.moves) return "moves";
    if (a.movers != b.movers) return "movers";
    if (a.timeLeft.size() != b.timeLeft.size()) return "number of times";
    auto near = [](const std::optional<double>& x, const std::optional<double>& y) {
        if (x.has_value() != y.has_value()) return false;
        return !x || std::abs(*x - *y) <= 0.0005 + 1e-12 * std::abs(*x);
    };
    for (size_t i = 0; i < a.timeLeft.size(); ++i)
        if (!near(a.timeLeft[i], b.timeLeft[i])) return "time left at ply " + std::to_string(i);
    if (!near(a.mainTime, b.mainTime)) return "main time";
    if (a.whiteName != b.whiteName)
        return "white name " + quoted(a.whiteName) + " vs " + quoted(b.whiteName);
    if (a.blackName != b.blackName)
        return "black name " + quoted(a.blackName) + " vs " + quoted(b.blackName);
    if (a.date != b.date) return "date " + quoted(a.date) + " vs " + quoted(b.date);
    if (a.result != b.result) return "result " + quoted(a.result) + " vs " + quoted(b.result);
    if (a.timeControl != b.timeControl)
        return "time control " + quoted(a.timeControl) + " vs " + quoted(b.timeControl);
    if (a.overtime != b.overtime)
        return "overtime " + quoted(a.overtime) + " vs " + quoted(b.overtime);
    if (a.comment != b.comment) return "comment " + quoted(a.comment) + " vs " + quoted(b.comment);
    if (a.application != b.application)
        return "application " + quoted(a.application) + " vs " + quoted(b.application);
    return "";
}

// The round trip every loaded record must survive: it replays, its own text (write) loads
// (read) to the same game, and saving that again gives the same text. `format` names the form.
template <typename Write, typename Read>
void checkRecordRoundTrip(const GameRecord& record, Write write, Read read, const char* format) {
    try {
        replayRecord(record);
    } catch (const RecordError& e) {
        fail(std::string("a loaded record does not replay: ") + e.what());
    }
    const std::string saved = write(record);
    GameRecord again;
    try {
        again = read(saved);
    } catch (const RecordError& e) {
        fail(std::string("our own ") + format + " does not load: " + e.what() + "\n" + saved);
    }
    const std::string diff = recordDifference(record, again);
    FUZZ_CHECK(diff.empty(), "the reloaded record differs in " + diff + "\n" + saved);
    FUZZ_CHECK(write(again) == saved, "saving the reloaded record gives other text\n" + saved);
}

}  // namespace hippolyta::fuzz
