#include "adapters/training/spsa.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

uint64_t splitMix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

double clampTo(const SpsaParam& p, double v) {
    return std::clamp(v, p.min, p.max);
}

}  // namespace

std::vector<int> spsaSigns(uint64_t seed, int k, size_t count) {
    std::vector<int> signs;
    uint64_t state = splitMix(seed ^ splitMix(static_cast<uint64_t>(k)));
    for (size_t i = 0; i < count; ++i) {
        state = splitMix(state);
        signs.push_back(state >> 63 ? 1 : -1);
    }
    return signs;
}

double spsaPerturbation(const SpsaParam& p, const SpsaSchedule& s, int k) {
    const double c = p.cEnd * std::pow(s.iterations, s.gamma);
    return c / std::pow(k, s.gamma);
}

double spsaStepGain(const SpsaParam& p, const SpsaSchedule& s, int k) {
    const double stabilityA = s.stability * s.iterations;
    const double aEnd = p.rEnd * p.cEnd * p.cEnd;
    const double a = aEnd * std::pow(stabilityA + s.iterations, s.alpha);
    return a / std::pow(stabilityA + k, s.alpha) / spsaPerturbation(p, s, k);
}

std::vector<double> spsaSide(const std::vector<SpsaParam>& params, const SpsaSchedule& s,
                             uint64_t seed, int k, const std::vector<double>& theta, int sign) {
    const std::vector<int> delta = spsaSigns(seed, k, params.size());
    std::vector<double> side(params.size());
    for (size_t i = 0; i < params.size(); ++i)
        side[i] =
            clampTo(params[i], theta[i] + sign * delta[i] * spsaPerturbation(params[i], s, k));
    return side;
}

std::vector<double> spsaUpdate(const std::vector<SpsaParam>& params, const SpsaSchedule& s,
                               uint64_t seed, int k, const std::vector<double>& theta,
                               double result) {
    const std::vector<int> delta = spsaSigns(seed, k, params.size());
    std::vector<double> next(params.size());
    for (size_t i = 0; i < params.size(); ++i)
        next[i] = clampTo(params[i], theta[i] + spsaStepGain(params[i], s, k) * result * delta[i]);
    return next;
}

std::vector<SpsaParam> parseSpsaParams(const std::string& text) {
    std::vector<SpsaParam> params;
    std::istringstream in(text);
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        line = trimmed(line);
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        SpsaParam p;
        std::string extra;
        if (!(words >> p.name >> p.start >> p.min >> p.max >> p.cEnd >> p.rEnd) || (words >> extra))
            throw std::invalid_argument("line " + std::to_string(lineNo) +
                                        ": expected NAME START MIN MAX C_END R_END");
        if (!(p.min <= p.start && p.start <= p.max) || !(p.cEnd > 0) || !(p.rEnd > 0))
            throw std::invalid_argument("line " + std::to_string(lineNo) + ": " + p.name +
                                        " needs MIN <= START <= MAX and positive C_END, R_END");
        params.push_back(p);
    }
    if (params.empty()) throw std::invalid_argument("no parameters");
    return params;
}

}  // namespace hippolyta
