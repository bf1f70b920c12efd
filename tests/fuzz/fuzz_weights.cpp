// The weights file (parseWeights): anything accepted formats to text that parses to the same
// values and comments, and formatting that again gives the same text.
//
// A checksum line made for the text would stop almost every mutation at the door, so when the
// first byte is odd the target first seals the remaining bytes with their right checksum line
// (a line break added if they lack one); with an even first byte they go in untouched, so that
// the checksum check itself is fuzzed too.
#include <cstdio>

#include "engine/core/fnv.h"
#include "engine/search/weights_file.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

std::string sealed(std::string body) {
    if (!body.empty() && body.back() != '\n') body += '\n';
    char sum[20];
    std::snprintf(sum, sizeof sum, "%016llx", static_cast<unsigned long long>(fnv1a64(body)));
    return body + "checksum " + sum + "\n";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    std::string input(fuzz::asText(data + 1, size - 1));
    if (data[0] & 1) input = sealed(std::move(input));
    WeightsFile w;
    try {
        w = parseWeights(input, "fuzz");
    } catch (const WeightsError&) {
        return 0;
    }
    const std::string_view firstLine = std::string_view(input).substr(0, input.find('\n'));
    FUZZ_CHECK(firstLine.find("hippolyta-weights ") != std::string_view::npos,
               "accepted a file without the header line: " + fuzz::quoted(input));
    const std::string text = formatWeights(w);
    try {
        const WeightsFile again = parseWeights(text, "formatted");
        FUZZ_CHECK(again.values == w.values, "the values changed on the way back:\n" + text);
        FUZZ_CHECK(again.comments == w.comments, "the comments changed on the way back:\n" + text);
        FUZZ_CHECK(formatWeights(again) == text, "formatting again gives other text");
    } catch (const WeightsError& e) {
        fuzz::fail(std::string("our own weights text does not parse: ") + e.what() + "\n" + text);
    }
    // A value outside its constant's range is refused with WeightsError, never applied.
    EngineConfig config;
    try {
        applyWeights(w, config);
    } catch (const WeightsError&) {
    }
    return 0;
}
