// The network file (engine/nn/net_file.h): round trip, and refusal of damaged or foreign
// files; the input features.
#include <gtest/gtest.h>

#include <random>

#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/nn/features.h"
#include "engine/nn/net_file.h"

namespace hippolyta {
namespace {

NetFile randomNet(const NetArchitecture& arch, unsigned seed) {
    NetFile f;
    f.arch = arch;
    f.comment = "test net, seed " + std::to_string(seed);
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 0.2f);
    f.weights.resize(weightCount(arch));
    for (float& w : f.weights)
        w = normal(rng);
    return f;
}

NetArchitecture smallArch() {
    NetArchitecture a;
    a.blocks = 1;
    a.channels = 8;
    a.policyRank = 2;
    a.valueHidden = 4;
    return a;
}

TEST(NetFile, RoundTripKeepsEveryBit) {
    const NetFile f = randomNet(smallArch(), 1);
    const std::string bytes = formatNetFile(f);
    const NetFile back = parseNetFile(bytes, "net");
    EXPECT_TRUE(back.arch == f.arch);
    EXPECT_EQ(back.comment, f.comment);
    EXPECT_EQ(back.weights, f.weights);
    EXPECT_EQ(formatNetFile(back), bytes);
}

TEST(NetFile, WeightCountFollowsTheArchitecture) {
    NetArchitecture a = smallArch();
    // stem 8*8*9+8, block 2*(8*8*9+8), policy (3+8)*8+11, ownership 9, value 4*8+4 + 5
    EXPECT_EQ(weightCount(a), size_t{584 + 1168 + 99 + 9 + 36 + 5});
    a.blocks = 3;
    EXPECT_EQ(weightCount(a), size_t{584 + 3 * 1168 + 99 + 9 + 36 + 5});
}

TEST(NetFile, EveryFlippedByteIsRefused) {
    const std::string bytes = formatNetFile(randomNet(smallArch(), 2));
    for (size_t i = 0; i < bytes.size(); i += 7) {
        std::string bad = bytes;
        bad[i] = static_cast<char>(bad[i] ^ 0x10);
        EXPECT_THROW(parseNetFile(bad, "net"), NetFileError) << "byte " << i;
    }
}

TEST(NetFile, CutAndExtendedFilesAreRefused) {
    const std::string bytes = formatNetFile(randomNet(smallArch(), 3));
    for (size_t len : {size_t{0}, size_t{7}, size_t{48}, bytes.size() / 2, bytes.size() - 1})
        EXPECT_THROW(parseNetFile(bytes.substr(0, len), "net"), NetFileError) << len;
    EXPECT_THROW(parseNetFile(bytes + "x", "net"), NetFileError);
}

TEST(NetFile, ForeignFilesAreRefusedWithTheReason) {
    NetFile f = randomNet(smallArch(), 4);
    try {
        parseNetFile("hippolyta-weights 1\nchecksum 0\n", "w");
        FAIL() << "a weights file was taken for a net";
    } catch (const NetFileError& e) {
        EXPECT_NE(std::string(e.what()).find("not a Hippolyta network file"), std::string::npos);
    }
    f.arch.featureSet = 2;
    EXPECT_THROW(formatNetFile(f), NetFileError);
    f.arch.featureSet = 1;
    f.arch.channels = 12;  // not a multiple of 8
    EXPECT_THROW(formatNetFile(f), NetFileError);
}

TEST(NetFile, OtherVersionsAndNonFiniteWeightsAreRefused) {
    NetFile f = randomNet(smallArch(), 5);
    std::string bytes = formatNetFile(f);
    // Rewrite the version and fix the checksum, so that only the version is wrong.
    bytes[8] = 2;
    bytes.resize(bytes.size() - 8);
    putLE(bytes, fnv1a64(bytes), 8);
    EXPECT_THROW(parseNetFile(bytes, "net"), NetFileError);
    f.weights[3] = std::numeric_limits<float>::infinity();
    EXPECT_THROW(parseNetFile(formatNetFile(f), "net"), NetFileError);
}

TEST(Features, StartPositionFromEachSidesView) {
    Position pos = Position::start(6);
    std::vector<uint8_t> white, black;
    featureCodes(pos, white);
    pos.setSideToMove(Color::Black);
    featureCodes(pos, black);
    const int sq = 36;
    ASSERT_EQ(white.size(), size_t{kFeaturePlanes * sq});
    // The planes of the two sides swap with the side to move.
    for (int i = 0; i < sq; ++i) {
        EXPECT_EQ(white[i], black[sq + i]);
        EXPECT_EQ(white[4 * sq + i], black[5 * sq + i]);
        EXPECT_EQ(white[6 * sq + i], black[7 * sq + i]);
        EXPECT_EQ(white[3 * sq + i], 1);
        EXPECT_EQ(white[2 * sq + i], 0);
    }
    // White's a2 amazon (k = 1: (0,1)) is on the own plane; a3 is a queen move and a king
    // move from it, distance 1 on both; the amazon's own square is not an empty square.
    EXPECT_EQ(white[parseSquare("a2", 6)], 1);
    EXPECT_EQ(white[4 * sq + parseSquare("a3", 6)], 1);
    EXPECT_EQ(white[6 * sq + parseSquare("a3", 6)], 1);
    EXPECT_EQ(white[4 * sq + parseSquare("a2", 6)], 0);
    EXPECT_FLOAT_EQ(featureValue(4, 4), 0.25f);
    EXPECT_FLOAT_EQ(featureValue(4, 0), 0.0f);
    EXPECT_FLOAT_EQ(featureValue(2, 1), 1.0f);
}

TEST(Features, ArrowsAndUnreachedSquares) {
    // White's a1 amazon is walled in by arrows: it reaches no square.
    const Position pos = parsePosition("B3/4/xxx1/Wx1B w");
    std::vector<uint8_t> c;
    featureCodes(pos, c);
    const int sq = 16;
    EXPECT_EQ(c[2 * sq + parseSquare("a2", 4)], 1);
    EXPECT_EQ(c[2 * sq + parseSquare("b1", 4)], 1);
    EXPECT_EQ(c[parseSquare("a1", 4)], 1);
    EXPECT_EQ(c[sq + parseSquare("d1", 4)], 1);
    for (int s = 0; s < sq; ++s) {
        EXPECT_EQ(c[4 * sq + s], 0) << "White is walled in, square " << s;
        EXPECT_EQ(c[6 * sq + s], 0) << "White is walled in, square " << s;
    }
    EXPECT_EQ(c[5 * sq + parseSquare("c1", 4)], 1);
    EXPECT_EQ(c[7 * sq + parseSquare("c3", 4)], 2);  // two king steps from a4 or d1
    EXPECT_EQ(c[5 * sq + parseSquare("c3", 4)], 2);  // two queen moves, not one
}

}  // namespace
}  // namespace hippolyta
