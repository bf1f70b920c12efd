// The network file (parseNetFile): anything accepted formats to the same bytes, and builds a
// network that evaluates a position to a probability. An input whose first byte is odd gets
// that byte replaced by the magic's 'H' and a right checksum first, so that the fuzzer reaches
// the header checks behind the checksum.
#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/nn/network.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string bytes(reinterpret_cast<const char*>(data), size);
    if (size >= 16 && (data[0] & 1)) {
        bytes[0] = 'H';
        setLE(bytes, size - 8, fnv1a64(std::string_view(bytes).substr(0, size - 8)), 8);
    }
    NetFile net;
    try {
        net = parseNetFile(bytes, "fuzz");
    } catch (const NetFileError&) {
        return 0;
    }
    FUZZ_CHECK(formatNetFile(net) == bytes, "an accepted file formats to other bytes");
    const Network network(net);
    const NetOutput out = network.evaluate(Position::start(4));
    FUZZ_CHECK(!(out.value < 0.0f) && !(out.value > 1.0f), "the value is not a probability");
    return 0;
}
