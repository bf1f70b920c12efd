#include "engine/search/pattern_prior_file.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "engine/core/assert.h"
#include "engine/core/checked_text.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

constexpr std::string_view kPatternMagic = "hippolyta-pattern-prior";
constexpr double kPatternLimit = 1000;  // as the weights file's prior weights

// The fewest significant digits that read back as exactly the float v.
std::string shortestFloatText(float v) {
    char buf[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, static_cast<double>(v));
        if (std::strtof(buf, nullptr) == v) break;
    }
    return buf;
}

const std::map<std::string, int>& patternScalarIndex() {
    static const std::map<std::string, int> index = [] {
        std::map<std::string, int> m;
        for (int i = 0; i < PatternLayout::kLandPattern; ++i)
            m[patternScalarName(i)] = i;
        return m;
    }();
    return index;
}

// One line's fields split at spaces.
std::vector<std::string> lineFields(const std::string& line) {
    std::vector<std::string> out;
    size_t pos = 0;
    while (pos < line.size()) {
        const size_t space = std::min(line.find(' ', pos), line.size());
        if (space > pos) out.push_back(line.substr(pos, space - pos));
        pos = space + 1;
    }
    return out;
}

// Reads the value field; throws unless it is a number within the limit.
float patternValueOf(const std::string& text, const std::string& where) {
    double v = 0;
    if (!parseDecimal(text, v) || !(std::fabs(v) <= kPatternLimit))
        throw CheckedTextError(where + "'" + text + "' is not a weight from -1000 to 1000");
    return static_cast<float>(v);
}

// Applies one line of the body (not the first, not a comment) to file; seen holds the indices
// set so far.
void readPatternLine(const std::string& line, const std::string& where, PatternPriorFile& file,
                     std::vector<bool>& seen, bool& haveBoards) {
    const std::vector<std::string> f = lineFields(line);
    int index = -1;
    if (f.size() == 2 && f[0] == "boards") {
        if (haveBoards || (f[1] != "small" && f[1] != "large"))
            throw CheckedTextError(where + "expected one 'boards small' or 'boards large'");
        haveBoards = true;
        file.large = f[1] == "large";
        return;
    }
    if (f.size() == 2) {
        const auto it = patternScalarIndex().find(f[0]);
        if (it == patternScalarIndex().end())
            throw CheckedTextError(where + "unknown weight '" + f[0] + "'");
        index = it->second;
    } else if (f.size() == 3 && (f[0] == "land" || f[0] == "arrow")) {
        const auto ring = parseRing(f[1]);
        if (!ring || ringClassCode(ringClass(*ring)) != *ring)
            throw CheckedTextError(where + "'" + f[1] + "' is not a pattern class's smallest ring");
        index = (f[0] == "land" ? PatternLayout::kLandPattern : PatternLayout::kArrowPattern) +
                ringClass(*ring);
    } else {
        throw CheckedTextError(where + "expected 'NAME VALUE' or 'land|arrow RING VALUE', got '" +
                               line + "'");
    }
    if (seen[static_cast<size_t>(index)]) throw CheckedTextError(where + "given twice");
    seen[static_cast<size_t>(index)] = true;
    file.weights[static_cast<size_t>(index)] = patternValueOf(f.back(), where);
}

// A token of the packed form that ends at a space or the end.
std::string_view nextToken(std::string_view packed, size_t& pos) {
    const size_t end = std::min(packed.find(' ', pos), packed.size());
    const std::string_view token = packed.substr(pos, end - pos);
    pos = end + 1;
    return token;
}

}  // namespace

std::string packPatternWeights(const PatternWeights& weights) {
    HIPPOLYTA_ASSERT(weights.size() == static_cast<size_t>(PatternLayout::kCount));
    std::string out;
    size_t zeros = 0;
    const auto separate = [&] {
        if (!out.empty()) out += ' ';
    };
    for (const float v : weights) {
        if (v == 0.0f) {
            ++zeros;
            continue;
        }
        if (zeros) separate(), out += "z" + std::to_string(zeros), zeros = 0;
        separate();
        out += shortestFloatText(v);
    }
    if (zeros) separate(), out += "z" + std::to_string(zeros);
    return out;
}

PatternWeights unpackPatternWeights(std::string_view packed) {
    const size_t count = PatternLayout::kCount;
    PatternWeights w;
    w.reserve(count);
    size_t pos = 0;
    while (pos < packed.size()) {
        const std::string token(nextToken(packed, pos));
        const std::string where = "packed pattern prior, weight " + std::to_string(w.size()) + ": ";
        if (!token.empty() && token[0] == 'z') {
            long long n = 0;
            if (!parseInteger(token.substr(1), n) || n < 1 ||
                n > static_cast<long long>(count - w.size()))
                throw CheckedTextError(where + "'" + token + "' is not a run of zeros that fits");
            w.insert(w.end(), static_cast<size_t>(n), 0.0f);
        } else {
            if (w.size() == count) throw CheckedTextError(where + "more weights than the layout's");
            w.push_back(patternValueOf(token, where));
        }
    }
    if (w.size() != count)
        throw CheckedTextError("packed pattern prior: " + std::to_string(w.size()) +
                               " weights, not " + std::to_string(count));
    return w;
}

PatternPriorFile parsePatternPrior(std::string_view text, const std::string& name) {
    const CheckedText read = readCheckedText(text, name, kPatternMagic, kPatternPriorFormatVersion,
                                             "a pattern prior file");
    PatternPriorFile file;
    file.comments = read.comments;
    std::vector<bool> seen(PatternLayout::kCount, false);
    bool haveBoards = false;
    for (const CheckedTextLine& line : read.lines)
        readPatternLine(line.text, name + " line " + std::to_string(line.number) + ": ", file, seen,
                        haveBoards);
    if (!haveBoards) throw CheckedTextError(name + ": no 'boards' line");
    for (int i = 0; i < PatternLayout::kLandPattern; ++i)
        if (!seen[static_cast<size_t>(i)])
            throw CheckedTextError(name + ": no value for " + patternScalarName(i));
    return file;
}

std::string formatPatternPrior(const PatternPriorFile& file) {
    std::vector<std::string> lines{std::string("boards ") + (file.large ? "large" : "small")};
    const PatternWeights& w = file.weights;
    for (int i = 0; i < PatternLayout::kLandPattern; ++i)
        lines.push_back(patternScalarName(i) + " " + shortestFloatText(w[static_cast<size_t>(i)]));
    for (int role = 0; role < 2; ++role)
        for (int c = 0; c < PatternLayout::kClasses; ++c) {
            const float v = w[static_cast<size_t>(
                (role ? PatternLayout::kArrowPattern : PatternLayout::kLandPattern) + c)];
            if (v != 0.0f)
                lines.push_back(std::string(role ? "arrow " : "land ") +
                                ringText(ringClassCode(c)) + " " + shortestFloatText(v));
        }
    return writeCheckedText(kPatternMagic, kPatternPriorFormatVersion, file.comments, lines);
}

PatternPriors builtInPatternPriors() {
    static const PatternPriors priors = [] {
        auto weightsOf = [](bool large) {
            const std::string_view packed = builtInPackedPatternPrior(large);
            // A build without the tables (none embedded) weighs every move alike.
            return std::make_shared<const PatternWeights>(
                packed.empty() ? zeroPatternWeights() : unpackPatternWeights(packed));
        };
        PatternPriors p;
        p.small = weightsOf(false);
        p.large = weightsOf(true);
        return p;
    }();
    return priors;
}

}  // namespace hippolyta
