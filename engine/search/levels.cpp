#include "engine/search/levels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/eval/territory.h"

namespace hippolyta {

namespace {

// Calibrated with hippolyta-match on 10x10 (docs/levels.md): each level scores 60-85% against
// the one below, and level 1 at most 30% against the greedy player.
const LevelSettings kLevelTable[kMaxLevel - 1] = {
    {0, 1.45, false},     // 1
    {0, 0.85, false},     // 2
    {0, 0.3, false},      // 3
    {8, 0.05, false},     // 4
    {30, 0.05, false},    // 5
    {300, 0.015, true},   // 6
    {1000, 0.01, true},   // 7
    {2000, 0.007, true},  // 8
    {3000, 0.0, true},    // 9
};

// Draws an index with probability proportional to weights[i] (not all zero).
size_t drawLevelIndex(const std::vector<double>& weights, std::mt19937_64& rng) {
    double total = 0;
    for (double w : weights)
        total += w;
    // A uniform draw from the generator's raw output: std::uniform_real_distribution is not
    // specified exactly, and a fixed seed must replay the same game on every library.
    double x = static_cast<double>(rng() >> 11) * (1.0 / 9007199254740992.0) * total;
    for (size_t i = 0; i < weights.size(); ++i) {
        if (x < weights[i]) return i;
        x -= weights[i];
    }
    return weights.size() - 1;
}

// Softmax weights of scores at a temperature; 0 keeps only the best (the first among equals).
std::vector<double> levelSoftmax(const std::vector<double>& scores, double temperature) {
    double best = scores.front();
    size_t bestIndex = 0;
    for (size_t i = 1; i < scores.size(); ++i)
        if (scores[i] > best) {
            best = scores[i];
            bestIndex = i;
        }
    std::vector<double> weights(scores.size(), 0.0);
    if (temperature <= 0) {
        weights[bestIndex] = 1;
        return weights;
    }
    for (size_t i = 0; i < scores.size(); ++i)
        weights[i] = std::exp((scores[i] - best) / temperature);
    return weights;
}

}  // namespace

LevelSettings levelSettings(int level) {
    if (level < kMinLevel || level >= kMaxLevel)
        throw std::out_of_range("level " + std::to_string(level) + " has no reduced settings");
    return kLevelTable[level - kMinLevel];
}

std::optional<int> parseLevel(const char* text) {
    if (!text || !*text) return std::nullopt;
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    if (*end != '\0' || text[0] == '-' || text[0] == '+' || text[0] == ' ') return std::nullopt;
    if (value < kMinLevel || value > kMaxLevel) return std::nullopt;
    return static_cast<int>(value);
}

std::optional<Move> pickAmongCandidates(const SearchResult& result, double temperature,
                                        std::mt19937_64& rng) {
    if (temperature <= 0 || result.candidates.empty()) return result.move;
    // A move seen in a handful of visits has a winrate too noisy to choose by.
    uint64_t most = 0;
    for (const CandidateInfo& c : result.candidates)
        most = std::max(most, c.visits);
    const uint64_t enough = std::max<uint64_t>(1, most / 10);
    std::vector<Move> moves;
    std::vector<double> scores;
    for (const CandidateInfo& c : result.candidates) {
        if (c.proven && c.winrate <= 0) continue;  // a proven loss is never good enough
        if (c.visits < enough && !c.proven) continue;
        moves.push_back(c.move);
        scores.push_back(c.winrate);
    }
    if (moves.empty()) return result.move;
    return moves[drawLevelIndex(levelSoftmax(scores, temperature), rng)];
}

std::optional<Move> pickByTerritory(const Position& start, double temperature,
                                    std::mt19937_64& rng) {
    Position pos = start;
    const Color me = pos.sideToMove();
    MoveList moves;
    pos.generateMoves(moves);
    if (moves.empty()) return std::nullopt;
    std::vector<double> scores;
    scores.reserve(moves.size());
    for (Move m : moves) {
        pos.makeMove(m);
        scores.push_back(queenTerritoryScore(pos, me));
        pos.undoMove(m);
    }
    return moves[drawLevelIndex(levelSoftmax(scores, temperature), rng)];
}

}  // namespace hippolyta
