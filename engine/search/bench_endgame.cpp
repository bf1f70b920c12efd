#include "engine/search/bench_endgame.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/core/notation.h"

namespace hippolyta {

std::vector<Position> parseSuite(const std::string& text) {
    std::vector<Position> out;
    size_t begin = 0;
    for (int line = 1; begin < text.size(); ++line) {
        size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        std::string body = text.substr(begin, end - begin);
        begin = end + 1;
        body = body.substr(0, body.find('#'));
        const size_t first = body.find_first_not_of(" \t\r"), last = body.find_last_not_of(" \t\r");
        if (first == std::string::npos) continue;
        try {
            out.push_back(parsePosition(body.substr(first, last - first + 1)));
        } catch (const NotationError& e) {
            throw NotationError("line " + std::to_string(line) + ": " + e.what());
        }
    }
    return out;
}

ProofTiming timeToProof(const EngineConfig& config, const Position& pos, double capSeconds) {
    EngineConfig one = config;
    one.threads = 1;
    Engine engine(one);
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = engine.chooseMove(Game(pos), SearchLimits(capSeconds));
    ProofTiming t;
    t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.proven = r.proven;
    t.winrate = r.winrate;
    t.simulations = r.simulations;
    return t;
}

BenchReport suiteSummary(const std::vector<ProofTiming>& timings) {
    std::vector<double> seconds;
    uint64_t simulations = 0;
    for (const ProofTiming& t : timings)
        if (t.proven) {
            seconds.push_back(t.seconds);
            simulations += t.simulations;
        }
    std::sort(seconds.begin(), seconds.end());
    double total = 0, median = 0;
    for (const double s : seconds)
        total += s;
    const size_t n = seconds.size();
    if (n > 0) median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
    const auto fixed = [](double v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", v);
        return std::string(buf);
    };
    return {{"positions", std::to_string(timings.size())},
            {"proven", std::to_string(n)},
            {"median_seconds_to_proof", fixed(median)},
            {"total_seconds_to_proof", fixed(total)},
            {"simulations_to_proof", std::to_string(simulations)}};
}

}  // namespace hippolyta
