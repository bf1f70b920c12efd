// The C++17 stand-ins of engine/core/portable.h and the Botzone bot's JSON reader and budget.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "adapters/botzone/botzone_budget.h"
#include "adapters/botzone/botzone_json.h"
#include "engine/core/bitboard.h"
#include "engine/core/portable.h"

namespace hippolyta {
namespace {

TEST(Portable, BitCountsMatchTheDefinition) {
    EXPECT_EQ(popCount64(0), 0);
    EXPECT_EQ(popCount64(~uint64_t{0}), 64);
    EXPECT_EQ(lowestBit64(uint64_t{1} << 63), 63);
    const Bitboard b = squareBit(3) | squareBit(70) | squareBit(120);
    EXPECT_EQ(popCount(b), 3);
    EXPECT_EQ(lowestSquare(b), 3);
    EXPECT_EQ(lowestSquare(squareBit(70) | squareBit(120)), 70);
}

TEST(Portable, BitCastKeepsTheBits) {
    EXPECT_EQ(bitCast<uint32_t>(1.0f), 0x3f800000u);
    EXPECT_EQ(bitCast<float>(0x40490fdbu), 3.14159274101257324f);
}

TEST(Portable, ParseIntegerTakesWholeNumbersInRangeOnly) {
    int v = 7;
    EXPECT_TRUE(parseInteger("-1", v));
    EXPECT_EQ(v, -1);
    EXPECT_TRUE(parseInteger("2147483647", v));
    EXPECT_EQ(v, std::numeric_limits<int>::max());
    EXPECT_TRUE(parseInteger("-2147483648", v));
    EXPECT_EQ(v, std::numeric_limits<int>::min());
    for (const char* bad : {"", "-", "2147483648", "-2147483649", "1x", " 1", "+1", "1.0"}) {
        v = 7;
        EXPECT_FALSE(parseInteger(bad, v)) << bad;
        EXPECT_EQ(v, 7) << bad;
    }
    uint32_t u = 0;
    EXPECT_TRUE(parseInteger("4294967295", u));
    EXPECT_EQ(u, 4294967295u);
    EXPECT_FALSE(parseInteger("4294967296", u));
    EXPECT_FALSE(parseInteger("-1", u));
}

TEST(Portable, ParseDecimalRefusesAllButOneFiniteNumber) {
    double v = 0;
    EXPECT_TRUE(parseDecimal("0.25", v));
    EXPECT_EQ(v, 0.25);
    EXPECT_TRUE(parseDecimal("-3e2", v));
    EXPECT_EQ(v, -300);
    for (const char* bad : {"", "nan", "inf", "1e999", "0.5s", " 1", "0x10", "1,5"}) {
        v = 9;
        EXPECT_FALSE(parseDecimal(bad, v)) << bad;
        EXPECT_EQ(v, 9) << bad;
    }
}

TEST(Portable, AtomicRefAddsAndExchanges) {
    uint32_t n = 5;
    EXPECT_EQ(AtomicRef<uint32_t>(n).fetch_add(3), 5u);
    EXPECT_EQ(AtomicRef<uint32_t>(n).fetch_sub(2), 8u);
    EXPECT_EQ(n, 6u);
    float f = 1.5f;
    EXPECT_EQ(AtomicRef<float>(f).fetch_add(0.25f), 1.5f);
    EXPECT_EQ(f, 1.75f);
    uint8_t s = 0, expected = 0;
    EXPECT_TRUE(AtomicRef<uint8_t>(s).compare_exchange_strong(expected, 1));
    EXPECT_FALSE(AtomicRef<uint8_t>(s).compare_exchange_strong(expected, 2));
    EXPECT_EQ(expected, 1);
    EXPECT_EQ(AtomicRef<uint8_t>(s).load(), 1);
}

TEST(BotzoneJson, ReadsObjectsArraysAndEscapes) {
    const JsonValue v =
        parseJson(R"( {"a": [1, -2, 3.5, true, null], "s": "x\"\u0041\n", "a": {"k": false}} )");
    ASSERT_TRUE(v.isObject());
    const JsonValue* a = v.find("a");  // the last of two members named a
    ASSERT_TRUE(a && a->isObject());
    EXPECT_EQ(v.members.size(), 3u);
    const JsonValue& list = v.members[0].value;
    ASSERT_EQ(list.items.size(), 5u);
    EXPECT_TRUE(list.items[1].isInteger);
    EXPECT_EQ(list.items[1].integer, -2);
    EXPECT_FALSE(list.items[2].isInteger);
    EXPECT_EQ(list.items[2].number, 3.5);
    EXPECT_EQ(list.items[2].source, "3.5");
    EXPECT_EQ(v.find("s")->text, "x\"A\n");
}

TEST(BotzoneJson, TellsTruncatedTextFromBadText) {
    for (const char* cut : {"{", "{\"requests\":[{\"x0\":-1,", "[1, 2", "\"abc", "{\"a\":1"}) {
        try {
            parseJson(cut);
            ADD_FAILURE() << cut;
        } catch (const JsonError& e) {
            EXPECT_TRUE(e.truncated()) << cut << ": " << e.what();
        }
    }
    for (const char* bad : {"{]", "[1 2]", "{\"a\" 1}", "tru!", "[1]x", "\"\x01\"", "-"}) {
        try {
            parseJson(bad);
            ADD_FAILURE() << bad;
        } catch (const JsonError& e) {
            EXPECT_FALSE(e.truncated()) << bad << ": " << e.what();
        }
    }
}

TEST(BotzoneJson, RefusesDeepNestingWithoutCrashing) {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    EXPECT_THROW(parseJson(deep), JsonError);
    const std::string ok = std::string(60, '[') + std::string(60, ']');
    EXPECT_NO_THROW(parseJson(ok));
}

TEST(BotzoneJson, QuotesControlCharacters) {
    EXPECT_EQ(jsonQuoted("a\"b\\c\n\x01"), R"("a\"b\\c\u000a\u0001")");
}

TEST(BotzoneBudget, LateTurnsRaiseTheMarginAndPunctualOnesLowerIt) {
    BotzoneTurnBudget b;
    EXPECT_DOUBLE_EQ(b.searchSeconds(0.85, 0.05), 0.8);
    b.record(0.85, 1.05);  // 0.2 s late: margin 0.3
    EXPECT_NEAR(b.margin(), 0.3, 1e-12);
    EXPECT_NEAR(b.searchSeconds(0.85, 0.05), 0.5, 1e-12);
    b.record(0.85, 0.6);
    EXPECT_NEAR(b.margin(), 0.24, 1e-12);
    for (int i = 0; i < 10; ++i)
        b.record(0.85, 5.0);
    EXPECT_EQ(b.margin(), BotzoneTurnBudget::kMaxMargin);
    EXPECT_EQ(b.searchSeconds(0.85, 0.8), BotzoneTurnBudget::kMinimumSearch);
}

}  // namespace
}  // namespace hippolyta
