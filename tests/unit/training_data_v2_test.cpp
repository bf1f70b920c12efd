// Training-data version 2 beside version 1: LEB128 counts, the stored ownership map, version-1
// files resumed in their own version and never mixed with version 2, and damage refused.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "adapters/selfplay/byte_io.h"
#include "adapters/selfplay/selfplay.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

const fs::path kV1Fixture = fs::path(HIPPOLYTA_SOURCE_DIR) / "tests/fixtures/selfplay/v1-6x6.data";

std::vector<SelfPlayGame> readAll(const std::string& path, TrainingDataHeader* header = nullptr) {
    TrainingDataReader r(path);
    if (header) *header = r.header();
    std::vector<SelfPlayGame> games;
    SelfPlayGame g;
    while (r.next(g))
        games.push_back(g);
    return games;
}

std::string payloadOf(const std::string& record) {
    return record.substr(8, record.size() - 16);  // tag and length before, checksum after
}

std::string decodeError(const std::string& payload, uint32_t version) {
    try {
        decodeGamePayload(payload, 6, "test", version);
    } catch (const TrainingDataError& e) {
        return e.what();
    }
    return "";
}

TEST(TrainingDataV2, LebNumbersRoundTripInTheirShortestForm) {
    for (uint32_t v : {0u, 1u, 127u, 128u, 300u, 16383u, 16384u, 2097151u, 2097152u, 268435455u,
                       268435456u, 4294967295u}) {
        std::string bytes;
        putVarU32(bytes, v);
        EXPECT_EQ(bytes.size(), v < 128         ? 1u
                                : v < 16384     ? 2u
                                : v < 2097152   ? 3u
                                : v < 268435456 ? 4u
                                                : 5u);
        ByteCursor c(bytes, "test");
        EXPECT_EQ(c.varU32(), v);
        EXPECT_TRUE(c.atEnd());
    }
    auto error = [](const std::string& bytes) {
        try {
            ByteCursor(bytes, "test").varU32();
        } catch (const TrainingDataError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    EXPECT_NE(error(std::string("\x80\x00", 2)).find("shortest form"), std::string::npos);
    EXPECT_NE(error("\xff\xff\xff\xff\x10").find("32 bits"), std::string::npos);
    EXPECT_NE(error("\xff\xff\xff\xff\xff\x01").find("32 bits"), std::string::npos);
    EXPECT_NE(error("\x80").find("cut short"), std::string::npos);
}

TEST(TrainingDataV2, VersionOneGamesReencodeToTheSameBytesAndShrinkInVersionTwo) {
    const std::string v1 = fileBytes(kV1Fixture);
    TrainingDataHeader header;
    const std::vector<SelfPlayGame> games = readAll(kV1Fixture.string(), &header);
    ASSERT_EQ(header.version, 1u);
    std::string again = encodeHeader(header), v2Records;
    for (const SelfPlayGame& g : games) {
        again += encodeGame(g, 1);
        const std::string record = encodeGame(g, 2);
        v2Records += record;
        const SelfPlayGame back = decodeGamePayload(payloadOf(record), 6, "test", 2);
        EXPECT_EQ(back.ownership, g.ownership);
        EXPECT_EQ(encodeGame(back, 1), encodeGame(g, 1));  // every other field kept
    }
    EXPECT_EQ(again, v1);  // the version-1 writer is unchanged
    // 994 root moves at 7 bytes in version 1, 4 or 5 in version 2; 36 bytes of ownership a game.
    const size_t v1Records = v1.size() - encodeHeader(header).size();
    EXPECT_LT(v2Records.size(), v1Records * 3 / 4) << v2Records.size() << " vs " << v1Records;
}

TEST(TrainingDataV2, EncodingNeedsAWholeOwnershipMap) {
    SelfPlayGame g = readAll(kV1Fixture.string()).front();
    g.ownership.pop_back();
    EXPECT_THROW(encodeGame(g, 2), std::invalid_argument);
    EXPECT_NO_THROW(encodeGame(g, 1));  // version 1 does not store it
    g.ownership.push_back(2);
    EXPECT_THROW(encodeGame(g, 2), std::invalid_argument);
}

TEST(TrainingDataV2, DamagedPayloadsAreRefused) {
    const SelfPlayGame g = readAll(kV1Fixture.string()).front();
    const std::string payload = payloadOf(encodeGame(g, 2));
    ASSERT_EQ(decodeError(payload, 2), "");
    std::string bad = payload;
    bad[13 + 36] = 3;  // the first ownership byte
    EXPECT_NE(decodeError(bad, 2).find("owner code"), std::string::npos);
    // The first ply's root-move count (after move, flags, value and the LEB root visits) made
    // huge: refused, not allocated.
    const size_t ply = 13 + 2 * 36;
    size_t at = ply + 8;
    while (static_cast<unsigned char>(payload[at]) & 0x80)
        ++at;
    ++at;
    bad = payload.substr(0, at) + std::string("\xff\xff\xff\xff\x0f") + payload.substr(at + 1);
    EXPECT_NE(decodeError(bad, 2).find("more root moves"), std::string::npos);
    // A version-2 payload read as version 1 (or back) does not pass for a game.
    EXPECT_NE(decodeError(payload, 1), "");
    EXPECT_NE(decodeError(payloadOf(encodeGame(g, 1)), 2), "");
}

class TrainingDataVersionsTest : public ::testing::Test {
  protected:
    // The settings the fixture was made with.
    SelfPlayConfig fixtureConfig(const std::string& out) const {
        SelfPlayConfig c;
        c.size = 6;
        c.games = 4;
        c.visits = 60;
        c.seed = 7;
        c.randomPlies = 2;
        c.explorePlies = 4;
        c.out = out;
        return c;
    }
    TestDir dir_;
};

TEST_F(TrainingDataVersionsTest, AVersionOneFileIsResumedAsVersionOne) {
    const fs::path copy = dir_ / "v1.data";
    fs::copy_file(kV1Fixture, copy);
    SelfPlayConfig c = fixtureConfig(copy.string());
    ASSERT_EQ(selfPlayHeader(c).version, kTrainingDataVersion);
    std::ostringstream err;
    EXPECT_EQ(runSelfPlay(c, err), 0) << err.str();  // nothing to play: all four are there
    EXPECT_NE(err.str().find("is a version-1 file: its new games are written in version 1"),
              std::string::npos)
        << err.str();
    EXPECT_NE(err.str().find("(version=1 size=6"), std::string::npos) << err.str();
    c.params = {"endgame_budget=3000"};  // not the fixture's settings: refused
    EXPECT_THROW(runSelfPlay(c, err), TrainingDataError);

    // A game appended by a version-2 build goes in as version 1.
    SelfPlayGame fifth = readAll(kV1Fixture.string()).back();
    fifth.game = 5;
    {
        TrainingDataWriter w(copy.string(), selfPlayHeader(fixtureConfig(copy.string())));
        EXPECT_EQ(w.header().version, 1u);
        EXPECT_EQ(w.games(), (std::set<uint64_t>{1, 2, 3, 4}));
        w.append(fifth);
    }
    EXPECT_EQ(fileBytes(copy), fileBytes(kV1Fixture) + encodeGame(fifth, 1));
    TrainingDataHeader h;
    const std::vector<SelfPlayGame> games = readAll(copy.string(), &h);
    EXPECT_EQ(h.version, 1u);
    ASSERT_EQ(games.size(), 5u);
    EXPECT_EQ(games[4].ownership, fifth.ownership);
}

TEST_F(TrainingDataVersionsTest, MergeRefusesToMixVersions) {
    const std::string v2 = (dir_ / "v2.data").string();
    SelfPlayGame fifth = readAll(kV1Fixture.string()).back();
    fifth.game = 5;
    {
        TrainingDataWriter w(v2, selfPlayHeader(fixtureConfig(v2)));
        EXPECT_EQ(w.header().version, 2u);
        w.append(fifth);
    }
    std::ostringstream err;
    try {
        mergeTrainingData({kV1Fixture.string(), v2}, (dir_ / "merged").string(), err);
        FAIL() << "merged versions 1 and 2";
    } catch (const TrainingDataError& e) {
        EXPECT_NE(std::string(e.what()).find("version 2"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(fs::exists(dir_ / "merged"));
    // One version at a time merges as before: a version-1 file stays version 1.
    mergeTrainingData({kV1Fixture.string()}, (dir_ / "v1-merged").string(), err);
    EXPECT_EQ(fileBytes(dir_ / "v1-merged"), fileBytes(kV1Fixture));
}

TEST_F(TrainingDataVersionsTest, StatsSummariseTheOwnership) {
    std::ostringstream out;
    printTrainingDataStats(kV1Fixture.string(), out);
    // The fixture's four maps (training_data_v1_test.cpp) hold 5+4+5+5 = 19 White and
    // 4+4+4+4 = 16 Black squares of 36 each; White won all four games.
    EXPECT_NE(out.str().find("ownership (share of the squares, mean over games): White 13.2%, "
                             "Black 11.1%, neither 75.7%; the winner 13.2%, the loser 11.1%"),
              std::string::npos)
        << out.str();
}

}  // namespace
}  // namespace hippolyta
