// engine/core/byte_order.h: the byte order every binary file of the project relies on.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "engine/core/byte_order.h"

namespace hippolyta {
namespace {

TEST(ByteOrder, PutAppendsTheLowBytesLowestFirst) {
    std::string s = "x";
    putLE(s, 0x1122334455667788ull, 8);
    putLE(s, 0xa1b2c3d4ull, 3);  // only the low three bytes
    putLE(s, 0xff, 0);           // nothing
    EXPECT_EQ(s, std::string("x\x88\x77\x66\x55\x44\x33\x22\x11\xd4\xc3\xb2"));
}

TEST(ByteOrder, GetReadsHighBytesWithoutSignExtension) {
    const std::string s("\xff\x80\x01\x00\xfe", 5);
    EXPECT_EQ(getLE(s, 0, 1), 0xffu);
    EXPECT_EQ(getLE(s, 0, 4), 0x000180ffu);
    EXPECT_EQ(getLE(s, 1, 4), 0xfe000180u);
    EXPECT_EQ(getLE(s, 2, 0), 0u);
}

TEST(ByteOrder, SetOverwritesInPlaceAndRoundTrips) {
    std::string s(12, '\0');
    setLE(s, 2, 0xfedcba9876543210ull, 8);
    EXPECT_EQ(s.size(), 12u);
    EXPECT_EQ(s[0], '\0');
    EXPECT_EQ(s[10], '\0');
    EXPECT_EQ(getLE(s, 2, 8), 0xfedcba9876543210ull);
    std::string appended;
    putLE(appended, 0xfedcba9876543210ull, 8);
    EXPECT_EQ(s.substr(2, 8), appended);
}

}  // namespace
}  // namespace hippolyta
