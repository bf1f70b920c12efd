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
// foreign file never half-applies. Pure text in, text out: reading the file is the caller's.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/search/engine.h"

namespace hippolyta {

constexpr int kWeightsFormatVersion = 1;

class WeightsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct WeightsFile {
    std::vector<std::string> comments;                   // without the leading "# "
    std::vector<std::pair<std::string, double>> values;  // in file order
};

// The checksum line, shared with the pattern prior's file (pattern_prior_file.h): the text before
// a last line `checksum HEX` whose FNV-1a 64 matches; throws WeightsError otherwise.
std::string_view checkedBody(std::string_view text, const std::string& name);
// body (whole lines) followed by its checksum line.
std::string withChecksum(std::string body);
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
