// The weights file (parseWeights): anything accepted formats to text that parses to the same
// values and comments, and formatting that again gives the same text.
#include "engine/search/weights_file.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    WeightsFile w;
    try {
        w = parseWeights(fuzz::asText(data, size), "fuzz");
    } catch (const WeightsError&) {
        return 0;
    }
    const std::string text = formatWeights(w);
    try {
        const WeightsFile again = parseWeights(text, "formatted");
        FUZZ_CHECK(again.values == w.values, "the values changed on the way back:\n" + text);
        FUZZ_CHECK(formatWeights(again) == text, "formatting again gives other text");
    } catch (const WeightsError& e) {
        fuzz::fail(std::string("our own weights text does not parse: ") + e.what() + "\n" + text);
    }
    EngineConfig config;
    applyWeights(w, config);
    return 0;
}
