// SPSA (simultaneous perturbation stochastic approximation), as fishtest tunes engines: every
// iteration k perturbs all constants at once by +-c_k (a random sign each, from the seed and
// k), plays a game pair between theta + c_k*delta and theta - c_k*delta (colours swapped, one
// opening), and steps theta by a_k / c_k * (score of plus - score of minus) * delta.
//   c_k = c / k^gamma,  a_k = a / (A + k)^alpha,  A = 0.1 N,  gamma 0.101, alpha 0.602,
// with c and a set so that at the last iteration N the perturbation is each constant's c_end
// and the step's gain a_N / c_N^2 is its r_end. The state after k iterations follows from the
// start and the results of iterations 1..k alone, so the results table is the whole state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace hippolyta {

struct SpsaParam {
    std::string name;  // a setParameter() name, e.g. "exploration"
    double start = 0;
    double min = 0, max = 0;
    double cEnd = 0;  // perturbation at the last iteration
    double rEnd = 0;  // a_N / c_N^2 at the last iteration
};

struct SpsaSchedule {
    int iterations = 1000;  // N
    double alpha = 0.602, gamma = 0.101;
    double stability = 0.1;  // A = stability * N
};

// +1 or -1 for every parameter at iteration k (from 1), fixed by the seed.
std::vector<int> spsaSigns(uint64_t seed, int k, size_t count);
// c_k of parameter p, and a_k / c_k (the step per unit of result and sign).
double spsaPerturbation(const SpsaParam& p, const SpsaSchedule& s, int k);
double spsaStepGain(const SpsaParam& p, const SpsaSchedule& s, int k);

// The two sides of iteration k at theta (clamped to each parameter's range).
std::vector<double> spsaSide(const std::vector<SpsaParam>& params, const SpsaSchedule& s,
                             uint64_t seed, int k, const std::vector<double>& theta, int sign);
// theta after iteration k whose pair scored `result` = plus's score - minus's (-2..2).
std::vector<double> spsaUpdate(const std::vector<SpsaParam>& params, const SpsaSchedule& s,
                               uint64_t seed, int k, const std::vector<double>& theta,
                               double result);

// Parses a parameters file: one "NAME START MIN MAX C_END R_END" a line, '#' comments.
// Throws std::invalid_argument naming the line.
std::vector<SpsaParam> parseSpsaParams(const std::string& text);

}  // namespace hippolyta
