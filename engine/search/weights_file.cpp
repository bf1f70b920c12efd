#include "engine/search/weights_file.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <set>

#include "engine/core/checked_text.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"
#include "engine/search/parameters.h"
#include "engine/search/retired_parameters.h"

namespace hippolyta {

namespace {

constexpr std::string_view kWeightsMagic = "hippolyta-weights";

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

WeightsFile parseWeights(std::string_view text, const std::string& name) {
    const CheckedText file = readCheckedText(text, name, kWeightsMagic, kWeightsFormatVersion,
                                             "a Hippolyta weights file");
    WeightsFile w;
    w.comments = file.comments;
    std::set<std::string> seen;
    const std::vector<std::string> known = parameterNames();
    const std::set<std::string> knownSet(known.begin(), known.end());
    for (const CheckedTextLine& line : file.lines) {
        const std::string where = name + " line " + std::to_string(line.number) + ": ";
        const size_t space = line.text.find(' ');
        const std::string key = line.text.substr(0, space);
        double value = 0;
        if (space == std::string::npos || !parseDecimal(trimmed(line.text.substr(space)), value))
            throw WeightsError(where + "expected 'NAME VALUE', got '" + line.text + "'");
        std::string constant = key;
        if (!knownSet.count(key)) {
            const std::optional<RetiredUse> retired = retiredUse(key, value);
            if (!retired) throw WeightsError(where + "unknown constant '" + key + "'");
            if (retired->refused) throw WeightsError(where + retired->notice);
            w.notices.push_back(where + retired->notice);
            if (retired->name.empty()) continue;
            constant = retired->name;
        }
        if (!seen.insert(constant).second)
            throw WeightsError(where + "'" + constant + "' given twice");
        w.values.emplace_back(constant, value);
    }
    return w;
}

std::string formatWeights(const WeightsFile& weights) {
    std::vector<std::string> lines;
    for (const auto& [key, value] : weights.values)
        lines.push_back(key + " " + shortestDecimal(value));
    return writeCheckedText(kWeightsMagic, kWeightsFormatVersion, weights.comments, lines);
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
