// Regression tests for bugs found by the fuzz targets (tests/fuzz): each input here once
// crashed, hung or broke a round-trip property.
#include <gtest/gtest.h>

#include <string>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/core/text_util.h"

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

// Found by the sgf target in the long run: a time with more digits than a 32-byte buffer (here
// WL[4444...899.838], 4.4e33 seconds) was written cut short, and the zeros of what was left
// stripped, so the record reloaded with another time. Times now print whole.
TEST(FuzzRegression, HugeSgfTimeSavesAndReloadsWhole) {
    const std::string huge = "4444444444444444444444444444444444899.838";
    const GameRecord r = readSgf("(;GM[18]SZ[10]TM[1e300];W[gjgdbd]WL[" + huge + "])");
    ASSERT_EQ(r.timeLeft.size(), 1u);
    const GameRecord back = readSgf(writeSgf(r));
    ASSERT_TRUE(back.timeLeft[0] && back.mainTime);
    EXPECT_EQ(*back.timeLeft[0], *r.timeLeft[0]);
    EXPECT_EQ(*back.mainTime, 1e300);
    EXPECT_EQ(writeSgf(back), writeSgf(r));
    // The shared formatter: whole digits, zeros stripped only after the point.
    EXPECT_EQ(formatSeconds(1e22), "1" + std::string(22, '0'));
    EXPECT_EQ(std::stod(formatSeconds(1e30)), 1e30);
    EXPECT_EQ(formatSeconds(1000), "1000");
    EXPECT_EQ(formatSeconds(899.9570001), "899.957");
    EXPECT_EQ(formatSeconds(-0.0001), "0");
    EXPECT_EQ(fixedDecimals(1e300, 1).size(), 303u);
}

}  // namespace
}  // namespace hippolyta
