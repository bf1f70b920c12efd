// The weights file: the engine's learned constants (evaluation weights, move prior, search
// constants), by the names setParameter() knows, in a versioned text file with a checksum:
//
//   hippolyta-weights 1
//   # comment lines: how the file was made (commands, seeds, data, time)
//   eval.t1.open 0.35
//   prior.arrow.class3 1.25
//   ...
//   checksum 89ab01cd23ef4567
//
// The checksum is FNV-1a 64 (16 hex digits) of every byte before the checksum line. A file
// with another first line, another version, an unknown or repeated name, a malformed value or
// a wrong or missing checksum is refused whole (WeightsError says why), so that a damaged or
// foreign file never half-applies. A retired name (retired_parameters.h) is read under its new
// name, or ignored at its off value, with a notice; at any other value the file is refused.
// Pure text in, text out: reading the file is the caller's.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/checked_text.h"
#include "engine/search/engine.h"

namespace hippolyta {

constexpr int kWeightsFormatVersion = 1;

// The weights file's errors are the checked text format's (engine/core/checked_text.h).
using WeightsError = CheckedTextError;

struct WeightsFile {
    std::vector<std::string> comments;                   // without the leading "# "
    std::vector<std::pair<std::string, double>> values;  // in file order, by current names
    std::vector<std::string> notices;  // retired names read, for people (parseWeights)
};

// The fewest significant digits that read back as exactly v.
std::string shortestDecimal(double v);

// Parses and checks a weights file's text; `name` is for messages. Throws WeightsError.
WeightsFile parseWeights(std::string_view text, const std::string& name);
// The file's text, checksum line included; values print with the fewest digits that read back.
std::string formatWeights(const WeightsFile& weights);
// Sets every value on config; throws WeightsError for a value out of its constant's range.
void applyWeights(const WeightsFile& weights, EngineConfig& config);
// The current values of `names` in config, with the comments.
WeightsFile weightsOf(const EngineConfig& config, const std::vector<std::string>& names,
                      std::vector<std::string> comments);

}  // namespace hippolyta
