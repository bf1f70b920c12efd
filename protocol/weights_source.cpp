#include "protocol/weights_source.h"

#include "engine/core/file_io.h"
#include "engine/search/weights_file.h"

namespace hippolyta {

bool loadWeightsInto(const std::string& path, EngineConfig& config, std::ostream& err) {
    std::string text;
    try {
        text = readWholeFile(path);
    } catch (const FileError& e) {
        err << "hippolyta: weights file: " << e.what() << "; using the built-in weights\n";
        return false;
    }
    try {
        // Parsed whole before anything is applied: a bad file never half-applies.
        const WeightsFile weights = parseWeights(text, path);
        applyWeights(weights, config);
        for (const std::string& notice : weights.notices)
            err << "hippolyta: weights file: " << notice << "\n";
        return true;
    } catch (const WeightsError& e) {
        err << "hippolyta: weights refused: " << e.what() << "; using the built-in weights\n";
        return false;
    }
}

}  // namespace hippolyta
