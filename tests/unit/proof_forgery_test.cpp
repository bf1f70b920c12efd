// Forged proofs: the checker must refuse every proof of a false result, whatever its records.
// Self-citing images (a 'Y' record whose symmetry maps a position onto itself), and thousands of
// random edits to the shipped proofs' records, re-sealed with the opposite result.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <string>
#include <vector>

#include "adapters/solve/proof_bytes.h"
#include "engine/check/proof_check.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/symmetry.h"
#include "tests/unit/proof_records.h"

namespace hippolyta {
namespace {

using proof_test::Record;

std::string fixture(const std::string& name) {
    return readWholeFile(std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/solver/" + name,
                         size_t{64} << 20);
}

// Every symmetry maps a position it keeps onto itself, and a symmetric start is kept by some:
// "prove" it by its own image, as a win and as a loss, with one record or more claimed.
TEST(ProofForgery, SelfImagesAreRefusedForEverySymmetryAndClaim) {
    int refused = 0;
    for (const char* text : {"1BB1/B2B/W2W/1WW1 w", "1BB1/B2B/W2W/1WW1 b"}) {
        const Position root = parsePosition(text);
        for (int s = 1; s < kSymmetryCount; ++s) {
            for (const bool claim : {true, false}) {
                for (const uint64_t count : {1, 2}) {
                    const std::string body = {'Y', static_cast<char>(s)};
                    const ProofSummary r = checkProof(sealProof(text, claim, count, body));
                    EXPECT_FALSE(r.valid) << text << " symmetry " << s << " claim " << claim;
                    refused += !r.valid;
                }
            }
        }
        // The left-right mirror keeps the start: that forgery is refused for citing itself.
        ASSERT_EQ(formatPosition(transformPosition(root, 4)), text);
        const ProofSummary mirror = checkProof(sealProof(text, true, 1, {'Y', 4}));
        EXPECT_NE(mirror.error.find("in progress"), std::string::npos) << mirror.error;
    }
    EXPECT_EQ(refused, 2 * 7 * 2 * 2);
}

// A self-image one level down: a first move along the board's axis keeps the mirror symmetry,
// and the child is "proved" by its own image.
TEST(ProofForgery, SelfImageBelowTheRootIsRefused) {
    const std::string text = "2B2/5/5/5/2W2 w";
    Position root = parsePosition(text);
    MoveList moves;
    root.generateMoves(moves);
    int tried = 0;
    for (const Move m : moves) {
        Position child = root;
        child.makeMove(m);
        for (int s = 1; s < kSymmetryCount; ++s) {
            if (formatPosition(transformPosition(child, s)) != formatPosition(child)) continue;
            ++tried;
            const std::string body = {
                'W', static_cast<char>(m.from), static_cast<char>(m.to), static_cast<char>(m.arrow),
                'Y', static_cast<char>(s)};
            const ProofSummary r = checkProof(sealProof(text, true, 2, body));
            EXPECT_FALSE(r.valid) << formatMove(m, root.shape()) << " symmetry " << s;
        }
    }
    EXPECT_GT(tried, 3) << "too few symmetric children";
}

// Inside a scope the position is still in progress: its image cannot stand for it there.
TEST(ProofForgery, ScopeCannotCiteItsOwnPosition) {
    const std::string text = "1BB1/B2B/W2W/1WW1 w";
    for (const bool claim : {true, false}) {
        const ProofSummary r = checkProof(sealProof(text, claim, 2, {'S', 'Y', 4}));
        EXPECT_FALSE(r.valid);
    }
}

// A random edit of a proof's records: bytes changed, deleted or inserted; records deleted,
// duplicated, swapped or inserted (of every kind); the records cut after the first few and an
// image appended (at the root, a symmetric root's self-image); the root's record turned into
// the other kind, so that a forgery of the opposite result gets past the first record.
std::string mutate(const std::string& body, const Position& root, std::mt19937_64& rng) {
    std::vector<Record> records = proof_test::splitRecords(body);
    const auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
    std::string out;
    switch (rng() % 10) {
        case 0: {  // a byte changed
            out = body;
            out[pick(out.size())] = static_cast<char>(rng());
            return out;
        }
        case 1: {  // a byte deleted
            out = body;
            out.erase(pick(out.size()), 1);
            return out;
        }
        case 2: {  // a byte inserted
            out = body;
            out.insert(out.begin() + static_cast<std::ptrdiff_t>(pick(out.size() + 1)),
                       static_cast<char>(rng()));
            return out;
        }
        case 3:  // a record deleted
            records.erase(records.begin() + static_cast<std::ptrdiff_t>(pick(records.size())));
            break;
        case 4: {  // a record duplicated
            const size_t i = pick(records.size());
            records.insert(records.begin() + static_cast<std::ptrdiff_t>(i), records[i]);
            break;
        }
        case 5:  // two records swapped
            std::swap(records[pick(records.size())], records[pick(records.size())]);
            break;
        case 6:  // a record of any kind inserted
            records.insert(records.begin() + static_cast<std::ptrdiff_t>(pick(records.size() + 1)),
                           proof_test::randomRecord(root, rng));
            break;
        case 8: {  // cut after the first k records (k = 0 half the time), an image appended
            const size_t k = static_cast<size_t>(std::countr_zero(rng() | (uint64_t{1} << 20)));
            records.resize(std::min(k, records.size()));
            records.push_back(Record{std::string{'Y', static_cast<char>(1 + rng() % 7)}});
            break;
        }
        default:  // the root's record replaced by the other kind, then a random edit after it
            records.front() = proof_test::oppositeRootRecord(records.front(), root, rng);
            if (records.size() > 1)
                records[1 + pick(records.size() - 1)] = proof_test::randomRecord(root, rng);
            break;
    }
    return proof_test::joinRecords(records);
}

// Every edit of a proof, sealed with the opposite of its true result, is refused, and never
// only for its record count (which would mean its records proved the false result).
void expectMutationsRefused(const std::string& proof, int edits, uint64_t seed) {
    const ProofFile f = readProofFile(proof);
    const Position root = parsePosition(f.position);
    ASSERT_TRUE(checkProof(proof).valid);
    std::mt19937_64 rng(seed);
    int refused = 0;
    for (int i = 0; i < edits; ++i) {
        const std::string body = mutate(f.body, root, rng);
        const uint64_t count = f.records + rng() % 3 - 1;
        const ProofSummary r = checkProof(sealProof(f.position, !f.rootWins, count, body));
        ASSERT_FALSE(r.valid) << "edit " << i << " of " << f.position << " proves the false result";
        ASSERT_NE(r.error, "record count differs from the header")
            << "edit " << i << " of " << f.position << ": records prove the false result";
        ++refused;
    }
    EXPECT_EQ(refused, edits);
}

// A move whose squares are off the board is refused with a reason, before anything names its
// squares (the fuzzer found the checker stopping on it in a build with assertions).
TEST(ProofForgery, AMoveOffTheBoardIsRefused) {
    const ProofFile f = readProofFile(fixture("4x4.hprf"));
    for (const std::string& move :
         {std::string("\xc8\x01\x02"), std::string("\x01\x10\x02"), std::string("\x01\x02\xff")}) {
        const ProofSummary r = checkProof(sealProof(f.position, true, 1, "W" + move));
        EXPECT_FALSE(r.valid);
        EXPECT_NE(r.error.find("a move off the 4x4 board"), std::string::npos) << r.error;
    }
}

TEST(ProofForgery, MutatedFourByFourProofsAreRefused) {
    expectMutationsRefused(fixture("4x4.hprf"), 3000, 46);
}

TEST(ProofForgery, MutatedFiveByFourProofsAreRefused) {
    expectMutationsRefused(fixture("5x4.hprf"), 2000, 4646);
}

TEST(ProofForgery, MutatedAllRecordsProofsAreRefused) {
    expectMutationsRefused(gunzip(fixture("all-records.hprf.gz")), 2000, 464646);
}

// The all-records fixture holds every record type of the current version, and checks.
TEST(ProofForgery, AllRecordsFixtureHoldsEveryRecordType) {
    const std::string proof = gunzip(fixture("all-records.hprf.gz"));
    const ProofFile f = readProofFile(proof);
    EXPECT_EQ(f.version, kProofVersion);
    std::string tags;
    for (const Record& r : proof_test::splitRecords(f.body))
        if (tags.find(r.bytes[0]) == std::string::npos) tags += r.bytes[0];
    for (const char tag : std::string("WLCBSRGY"))
        EXPECT_NE(tags.find(tag), std::string::npos) << "no '" << tag << "' record";
    const ProofSummary s = checkProof(proof);
    ASSERT_TRUE(s.valid) << s.error;
    EXPECT_GT(s.multiRegionLocalLeaves, 0u) << "no 'G' record with several contested regions";
}

}  // namespace
}  // namespace hippolyta

namespace hippolyta {
namespace {

// A forged leaf may ask for a search of hours: a 'G' record on 14 contested squares with 7
// amazons (the second checker found it) is refused once its leaf budget runs out, where the
// shipped proofs' costliest leaf visits a few thousand positions.
TEST(ProofForgery, ALeafTooCostlyToCheckIsRefused) {
    const std::string costly = sealProof("2x1/B1W1/4/BBWW/B2x/1x2 b", false, 1, "G");
    const ProofSummary r = checkProof(costly, 10'000);
    EXPECT_FALSE(r.valid);
    EXPECT_NE(r.error.find("too costly to check"), std::string::npos) << r.error;
    for (const char* name : {"4x4.hprf", "5x4.hprf"}) {
        const ProofSummary s = checkProof(fixture(name), 10'000);
        EXPECT_TRUE(s.valid) << name << ": " << s.error;
        EXPECT_LT(s.maxLeafNodes, 10'000u) << name;
    }
}

}  // namespace
}  // namespace hippolyta
