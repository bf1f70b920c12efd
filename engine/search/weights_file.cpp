#include "engine/search/weights_file.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "engine/core/checked_text.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"
#include "engine/search/parameters.h"

namespace hippolyta {

namespace {

const char* const kWeightsMagic = "hippolyta-weights";

}  // namespace

std::string shortestDecimal(double v) {
    char buf[32];
    for (int digits = 1; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        double back = 0;
        if (parseDecimal(buf, back) && back == v) break;
    }
    return buf;
}

std::string_view checkedBody(std::string_view text, const std::string& name) {
    std::string_view covered;
    const std::string problem = checksumProblem(text, covered);
    if (!problem.empty()) throw WeightsError(name + ": " + problem);
    return covered;
}

std::string withChecksum(std::string body) {
    return body + checksumLine(body);
}

namespace {

// Throws unless the first line is the magic and this version.
void checkFirstLine(const std::string& line, const std::string& name) {
    const std::string magic = std::string(kWeightsMagic) + " ";
    if (!startsWith(line, magic)) throw WeightsError(name + ": not a Hippolyta weights file");
    int version = 0;
    if (!parseInteger(std::string_view(line).substr(magic.size()), version) ||
        version != kWeightsFormatVersion)
        throw WeightsError(name + ": format version '" + line.substr(magic.size()) + "' is not " +
                           std::to_string(kWeightsFormatVersion));
}

}  // namespace

WeightsFile parseWeights(std::string_view text, const std::string& name) {
    const std::string_view body = checkedBody(text, name);
    // Checked even when the checksum line is all there is: that is no weights file either.
    size_t pos = std::min(body.find('\n'), body.size());
    checkFirstLine(trimmed(body.substr(0, pos)), name);
    WeightsFile w;
    std::set<std::string> seen;
    const std::vector<std::string> known = parameterNames();
    const std::set<std::string> knownSet(known.begin(), known.end());
    for (int lineNo = 2; pos < body.size(); ++lineNo) {
        pos += 1;  // past the line break
        const size_t nl = body.find('\n', pos);
        const std::string line = trimmed(body.substr(pos, nl - pos));
        pos = std::min(nl, body.size());
        const std::string where = name + " line " + std::to_string(lineNo) + ": ";
        if (line.empty()) continue;
        if (line[0] == '#') {
            w.comments.push_back(trimmed(std::string_view(line).substr(1)));
            continue;
        }
        const size_t space = line.find(' ');
        const std::string key = line.substr(0, space);
        double value = 0;
        if (space == std::string::npos || !parseDecimal(trimmed(line.substr(space)), value))
            throw WeightsError(where + "expected 'NAME VALUE', got '" + line + "'");
        if (!knownSet.count(key)) throw WeightsError(where + "unknown constant '" + key + "'");
        if (!seen.insert(key).second) throw WeightsError(where + "'" + key + "' given twice");
        w.values.emplace_back(key, value);
    }
    return w;
}

std::string formatWeights(const WeightsFile& weights) {
    std::string out =
        std::string(kWeightsMagic) + " " + std::to_string(kWeightsFormatVersion) + "\n";
    for (const std::string& c : weights.comments)
        out += "# " + c + "\n";
    for (const auto& [key, value] : weights.values)
        out += key + " " + shortestDecimal(value) + "\n";
    return withChecksum(out);
}

void applyWeights(const WeightsFile& weights, EngineConfig& config) {
    for (const auto& [key, value] : weights.values)
        if (!setParameter(config, key, value)) throw WeightsError(parameterProblem(key, value));
}

WeightsFile weightsOf(const EngineConfig& config, const std::vector<std::string>& names,
                      std::vector<std::string> comments) {
    WeightsFile w;
    w.comments = std::move(comments);
    for (const std::string& n : names)
        if (const auto v = getParameter(config, n)) w.values.emplace_back(n, *v);
    return w;
}

}  // namespace hippolyta
