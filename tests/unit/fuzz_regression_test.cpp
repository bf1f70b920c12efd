// Regression tests for bugs found by the fuzz targets (tests/fuzz): each input here once
// crashed, hung or broke a round-trip property.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"

namespace hippolyta {
namespace {

// Deeply nested variations used to recurse once per level and overflow the stack (loadsgf reads
// files of up to 4 MB); the reader now refuses nesting deeper than any real record.
TEST(FuzzRegression, SgfDeepNestingIsAnErrorNotACrash) {
    std::string text;
    for (int i = 0; i < 1000000; ++i)
        text += "(;";
    EXPECT_THROW(readSgf(text), RecordError);
    // Ordinary nesting still reads: the main line follows the first variation.
    const GameRecord r = readSgf("(;GM[18]SZ[10](;W[gjgdbd](;B[dadiej])(;B[jdhfjf])))");
    EXPECT_EQ(r.moves.size(), 2u);
}

// A piece after a rank's last square was silently dropped: "B3W2x2B" on 10x10 parsed as
// "B3W2x2", so the string did not format back to itself.
TEST(FuzzRegression, PositionRankWithTooManySquaresIsRejected) {
    EXPECT_THROW(parsePosition("3B2B3/10/10/B3W2x2B/10/10/W8W/10/10/6W3 b"), NotationError);
    EXPECT_THROW(parsePosition("10W/10/10/B8B/10/10/W8W/10/10/3W2W3 w"), NotationError);
    const std::string ok = "3B2B3/10/10/B2W2x2B/10/10/W8W/10/10/6W3 b";
    EXPECT_EQ(formatPosition(parsePosition(ok)), ok);
}

// A CR inside a header value was kept on reading but written as a space, so a record did not
// save and reload to the same game.
TEST(FuzzRegression, TextRecordValueWithCarriageReturnRoundTrips) {
    const GameRecord r = readTextRecord("White: a\rb\nTime: 60\r+1\nBoard: 10\n");
    EXPECT_EQ(r.whiteName, "a b");
    EXPECT_EQ(r.timeControl, "60 +1");
    const GameRecord again = readTextRecord(writeTextRecord(r));
    EXPECT_EQ(again.whiteName, r.whiteName);
    EXPECT_EQ(again.timeControl, r.timeControl);
}

}  // namespace
}  // namespace hippolyta
