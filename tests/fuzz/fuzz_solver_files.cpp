// The solver's files: the region database (RegionDatabase::parse), the proof certificate
// (checkProof) and the solver's checkpoint (DfpnSolver::loadTable). An accepted database
// serializes to the same bytes; a proof either checks or is refused with a reason; a checkpoint
// loads or is refused; nothing crashes or reads out of bounds. An input whose first byte is odd
// gets the format's magic and a right checksum first, so that the fuzzer reaches the checks
// behind them; the second byte picks the format (mod 3: database, proof, checkpoint).
// Proofs of boards with more than 30 squares are skipped (a count leaf on a large open board is
// an exhaustive search, slow by design).
#include "engine/check/proof_check.h"
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/notation.h"
#include "engine/solve/dfpn.h"
#include "engine/solve/region_db.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

enum class Format { Database, Proof, Checkpoint };

void fuzzDatabase(const std::string& bytes) {
    try {
        const RegionDatabase db = RegionDatabase::parse(bytes);
        FUZZ_CHECK(db.serialize() == bytes, "an accepted database serializes to other bytes");
    } catch (const RegionDatabaseError&) {
    }
}

void fuzzProof(const std::string& bytes) {
    if (bytes.size() >= 16) {
        const size_t textLen = getLE(bytes, 12, 4);
        if (textLen > 200 || 16 + textLen > bytes.size()) return;
        try {
            if (parsePosition(bytes.substr(16, textLen)).geometry().squareCount() > 30) return;
        } catch (const NotationError&) {
        }
    }
    // A small leaf budget (refusing is always sound): no input may run past libFuzzer's limit.
    const ProofSummary s = checkProof(bytes, 200'000);
    FUZZ_CHECK(s.valid || !s.error.empty(), "a refused proof without a reason");
}

// The checkpoint's own fingerprint is the one expected, so that the fuzzer gets past it to the
// entries (their count once wrapped around and read past the buffer).
void fuzzCheckpoint(const std::string& bytes) {
    static const RegionValuer valuer(nullptr);
    static const PlainGuide guide;
    DfpnSettings settings;
    settings.tableMb = 1;
    DfpnSolver solver(settings, valuer, guide);
    std::string fingerprint;
    if (bytes.size() >= 16) {
        const size_t fpLen = getLE(bytes, 12, 4);
        if (16 + fpLen <= bytes.size()) fingerprint = bytes.substr(16, fpLen);
    }
    try {
        solver.loadTable(bytes, fingerprint);
    } catch (const std::runtime_error&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const Format format = static_cast<Format>(data[1] % 3);
    std::string bytes(reinterpret_cast<const char*>(data) + 2, size - 2);
    if (bytes.size() >= 24 && (data[0] & 1)) {
        const char* magic = format == Format::Proof        ? "HIPPROOF"
                            : format == Format::Checkpoint ? "HIPDFPNC"
                                                           : "HIPRGNDB";
        bytes.replace(0, 8, magic);
        bytes.resize(bytes.size() - 8);
        putLE(bytes, fnv1a64(bytes), 8);
    }
    if (format == Format::Database) fuzzDatabase(bytes);
    if (format == Format::Proof) fuzzProof(bytes);
    if (format == Format::Checkpoint) fuzzCheckpoint(bytes);
    return 0;
}
