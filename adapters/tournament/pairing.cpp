#include "adapters/tournament/pairing.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace hippolyta {

namespace {

constexpr TournamentFormat kFormats[] = {TournamentFormat::RoundRobin, TournamentFormat::Gauntlet,
                                         TournamentFormat::Swiss, TournamentFormat::Olympiad};

// One cycle of all pairs by the circle method: entrant 0 stays, the others rotate; with an
// odd number a dummy joins and whoever meets it sits the round out.
std::vector<Encounter> roundRobinCycle(int n) {
    const int m = n + n % 2;
    std::vector<int> ring(m);
    std::iota(ring.begin(), ring.end(), 0);
    std::vector<Encounter> out;
    for (int k = 0; k < m - 1; ++k) {
        for (int i = 0; i < m / 2; ++i) {
            const int a = ring[i], b = ring[m - 1 - i];
            if (a >= n || b >= n) continue;
            // Alternate who opens with White so that no entrant always does.
            const bool aFirst = i == 0 ? k % 2 == 0 : i % 2 == 0;
            out.push_back(aFirst ? Encounter{a, b} : Encounter{b, a});
        }
        std::rotate(ring.begin() + 1, ring.end() - 1, ring.end());
    }
    return out;
}

struct SwissState {
    std::vector<std::vector<bool>> met;
    std::vector<int> byes;
    std::vector<int> whiteFirst;  // encounters in which the entrant had White first
};

SwissState swissState(int n, const std::vector<Round>& played) {
    SwissState s{std::vector<std::vector<bool>>(n, std::vector<bool>(n)), std::vector<int>(n),
                 std::vector<int>(n)};
    for (const Round& r : played) {
        for (const Encounter& e : r.encounters) {
            s.met[e.first][e.second] = s.met[e.second][e.first] = true;
            ++s.whiteFirst[e.first];
        }
        if (r.bye >= 0) ++s.byes[r.bye];
    }
    return s;
}

// Pairs the unused entrants of `order` (highest placed first): the highest unpaired meets the
// highest placed below it it has not met, backtracking to the next candidate when the rest
// cannot be paired. Appends to pairs (higher placed first); false if no pairing exists.
bool pairUp(const std::vector<int>& order, std::vector<bool>& used, const SwissState& s,
            std::vector<std::pair<int, int>>& pairs) {
    std::size_t i = 0;
    while (i < order.size() && used[i])
        ++i;
    if (i == order.size()) return true;
    used[i] = true;
    for (std::size_t j = i + 1; j < order.size(); ++j) {
        if (used[j] || s.met[order[i]][order[j]]) continue;
        used[j] = true;
        pairs.emplace_back(order[i], order[j]);
        if (pairUp(order, used, s, pairs)) return true;
        pairs.pop_back();
        used[j] = false;
    }
    used[i] = false;
    return false;
}

}  // namespace

const char* formatName(TournamentFormat format) {
    switch (format) {
        case TournamentFormat::RoundRobin:
            return "round-robin";
        case TournamentFormat::Gauntlet:
            return "gauntlet";
        case TournamentFormat::Swiss:
            return "swiss";
        case TournamentFormat::Olympiad:
        default:
            return "olympiad";
    }
}

std::optional<TournamentFormat> parseFormat(std::string_view text) {
    for (TournamentFormat f : kFormats)
        if (text == formatName(f)) return f;
    return std::nullopt;
}

int encountersPerRound(TournamentFormat format, int n) {
    switch (format) {
        case TournamentFormat::RoundRobin:
            return n * (n - 1) / 2;
        case TournamentFormat::Gauntlet:
            return n - 1;
        default:
            return n / 2;
    }
}

std::vector<Round> fixedRounds(TournamentFormat format, int n, int rounds) {
    std::vector<Encounter> cycle;
    if (format == TournamentFormat::RoundRobin) {
        cycle = roundRobinCycle(n);
    } else if (format == TournamentFormat::Gauntlet) {
        for (int b = 1; b < n; ++b)
            cycle.push_back({0, b});
    } else {
        throw std::invalid_argument("a Swiss has no fixed schedule");
    }
    std::vector<Round> out(rounds);
    for (int r = 0; r < rounds; ++r)
        for (const Encounter& e : cycle)
            out[r].encounters.push_back(r % 2 == 0 ? e : Encounter{e.second, e.first});
    return out;
}

Round swissRound(int n, const std::vector<Round>& played, const std::vector<int>& points) {
    const SwissState s = swissState(n, played);
    // Placing for the pairing: points, then the order of the entrants file.
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return points[a] > points[b]; });
    // The bye goes to the lowest placed entrant with the fewest byes whose absence leaves a
    // pairing without repeats.
    std::vector<int> byeCandidates;
    if (n % 2 == 1) {
        byeCandidates.assign(order.rbegin(), order.rend());
        std::stable_sort(byeCandidates.begin(), byeCandidates.end(),
                         [&](int a, int b) { return s.byes[a] < s.byes[b]; });
    } else {
        byeCandidates.push_back(-1);
    }
    const int roundNumber = static_cast<int>(played.size()) + 1;
    for (int bye : byeCandidates) {
        std::vector<int> rest;
        for (int e : order)
            if (e != bye) rest.push_back(e);
        std::vector<bool> used(rest.size());
        std::vector<std::pair<int, int>> pairs;
        if (!pairUp(rest, used, s, pairs)) continue;
        Round round;
        round.bye = bye;
        for (const auto& [high, low] : pairs) {
            // White first to whoever had it less often; on a tie the higher placed in odd
            // rounds, the lower placed in even rounds.
            bool highFirst = roundNumber % 2 == 1;
            if (s.whiteFirst[high] != s.whiteFirst[low])
                highFirst = s.whiteFirst[high] < s.whiteFirst[low];
            round.encounters.push_back(highFirst ? Encounter{high, low} : Encounter{low, high});
        }
        return round;
    }
    throw std::runtime_error("no Swiss pairing for round " + std::to_string(roundNumber) +
                             " avoids a repeated encounter: use fewer rounds");
}

}  // namespace hippolyta
