#include "engine/search/bench.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <string_view>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/eval/evaluation.h"
#include "engine/search/mcts.h"
#include "engine/search/move_prior.h"
#include "engine/search/pattern_prior.h"

namespace hippolyta {

namespace {

using Clock = std::chrono::steady_clock;

// A self-play game of the engine (3000 visits a move); the bench takes positions along it.
constexpr std::string_view kGame[] = {
    "d1-d7/g7",   "j7-g4/b4", "j4-j6/b6", "g10-h9/j7", "j6-h8/h4",  "h9-e6/e8",  "a4-c2/a4",
    "a7-c7/c8",   "d7-d9/d6", "c7-c3/d3", "h8-g8/e10", "d10-f8/f2", "g1-g3/e5",  "f8-g9/e9",
    "d9-d7/e7",   "c3-c6/g2", "c2-c4/c5", "g4-d1/f3",  "d7-b7/d7",  "c6-c7/a9",  "g3-g4/g6",
    "c7-b8/c7",   "c4-c3/e1", "g9-i7/i1", "g4-h3/f5",  "d1-c2/b3",  "b7-a8/d5",  "e6-f7/f9",
    "h3-j5/i6",   "i7-h8/h9", "c3-d2/c3", "h8-h6/e3",  "j5-h5/g5",  "h6-i5/i4",  "a8-b9/c9",
    "c2-c1/c2",   "h5-g4/j1", "i5-h6/h8", "g8-g9/g8",  "h6-j8/h10", "g4-h5/h6",  "b8-a8/b8",
    "h5-g4/c4",   "f7-f6/f8", "g4-i2/h2", "j8-i7/h7",  "i2-j3/j6",  "i7-i10/i7", "d2-d1/d2",
    "i10-j10/i10"};
constexpr int kPlies[] = {0, 8, 16, 24, 32, 44};

double secondsSince(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// The engine's options with `threads` threads and a tree of at most 512 MB.
MctsOptions optionsFor(const EngineConfig& config, int threads) {
    MctsOptions o = mctsOptionsOf(config);
    o.threads = threads;
    o.memoryMb = std::min(o.memoryMb, 512);
    return o;
}

struct RunTotals {
    uint64_t signature = 0;  // of the single-threaded searches' root statistics
    uint64_t simulations = 0;
    double seconds = 0;
    double cpuSeconds = 0;  // process CPU time: the thread figures hold on a busy machine

    RunTotals& operator+=(const RunTotals& o) {
        simulations += o.simulations;
        seconds += o.seconds;
        cpuSeconds += o.cpuSeconds;
        return *this;
    }
};

double cpuNow() {
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;
}

// Folds a search's root statistics into a signature (FNV-1a over the chosen move and every
// root move's visits): any change of the search's choices or of its constants shows.
uint64_t signatureStep(uint64_t signature, const SearchResult& r) {
    uint64_t h = signature ? signature : 1469598103934665603ull;
    auto mix = [&h](uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xff;
            h *= 1099511628211ull;
        }
    };
    mix(r.move ? r.move->packed() : 0);
    mix(r.treeNodes);
    for (const CandidateInfo& c : r.candidates) {
        mix(c.move.packed());
        mix(c.visits);
    }
    return h;
}

RunTotals searchAll(const MctsOptions& options, const SearchLimits& limits) {
    RunTotals t;
    const std::atomic<bool> never{false};
    for (const Position& pos : benchPositions()) {
        Mcts mcts(options);
        const auto t0 = Clock::now();
        const double c0 = cpuNow();
        const SearchResult r = mcts.search(Game(pos), limits, never);
        t.seconds += secondsSince(t0);
        t.cpuSeconds += cpuNow() - c0;
        t.simulations += r.simulations;
        t.signature = signatureStep(t.signature, r);
    }
    return t;
}

// The move that led to each bench position (none for the start).
std::vector<std::optional<Move>> benchLastMoves() {
    std::vector<std::optional<Move>> out;
    for (const int ply : kPlies)
        out.push_back(ply ? std::optional<Move>(parseMove(kGame[ply - 1], 10)) : std::nullopt);
    return out;
}

// Moves per CPU second of the linear prior (ordering 2) and the pattern prior (3), each scoring
// every legal move of the positions (as a node that needs them all, for its PUCT term or its
// widening, does). CPU time, not wall time, so that other work on the machine weighs less; the
// rounds alternate 2, 3, 3, 2, ... so that a machine that changes speed weighs on both alike.
std::pair<double, double> priorScoringRates(const EngineConfig& config, int rounds) {
    const std::vector<Position> positions = benchPositions();
    const std::vector<std::optional<Move>> last = benchLastMoves();
    std::vector<ScoredMove> out;
    uint64_t moves[2] = {0, 0};
    double seconds[2] = {0, 0};
    auto pass = [&](int which) {
        const double t0 = cpuNow();
        for (size_t i = 0; i < positions.size(); ++i)
            moves[which] += which == 0
                                ? scoreBestMovesLearned(positions[i], config.prior, 0, out)
                                : scoreBestMovesPattern(positions[i], last[i],
                                                        config.patterns.forWidth(10), 0, out);
        seconds[which] += cpuNow() - t0;
    };
    for (int r = 0; r < rounds; ++r) {
        pass(r % 2);
        pass(1 - r % 2);
    }
    return {moves[0] / seconds[0], moves[1] / seconds[1]};
}

}  // namespace

std::vector<Position> benchPositions() {
    std::vector<Position> out;
    Position pos = Position::start(10);
    int ply = 0;
    for (const int target : kPlies) {
        for (; ply < target; ++ply)
            pos.makeMove(parseMove(kGame[ply], 10));
        out.push_back(pos);
    }
    return out;
}

uint64_t benchSignature(const EngineConfig& config, uint64_t visits) {
    SearchLimits limits;
    limits.visits = visits;
    return searchAll(optionsFor(config, 1), limits).signature;
}

BenchReport runBench(const EngineConfig& config) {
    return runBench(config, BenchOptions{});
}

BenchReport runBench(const EngineConfig& config, const BenchOptions& options) {
    const auto start = Clock::now();
    BenchReport report;
    const std::vector<Position> positions = benchPositions();

    // Evaluation speed on the middle-game positions.
    const auto e0 = Clock::now();
    double sink = 0;
    for (uint64_t i = 0; i < options.evalCount; ++i)
        sink += evaluate(positions[1 + i % (positions.size() - 1)], config.eval);
    const double evalSeconds = secondsSince(e0);

    SearchLimits limits;
    limits.visits = config.visits ? config.visits : options.visits;
    const RunTotals one = searchAll(optionsFor(config, 1), limits);

    report.emplace_back("positions", std::to_string(positions.size()));
    report.emplace_back("visits_per_position", std::to_string(limits.visits));
    report.emplace_back("signature", std::to_string(one.signature));
    report.emplace_back("simulations", std::to_string(one.simulations));
    report.emplace_back("evals_per_second",
                        std::to_string(static_cast<uint64_t>(options.evalCount / evalSeconds)));
    report.emplace_back("simulations_per_second",
                        std::to_string(static_cast<uint64_t>(one.simulations / one.seconds)));
    const auto [linear, pattern] = priorScoringRates(config, options.priorRounds);
    report.emplace_back("prior_moves_per_second_ordering2",
                        std::to_string(static_cast<uint64_t>(linear)));
    report.emplace_back("prior_moves_per_second_ordering3",
                        std::to_string(static_cast<uint64_t>(pattern)));
    report.emplace_back("prior_cost_ratio_3_to_2", fixedDecimals(linear / pattern, 2));
    if (config.threads > 1) {
        // The same positions for a fixed time, with one thread and with config.threads.
        SearchLimits timed;
        timed.seconds = options.threadSeconds;
        RunTotals t1, tn;
        // Rounds in the order 1, N, N, 1, ...: a machine that slows down or speeds up during
        // the run weighs on both figures alike.
        for (int round = 0; round < options.threadRounds; ++round) {
            const bool oneFirst = round % 2 == 0;
            RunTotals& first = oneFirst ? t1 : tn;
            RunTotals& second = oneFirst ? tn : t1;
            first += searchAll(optionsFor(config, oneFirst ? 1 : config.threads), timed);
            second += searchAll(optionsFor(config, oneFirst ? config.threads : 1), timed);
        }
        const double sps1 = t1.simulations / t1.seconds, spsN = tn.simulations / tn.seconds;
        report.emplace_back("timed_simulations_per_second_1_thread",
                            std::to_string(static_cast<uint64_t>(sps1)));
        report.emplace_back(
            "timed_simulations_per_second_" + std::to_string(config.threads) + "_threads",
            std::to_string(static_cast<uint64_t>(spsN)));
        report.emplace_back("thread_speedup", fixedDecimals(spsN / sps1, 2));
        // Simulations per CPU-second: how much the threads lose to each other, whatever else
        // runs on the machine (speed-up on idle cores = threads x this ratio).
        const double cpu1 = t1.simulations / t1.cpuSeconds, cpuN = tn.simulations / tn.cpuSeconds;
        report.emplace_back("simulations_per_cpu_second_1_thread",
                            std::to_string(static_cast<uint64_t>(cpu1)));
        report.emplace_back(
            "simulations_per_cpu_second_" + std::to_string(config.threads) + "_threads",
            std::to_string(static_cast<uint64_t>(cpuN)));
        report.emplace_back("thread_efficiency", fixedDecimals(cpuN / cpu1, 2));
    }
    report.emplace_back("elapsed_seconds", fixedDecimals(secondsSince(start), 3));
    if (sink == 12345.678) report.emplace_back("unlikely", "");  // keeps the evals alive
    return report;
}

}  // namespace hippolyta
