// One self-play game: a seeded random opening, then the engine against itself at fixed visits,
// the first plies drawn from the root's visit counts for variety.
#include "adapters/selfplay/selfplay.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "adapters/common/openings.h"
#include "engine/core/game.h"
#include "engine/core/splitmix.h"
#include "engine/eval/ownership.h"
#include "engine/search/engine.h"
#include "engine/search/parameters.h"

namespace hippolyta {

namespace {

// Each game's engine seed and sampling draw from (run seed, game number, purpose) only.
uint64_t gameStream(uint64_t seed, uint64_t game, uint64_t purpose) {
    return splitMix64(splitMix64(seed ^ splitMix64(game)) + purpose);
}

EngineConfig engineConfigFor(const SelfPlayConfig& c, uint64_t game) {
    EngineConfig e;
    e.threads = 1;
    e.memoryMb = c.memoryMb;
    e.moveTimeSeconds = c.moveSeconds;
    e.visits = c.moveSeconds > 0 ? 0 : c.visits;
    e.seed = gameStream(c.seed, game, 1);
    e.net = c.net;
    for (const std::string& p : c.params)
        setParameterOrThrow(e, p);  // a ParameterError is a std::invalid_argument
    return e;
}

// The search's interior nodes as the file keeps them; not the played move's subtree, which the
// next ply's search reuses and samples again with more visits.
std::vector<TreeSampleRecord> treeSampleRecords(const Engine& engine, const SelfPlayConfig& c,
                                                Move played) {
    std::vector<TreeSampleRecord> out;
    for (TreeSample& t : engine.treeSamples(c.treeSampleVisits, played, kTreeSamplesPerPly)) {
        if (t.line.size() > 255) continue;  // the format's limit; never near it in practice
        TreeSampleRecord r;
        r.line = std::move(t.line);
        r.proven = t.proven;
        r.value = t.value;
        r.visits = t.visits;
        for (const auto& [move, visits] : t.children)
            r.children.push_back({move, visits});
        out.push_back(std::move(r));
    }
    return out;
}

}  // namespace

TrainingDataHeader selfPlayHeader(const SelfPlayConfig& c) {
    if (c.size < kMinBoardSize || c.size > kMaxBoardSize)
        throw std::invalid_argument("--size must be 4..11");
    if (c.games < 0) throw std::invalid_argument("--games must be >= 0");
    if (c.moveSeconds <= 0 && c.visits == 0)
        throw std::invalid_argument("give --visits N > 0 or --move-time S > 0");
    if (c.randomPlies < 0 || c.randomPlies > 255 || c.explorePlies < 0)
        throw std::invalid_argument("--random-plies must be 0..255, --explore-plies >= 0");
    if (!(c.temperature >= 0)) throw std::invalid_argument("--temperature must be >= 0");
    if (c.shardCount < 1 || c.shardIndex < 0 || c.shardIndex >= c.shardCount)
        throw std::invalid_argument("the shard must be I/N with 0 <= I < N");
    if (c.concurrency < 1) throw std::invalid_argument("--concurrency must be >= 1");
    engineConfigFor(c, 1);  // checks the parameters
    std::vector<std::string> params = c.params;
    std::sort(params.begin(), params.end());
    // player= names what plays the games: the engine's search with its linear prior and
    // evaluation, or with a network too (mcts+net, and the net file's checksum), so that files
    // of different players or nets are never resumed or merged together.
    std::ostringstream s;
    s << "player=mcts";
    if (c.net) {
        char net[40];
        std::snprintf(net, sizeof net, "+net net=%016llx",
                      static_cast<unsigned long long>(c.net->netChecksum()));
        s << net;
    }
    if (c.moveSeconds > 0)
        s << " move-time=" << c.moveSeconds;
    else
        s << " visits=" << c.visits;
    s << " random-plies=" << c.randomPlies << " explore-plies=" << c.explorePlies
      << " temperature=" << c.temperature;
    if (c.treeSampleVisits) s << " tree-samples=" << c.treeSampleVisits;
    for (const std::string& p : params)
        s << " param:" << p;
    TrainingDataHeader h;
    h.boardSize = c.size;
    h.seed = c.seed;
    h.shardIndex = static_cast<uint32_t>(c.shardIndex);
    h.shardCount = static_cast<uint32_t>(c.shardCount);
    h.settings = s.str();
    if (c.treeSampleVisits) h.version = kTreeSampleDataVersion;
    return h;
}

PlyRecord recordSearch(const SearchResult& r) {
    PlyRecord ply;
    ply.value = static_cast<float>(r.winrate);
    ply.proven = r.proven;
    ply.rootVisits = static_cast<uint32_t>(r.visits);
    for (const CandidateInfo& ci : r.candidates)
        ply.visits.push_back({ci.move, static_cast<uint32_t>(ci.visits)});
    ply.played = *r.move;
    return ply;
}

Move sampleByVisits(const SearchResult& r, double temperature, uint64_t random) {
    uint64_t total = 0;
    for (const CandidateInfo& c : r.candidates)
        total += c.visits;
    if (temperature <= 0 || total == 0) return *r.move;
    if (temperature == 1) {  // exact integer arithmetic: the same draw on every machine
        uint64_t x = random % total;
        for (const CandidateInfo& c : r.candidates) {
            if (x < c.visits) return c.move;
            x -= c.visits;
        }
    }
    std::vector<double> weights;
    double sum = 0;
    for (const CandidateInfo& c : r.candidates) {
        weights.push_back(c.visits ? std::pow(static_cast<double>(c.visits), 1 / temperature) : 0);
        sum += weights.back();
    }
    double x = static_cast<double>(random >> 11) * 0x1.0p-53 * sum;
    for (size_t i = 0; i < weights.size(); ++i) {
        if (weights[i] > 0 && x < weights[i]) return r.candidates[i].move;
        x -= weights[i];
    }
    return *r.move;  // rounding left x just above the last weight
}

std::optional<SelfPlayGame> playSelfPlayGame(const SelfPlayConfig& c, uint64_t gameNumber,
                                             const std::atomic<bool>* stop) {
    static const std::atomic<bool> never{false};
    const std::atomic<bool>& stopFlag = stop ? *stop : never;
    const Opening opening = randomOpening(c.size, c.randomPlies, c.seed, gameNumber);
    SelfPlayGame record;
    record.game = gameNumber;
    record.openingPlies = static_cast<int>(opening.moves.size());
    record.start = opening.start;
    for (Move m : opening.moves)
        record.start.makeMove(m);
    Engine engine(engineConfigFor(c, gameNumber));
    const SearchLimits limits = engine.defaultLimits();
    uint64_t sampling = gameStream(c.seed, gameNumber, 2);
    Game game(record.start);
    while (!game.isOver()) {
        const SearchResult r = engine.chooseMove(game, limits, stopFlag);
        if (stopFlag.load()) return std::nullopt;
        if (!r.move) throw std::logic_error("the search found no move in a live position");
        PlyRecord ply = recordSearch(r);
        const bool haveVisits = std::any_of(r.candidates.begin(), r.candidates.end(),
                                            [](const CandidateInfo& ci) { return ci.visits > 0; });
        if (static_cast<int>(record.plies.size()) < c.explorePlies && c.temperature > 0 &&
            haveVisits) {
            sampling = splitMix64(sampling);
            ply.played = sampleByVisits(r, c.temperature, sampling);
            ply.sampled = true;
        }
        if (c.treeSampleVisits) ply.treeSamples = treeSampleRecords(engine, c, ply.played);
        if (!game.play(ply.played)) throw std::logic_error("the search chose an illegal move");
        record.plies.push_back(std::move(ply));
    }
    record.winner = *game.winner();
    record.ownership = gameOwnership(record.start, record.moves());
    return record;
}

}  // namespace hippolyta
