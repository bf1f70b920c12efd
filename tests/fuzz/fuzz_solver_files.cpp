// The solver's files: the region database (RegionDatabase::parse) and the proof certificate
// (checkProof). An accepted database serializes to the same bytes; a proof either checks or is
// refused with a reason, never crashes. An input whose first byte is odd gets a right checksum
// first, so that the fuzzer reaches the checks behind it; the second byte picks the format.
// Proofs of boards over 5 x 5 are skipped (a count leaf on a large open board is an exhaustive
// search, slow by design).
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/solve/proof_check.h"
#include "engine/solve/region_db.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const bool proof = data[1] & 1;
    std::string bytes(reinterpret_cast<const char*>(data) + 2, size - 2);
    if (bytes.size() >= 24 && (data[0] & 1)) {
        bytes.replace(0, 8, proof ? "HIPPROOF" : "HIPRGNDB");
        bytes.resize(bytes.size() - 8);
        putLE(bytes, fnv1a64(bytes), 8);
    }
    if (!proof) {
        try {
            const RegionDatabase db = RegionDatabase::parse(bytes);
            FUZZ_CHECK(db.serialize() == bytes, "an accepted database serializes to other bytes");
        } catch (const RegionDatabaseError&) {
        }
        return 0;
    }
    if (bytes.size() >= 16) {
        const size_t textLen = getLE(bytes, 12, 4);
        if (textLen > 200 || 16 + textLen > bytes.size()) return 0;
        try {
            if (parsePosition(bytes.substr(16, textLen)).size() > 5) return 0;
        } catch (const NotationError&) {
        }
    }
    const ProofSummary s = checkProof(bytes);
    FUZZ_CHECK(s.valid || !s.error.empty(), "a refused proof without a reason");
    return 0;
}
