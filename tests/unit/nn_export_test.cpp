// hippolyta-train nn-export's tensor files (adapters/neural): read back here byte by byte
// against the self-play games they came from: the split by game, the features, the targets
// from the side to move's view, and the legal (from, to) pairs with their arrow bitsets, which
// must list exactly the legal moves.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "adapters/neural/nn_export.h"
#include "adapters/neural/tensor_file.h"
#include "adapters/selfplay/training_data.h"
#include "engine/nn/features.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

const std::string kV1Data =
    std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/selfplay/v1-6x6.data";

template <typename T>
T at(const std::string& b, size_t offset) {
    T v;
    std::memcpy(&v, b.data() + offset, sizeof v);
    return v;
}

struct TensorView {
    std::string bytes;
    int n = 0;
    uint64_t positions = 0, pairs = 0, visits = 0;
    size_t recordBytes = 0, pairBytes = 0;
    size_t pairBase() const { return 64 + positions * recordBytes; }
    size_t visitBase() const { return pairBase() + pairs * pairBytes; }
    size_t record(uint64_t i) const { return 64 + i * recordBytes; }
};

TensorView readTensor(const std::string& path) {
    TensorView t;
    t.bytes = fileBytes(path);
    EXPECT_EQ(t.bytes.substr(0, 8), "HPTENSOR");
    t.n = static_cast<int>(at<uint32_t>(t.bytes, 12));
    EXPECT_EQ(at<uint32_t>(t.bytes, 16), uint32_t(kFeatureSetId));
    EXPECT_EQ(at<uint32_t>(t.bytes, 20), uint32_t(kFeaturePlanes));
    t.positions = at<uint64_t>(t.bytes, 24);
    t.pairs = at<uint64_t>(t.bytes, 32);
    t.visits = at<uint64_t>(t.bytes, 40);
    EXPECT_EQ(at<uint32_t>(t.bytes, 48), uint32_t(maskBytes(t.n)));
    t.recordBytes = 40 + (kFeaturePlanes + 1) * t.n * t.n;
    t.pairBytes = 2 + maskBytes(t.n);
    EXPECT_EQ(t.bytes.size(), t.visitBase() + t.visits * 8) << "sections do not add up";
    return t;
}

// The moves a record's pairs list, as packed integers.
std::vector<uint32_t> listedMoves(const TensorView& t, size_t rec) {
    std::vector<uint32_t> out;
    const uint64_t first = at<uint64_t>(t.bytes, rec + 8);
    const uint32_t count = at<uint32_t>(t.bytes, rec + 16);
    for (uint64_t p = first; p < first + count; ++p) {
        const size_t base = t.pairBase() + p * t.pairBytes;
        const uint8_t from = t.bytes[base], to = t.bytes[base + 1];
        for (int a = 0; a < t.n * t.n; ++a)
            if (t.bytes[base + 2 + a / 8] >> (a % 8) & 1)
                out.push_back(Move{from, to, uint8_t(a)}.packed());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The version-1 fixture to DIR/train.tensor and DIR/held.tensor, with the default options.
NnExportOptions fixtureExport(const TestDir& dir) {
    NnExportOptions o;
    o.data = {kV1Data};
    o.trainOut = (dir / "train.tensor").string();
    o.heldOut = (dir / "held.tensor").string();
    return o;
}

TEST(NnExport, TensorFilesHoldEveryPositionWithItsTargets) {
    TestDir dir;
    NnExportOptions o = fixtureExport(dir);
    o.holdOutEvery = 2;
    o.skipProven = false;
    const NnExportSummary s = exportTensors(o);
    EXPECT_EQ(s.games, 4u);
    EXPECT_EQ(s.trainPositions + s.heldPositions, 98u);
    EXPECT_FALSE(std::filesystem::exists(dir / "train.tensor.tmp"));

    std::map<std::pair<uint32_t, int>, TrainingPosition> expected;
    std::vector<SelfPlayGame> games;
    TrainingDataReader reader(kV1Data);
    for (SelfPlayGame g; reader.next(g);)
        games.push_back(g);
    for (const SelfPlayGame& g : games)
        forEachPosition(g, [&](const TrainingPosition& tp) {
            expected.emplace(std::make_pair(uint32_t(g.game), tp.ply), tp);
        });
    uint64_t seen = 0;
    for (const char* name : {"train.tensor", "held.tensor"}) {
        const TensorView t = readTensor((dir / name).string());
        ASSERT_EQ(t.n, 6);
        for (uint64_t i = 0; i < t.positions; ++i, ++seen) {
            const size_t rec = t.record(i);
            const uint32_t game = at<uint32_t>(t.bytes, rec + 32);
            const int ply = at<uint16_t>(t.bytes, rec + 36);
            EXPECT_EQ(game % 2 == 0, std::string(name) == "held.tensor") << "game " << game;
            const TrainingPosition& tp = expected.at({game, ply});
            const Position& pos = tp.position;
            EXPECT_EQ(at<float>(t.bytes, rec), float(tp.result()));
            EXPECT_EQ(at<float>(t.bytes, rec + 4), tp.record->value);
            EXPECT_EQ(uint8_t(t.bytes[rec + 38]), index(pos.sideToMove()));
            std::vector<uint8_t> codes;
            featureCodes(pos, codes);
            EXPECT_EQ(
                t.bytes.compare(rec + 40, codes.size(), std::string(codes.begin(), codes.end())),
                0);
            // Ownership from the side to move's view.
            const std::vector<int8_t>& own = games[game - 1].ownership;
            const int sign = pos.sideToMove() == Color::White ? 1 : -1;
            for (int sq = 0; sq < 36; ++sq)
                EXPECT_EQ(int8_t(t.bytes[rec + 40 + codes.size() + sq]), sign * own[sq]);
            MoveList legal;
            pos.generateMoves(legal);
            std::vector<uint32_t> packed;
            for (Move m : legal)
                packed.push_back(m.packed());
            std::sort(packed.begin(), packed.end());
            EXPECT_EQ(listedMoves(t, rec), packed) << "game " << game << " ply " << ply;
            // The visited moves, most visited first.
            const uint64_t v0 = at<uint64_t>(t.bytes, rec + 20);
            ASSERT_EQ(at<uint32_t>(t.bytes, rec + 28), tp.record->visits.size());
            const size_t vb = t.visitBase() + v0 * 8;
            EXPECT_EQ(uint8_t(t.bytes[vb]), tp.record->visits[0].move.from);
            EXPECT_EQ(uint8_t(t.bytes[vb + 2]), tp.record->visits[0].move.arrow);
            EXPECT_EQ(at<uint32_t>(t.bytes, vb + 4), tp.record->visits[0].visits);
        }
    }
    EXPECT_EQ(seen, 98u);
}

TEST(NnExport, ProvenPositionsAreSkippedAsTheFitsSkipThem) {
    TestDir dir;
    const NnExportSummary s = exportTensors(fixtureExport(dir));
    EXPECT_EQ(s.trainPositions + s.heldPositions, 98u - 32u);  // 32 proven (--stats)
    EXPECT_EQ(s.heldPositions, 0u);                            // games 1..4, every 20th held out
}

TEST(NnExport, MixedBoardSizesAreRefusedAndNothingIsLeftBehind) {
    TestDir dir;
    {
        TensorFileWriter w((dir / "x.tensor").string(), 6);
        TensorSample s;
        s.position = Position::start(8);
        EXPECT_THROW(w.add(s), std::runtime_error);
    }
    EXPECT_TRUE(std::filesystem::is_empty(dir / ""));
}

}  // namespace
}  // namespace hippolyta
