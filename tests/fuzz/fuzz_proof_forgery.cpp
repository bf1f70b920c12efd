// Forged proofs: the input is a proof body (records only). It is sealed for the 4x4 start and
// for the all-records fixture's root, each with the result that is false there (the 4x4 start
// is a loss for White, the all-records root too: a win is claimed), and the checker must refuse
// both, never for the record count alone (that would mean the records proved the false result).
// The corpus starts from the real proofs' bodies, so the fuzzer mutates real records.
#include "engine/check/proof_check.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

// A small leaf budget: refusing a costly leaf is always sound, and libFuzzer's time limit
// (tools/fuzz.sh: 10 s an input) must never see a leaf searched for long.
constexpr uint64_t kFuzzLeafNodes = 200'000;

void expectRefused(const char* root, const std::string& body) {
    const ProofSummary s = checkProof(sealProof(root, true, 0, body), kFuzzLeafNodes);
    FUZZ_CHECK(!s.valid, std::string("a forged win accepted in ") + root);
    FUZZ_CHECK(s.error != "record count differs from the header",
               std::string("records that prove a false win in ") + root);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 1 << 16) return 0;
    const std::string body(reinterpret_cast<const char*>(data), size);
    expectRefused("1BB1/B2B/W2W/1WW1 w", body);
    expectRefused("5/BxxxB/1W1W1/1xxx1/2x2 w", body);
    return 0;
}
