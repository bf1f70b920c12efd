#include "protocol/weights_source.h"

#include <fstream>
#include <sstream>

#include "engine/search/weights_file.h"

namespace hippolyta {

bool loadWeightsInto(const std::string& path, EngineConfig& config, std::ostream& err) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        err << "hippolyta: cannot read the weights file " << path
            << "; using the built-in weights\n";
        return false;
    }
    std::ostringstream text;
    text << in.rdbuf();
    try {
        // Parsed whole before anything is applied: a bad file never half-applies.
        const WeightsFile weights = parseWeights(text.str(), path);
        applyWeights(weights, config);
        return true;
    } catch (const WeightsError& e) {
        err << "hippolyta: weights refused: " << e.what() << "; using the built-in weights\n";
        return false;
    }
}

}  // namespace hippolyta
