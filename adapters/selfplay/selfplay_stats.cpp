// hippolyta-selfplay --stats: what a training-data file holds, for a quick look at a run.
#include <algorithm>
#include <iomanip>

#include "adapters/selfplay/selfplay.h"

namespace hippolyta {

namespace {

struct DataTally {
    uint64_t games = 0, positions = 0, whiteWins = 0, starterWins = 0;
    uint64_t firstGame = 0, lastGame = 0;
    uint64_t sampled = 0, sampledNotBest = 0, proven = 0;
    uint64_t treeSamples = 0;
    double treeSampleVisits = 0, treeSampleDepth = 0;
    double rootVisits = 0, rootMoves = 0, squaredError = 0;
    double whiteShare = 0, blackShare = 0, winnerShare = 0;  // summed over games

    void add(const SelfPlayGame& g) {
        if (!games) firstGame = g.game;
        lastGame = g.game;
        ++games;
        whiteWins += g.winner == Color::White;
        addOwnership(g);
        starterWins += g.winner == g.start.sideToMove();
        forEachPosition(g, [&](const TrainingPosition& t) {
            const PlyRecord& p = *t.record;
            ++positions;
            sampled += p.sampled;
            sampledNotBest += p.sampled && !p.visits.empty() && !(p.played == p.visits[0].move);
            proven += p.proven;
            rootVisits += p.rootVisits;
            rootMoves += static_cast<double>(p.visits.size());
            squaredError += (p.value - t.result()) * (p.value - t.result());
            for (const TreeSampleRecord& s : p.treeSamples) {
                ++treeSamples;
                treeSampleVisits += s.visits;
                treeSampleDepth += static_cast<double>(s.line.size());
            }
        });
    }

    void addOwnership(const SelfPlayGame& g) {
        const double squares = std::max<double>(1, static_cast<double>(g.ownership.size()));
        const double white =
            static_cast<double>(std::count(g.ownership.begin(), g.ownership.end(), 1));
        const double black =
            static_cast<double>(std::count(g.ownership.begin(), g.ownership.end(), -1));
        whiteShare += white / squares;
        blackShare += black / squares;
        winnerShare += (g.winner == Color::White ? white : black) / squares;
    }
};

double percent(uint64_t part, uint64_t whole) {
    return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0;
}

}  // namespace

void printTrainingDataStats(const std::string& file, std::ostream& out) {
    TrainingDataReader reader(file);
    DataTally t;
    SelfPlayGame g;
    while (reader.next(g))
        t.add(g);
    const double n = std::max<double>(1, static_cast<double>(t.positions));
    out << "file: " << file << "\nsettings: " << describeRun(reader.header()) << "\n";
    out << std::fixed << std::setprecision(1);
    out << "games: " << t.games;
    if (t.games) out << " (numbers " << t.firstGame << ".." << t.lastGame << ")";
    out << "\npositions: " << t.positions << " (" << n / std::max<double>(1, t.games)
        << " a game)\n";
    out << "results: White " << t.whiteWins << " (" << percent(t.whiteWins, t.games) << "%), Black "
        << t.games - t.whiteWins << " (" << percent(t.games - t.whiteWins, t.games)
        << "%); the side to move after the opening " << t.starterWins << " ("
        << percent(t.starterWins, t.games) << "%)\n";
    out << "sampled moves: " << t.sampled << ", " << t.sampledNotBest
        << " of them not the most visited; proven values: " << t.proven << "\n";
    out << "root visits: " << t.rootVisits / n << " a position, " << t.rootMoves / n
        << " root moves with counts\n";
    if (t.treeSamples) {
        const double k = static_cast<double>(t.treeSamples);
        out << "tree samples: " << t.treeSamples << " (" << k / n << " a position), "
            << t.treeSampleVisits / k << " visits and " << t.treeSampleDepth / k
            << " plies below the root on average\n";
    }
    const double perGame = 100.0 / std::max<double>(1, static_cast<double>(t.games));
    out << "ownership (share of the squares, mean over games): White " << t.whiteShare * perGame
        << "%, Black " << t.blackShare * perGame << "%, neither "
        << 100.0 - (t.whiteShare + t.blackShare) * perGame << "%; the winner "
        << t.winnerShare * perGame << "%, the loser "
        << (t.whiteShare + t.blackShare - t.winnerShare) * perGame << "%\n";
    out << std::setprecision(4) << "value against the result: mean squared error "
        << t.squaredError / n << "\n"
        << std::defaultfloat;
    if (reader.droppedTornTail()) out << "a torn last record was dropped (a game cut short)\n";
}

}  // namespace hippolyta
