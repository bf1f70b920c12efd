// The pattern prior (ordering 3): its ring classes, the agreement of the feature lister with the
// search's scorer, the bounded scorer's soundness, and its file (refused whole when damaged).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/core/checked_text.h"
#include "engine/core/notation.h"
#include "engine/search/bench.h"
#include "engine/search/pattern_prior.h"
#include "engine/search/pattern_prior_file.h"
#include "test_dir.h"
#include "tests/unit/random_pattern_weights.h"

namespace hippolyta {
namespace {

// Every ring code and its 8 images share a class, the class's name is its smallest code, and
// there are as many classes as Burnside's lemma counts: (4^8 + 2 * 4^2 + 4^4 + 4 * 4^5) / 8.
TEST(PatternPrior, RingClassesAreTheSymmetryOrbits) {
    std::set<int> classes;
    for (int code = 0; code < kRingCodes; ++code) {
        const uint16_t c = static_cast<uint16_t>(code);
        const int cls = ringClass(c);
        classes.insert(cls);
        uint16_t least = c;
        for (int s = 0; s < 8; ++s) {
            EXPECT_EQ(ringClass(ringImage(c, s)), cls) << ringText(c) << " image " << s;
            least = std::min(least, ringImage(c, s));
        }
        ASSERT_EQ(ringClassCode(cls), least) << ringText(c);
    }
    EXPECT_EQ(static_cast<int>(classes.size()), PatternLayout::kClasses);
    EXPECT_EQ(PatternLayout::kClasses, (65536 + 2 * 16 + 256 + 4 * 1024) / 8);
}

// The 8 symmetries on one concrete ring: an opponent in one corner and an arrow on the next
// edge square, turned and mirrored, is one class; moved to the opposite edge square it is not
// the same shape up to rotation alone, but a mirror image, so it is the same class too.
TEST(PatternPrior, ImagesOfOneShapeShareAClass) {
    auto ring = [](std::vector<std::pair<std::pair<int, int>, int>> cells) {
        unsigned code = 0;
        for (const auto& [d, state] : cells)
            code |= static_cast<unsigned>(state) << (2 * ringIndex(d.first, d.second));
        return static_cast<uint16_t>(code);
    };
    const uint16_t a = ring({{{-1, -1}, kRingOpp}, {{0, -1}, kRingBlocked}});
    const uint16_t b = ring({{{1, 1}, kRingOpp}, {{0, 1}, kRingBlocked}});     // turned 180
    const uint16_t c = ring({{{-1, -1}, kRingOpp}, {{-1, 0}, kRingBlocked}});  // mirrored
    const uint16_t d = ring({{{-1, -1}, kRingOpp}, {{1, 0}, kRingBlocked}});   // another shape
    EXPECT_EQ(ringClass(a), ringClass(b));
    EXPECT_EQ(ringClass(a), ringClass(c));
    EXPECT_NE(ringClass(a), ringClass(d));
    EXPECT_EQ(parseRing(ringText(a)), a);
    EXPECT_FALSE(parseRing("....o..").has_value());
    EXPECT_FALSE(parseRing("....o..z").has_value());
}

// Positions of seeded random play on 8x8 and 10x10, each with the move that led to it.
template <class F>
void forRandomPositions(std::mt19937_64& rng, int plies, F&& f) {
    for (int n : {8, 10}) {
        Position pos = Position::start(n);
        std::optional<Move> last;
        for (int ply = 0; ply < plies && pos.hasLegalMove(); ++ply) {
            f(pos, last);
            MoveList moves;
            pos.generateMoves(moves);
            last = moves[rng() % moves.size()];
            pos.makeMove(*last);
        }
    }
}

// The search's scorer gives every move the sum of the weights of the features the lister
// gives it (up to float rounding: the two add in different orders), and lists every move.
TEST(PatternPrior, FeaturesAgreeWithTheScorer) {
    std::mt19937_64 rng(47);
    const PatternWeights w = randomPatternWeights(rng);
    forRandomPositions(rng, 40, [&](const Position& pos, std::optional<Move> last) {
        std::vector<PatternMoveFeatures> features;
        patternFeatures(pos, last, features);
        std::vector<ScoredMove> scored;
        const size_t total = scoreBestMovesPattern(pos, last, w, 0, scored);
        ASSERT_EQ(total, pos.countMoves());
        ASSERT_EQ(features.size(), scored.size());
        std::map<uint32_t, float> score;
        for (const ScoredMove& m : scored)
            score[m.move.packed()] = m.score;
        for (const PatternMoveFeatures& f : features) {
            const auto it = score.find(f.move.packed());
            ASSERT_NE(it, score.end());
            EXPECT_NEAR(it->second, f.dot(w), 1e-4f * (1 + std::fabs(it->second)))
                << formatPosition(pos) << " " << formatMove(f.move, pos.width());
        }
    });
}

// With keep > 0 the scorer may leave out moves that cannot be among the best keep: its best
// keep must be exactly the full list's, whatever the weights' signs.
TEST(PatternPrior, BestMovesAreTheFirstOfAllMoves) {
    std::mt19937_64 rng(4711);
    for (int weights = 0; weights < 3; ++weights) {
        const PatternWeights w = randomPatternWeights(rng);
        forRandomPositions(rng, 30, [&](const Position& pos, std::optional<Move> last) {
            std::vector<ScoredMove> all, best;
            scoreBestMovesPattern(pos, last, w, 0, all);
            sortMoves(all);
            for (size_t keep : {1, 8, 40}) {
                const size_t total = scoreBestMovesPattern(pos, last, w, keep, best);
                ASSERT_EQ(total, all.size());
                sortMoves(best, keep);
                for (size_t i = 0; i < std::min(keep, total); ++i) {
                    ASSERT_LT(i, best.size());
                    EXPECT_EQ(best[i].move, all[i].move) << formatPosition(pos) << " #" << i;
                    EXPECT_EQ(best[i].score, all[i].score) << formatPosition(pos) << " #" << i;
                }
            }
        });
    }
}

// The point of the bound: at the open 10x10 start and after a few moves, an expansion's 8 moves
// need only a small part of the legal moves listed, with the committed weights (22 to 30 of
// 1,214 to 2,176 when written).
TEST(PatternPrior, BestMovesListFewOfTheOpeningMoves) {
    const PatternWeights& w = *builtInPatternPriors().large;
    Position pos = Position::start(10);
    std::optional<Move> last;
    for (const char* text : {"", "d1-d7/g7", "j7-g4/b4", "j4-j6/b6"}) {
        if (*text) {
            last = parseMove(text, 10);
            pos.makeMove(*last);
        }
        std::vector<ScoredMove> best;
        const size_t total = scoreBestMovesPattern(pos, last, w, 8, best);
        EXPECT_LT(best.size(), total / 20) << formatPosition(pos);
    }
}

// The search with ordering 3 is as deterministic as with the default: one thread, fixed visits,
// the same root statistics every run; and they differ from ordering 2's.
TEST(PatternPrior, SearchSignatureIsStable) {
    EngineConfig config;
    config.search.ordering = MoveOrdering::Pattern;
    const uint64_t first = benchSignature(config, 300);
    EXPECT_EQ(benchSignature(config, 300), first);
    config.search.ordering = MoveOrdering::Learned;
    EXPECT_NE(benchSignature(config, 300), first);
}

PatternPriorFile sampleFile() {
    std::mt19937_64 rng(9);
    PatternPriorFile f;
    f.comments = {"made by a test"};
    f.large = false;
    f.weights = zeroPatternWeights();
    for (int i = 0; i < PatternLayout::kLandPattern; ++i)
        f.weights[static_cast<size_t>(i)] = static_cast<float>(i % 7) * 0.125f - 0.25f;
    f.weights[PatternLayout::kLandPattern + 5] = 0.375f;
    f.weights[PatternLayout::kArrowPattern + 8000] = -1.5f;
    return f;
}

TEST(PatternPriorFile, RoundTrips) {
    const PatternPriorFile f = sampleFile();
    const PatternPriorFile back = parsePatternPrior(formatPatternPrior(f), "sample");
    EXPECT_EQ(back.comments, f.comments);
    EXPECT_EQ(back.large, f.large);
    EXPECT_EQ(back.weights, f.weights);
}

// A changed byte, a cut, a wrong version, a ring that does not name its class, a repeated or a
// missing weight: each refuses the whole file.
TEST(PatternPriorFile, RefusesADamagedFile) {
    const std::string good = formatPatternPrior(sampleFile());
    std::string flipped = good;
    flipped[good.find("land ") + 6] ^= 1;
    EXPECT_THROW(parsePatternPrior(flipped, "flipped"), CheckedTextError);
    EXPECT_THROW(parsePatternPrior(good.substr(0, good.size() / 2), "cut"), CheckedTextError);
    // Edits with a recomputed checksum: the content checks refuse them.
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string body = good.substr(0, good.rfind("checksum "));
        body.replace(body.find(from), from.size(), to);
        return body + checksumLine(body);
    };
    EXPECT_NO_THROW(parsePatternPrior(edited("made by", "made by"), "same"));
    EXPECT_THROW(parsePatternPrior(edited("prior 1\n", "prior 2\n"), "version"), CheckedTextError);
    const std::string ring = ringText(ringClassCode(5));
    const std::string image = ringText(ringImage(ringClassCode(5), 1));
    ASSERT_NE(image, ring);  // else the file would name the same class twice, a weaker test
    EXPECT_THROW(parsePatternPrior(edited("land " + ring, "land " + image), "image"),
                 CheckedTextError);
    EXPECT_THROW(parsePatternPrior(edited("pattern.from_to2", "pattern.from_to1"), "twice"),
                 CheckedTextError);
    EXPECT_THROW(parsePatternPrior(edited("pattern.from_to2", "pattern.from_to99"), "unknown"),
                 CheckedTextError);
    EXPECT_THROW(parsePatternPrior(edited("boards small\n", ""), "boards"), CheckedTextError);
}

// The compiled-in tables (the Botzone file has no data files) are the committed files' weights,
// bit for bit, packed to under 40% of the files' size.
TEST(PatternPriorFile, CompiledDefaultsAreTheCommittedFiles) {
    for (const bool large : {false, true}) {
        const std::string path = std::string(HIPPOLYTA_SOURCE_DIR) + "/engine/weights/" +
                                 (large ? "pattern10.prior" : "pattern8.prior");
        ASSERT_TRUE(std::filesystem::exists(path)) << path;
        const std::string text = fileBytes(path);
        const PatternPriorFile file = parsePatternPrior(text, path);
        EXPECT_EQ(file.large, large);
        EXPECT_EQ(std::string(builtInPackedPatternPrior(large)), packPatternWeights(file.weights));
        EXPECT_LT(builtInPackedPatternPrior(large).size() * 10, text.size() * 4) << path;
        const PatternPriors built = builtInPatternPriors();
        EXPECT_EQ(large ? *built.large : *built.small, file.weights);
    }
}

TEST(PatternPriorFile, PackedWeightsReadBackExactly) {
    PatternWeights w = zeroPatternWeights();
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> value(-999.0f, 999.0f);
    for (size_t i = 0; i < w.size(); i += 1 + rng() % 7)
        w[i] = value(rng) * (rng() % 2 ? 1e-4f : 1.0f);
    w.back() = 0.5f;  // no run of zeros at the end
    EXPECT_EQ(unpackPatternWeights(packPatternWeights(w)), w);
    w.back() = 0.0f;
    w.front() = 0.0f;
    EXPECT_EQ(unpackPatternWeights(packPatternWeights(w)), w);
    EXPECT_EQ(packPatternWeights(zeroPatternWeights()),
              "z" + std::to_string(PatternLayout::kCount));
}

TEST(PatternPriorFile, ABadPackedFormIsRefused) {
    const std::string all = "z" + std::to_string(PatternLayout::kCount);
    EXPECT_NO_THROW(unpackPatternWeights(all));
    for (const std::string& bad :
         {std::string("z1"), all + " 1", "1 " + all, std::string("z0 ") + all,
          "0.5 z" + std::to_string(PatternLayout::kCount - 2) + " x",
          "0.5 z" + std::to_string(PatternLayout::kCount - 2) + " 2000",
          "zz" + std::to_string(PatternLayout::kCount), std::string("")})
        EXPECT_THROW(unpackPatternWeights(bad), CheckedTextError) << bad;
}

}  // namespace
}  // namespace hippolyta
