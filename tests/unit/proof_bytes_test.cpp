// Proof files as stored (adapters/solve/proof_bytes.h): gzip read whole, every member of it,
// damage and oversize refused.
#include <gtest/gtest.h>

#include "adapters/solve/proof_bytes.h"
#include "engine/check/proof_check.h"
#include "engine/core/file_io.h"

namespace hippolyta {
namespace {

const std::string kZipped =
    std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/solver/all-records.hprf.gz";

TEST(ProofBytes, GzipIsReadWholeAndPlainFilesAsTheyAre) {
    const std::string zipped = readWholeFile(kZipped);
    ASSERT_TRUE(isGzip(zipped));
    const std::string proof = gunzip(zipped);
    EXPECT_FALSE(isGzip(proof));
    EXPECT_TRUE(checkProof(proof).valid);
    EXPECT_EQ(readProofBytes(kZipped), proof);
    const std::string plain =
        readWholeFile(std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/solver/4x4.hprf");
    EXPECT_EQ(readProofBytes(std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fixtures/solver/4x4.hprf"),
              plain);
}

TEST(ProofBytes, EveryMemberIsReadAndDamageIsRefused) {
    const std::string zipped = readWholeFile(kZipped);
    const std::string proof = gunzip(zipped);
    EXPECT_EQ(gunzip(zipped + zipped), proof + proof);  // as `cat a.gz b.gz | gzip -dc`
    EXPECT_THROW(gunzip(zipped.substr(0, zipped.size() - 10)), std::runtime_error);
    std::string changed = zipped;
    changed[changed.size() / 2] ^= 0x40;
    EXPECT_THROW(gunzip(changed), std::runtime_error);
    EXPECT_THROW(gunzip(zipped, proof.size() - 1), std::runtime_error);
}

}  // namespace
}  // namespace hippolyta
