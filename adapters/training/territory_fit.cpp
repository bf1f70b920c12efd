#include "adapters/training/territory_fit.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "adapters/selfplay/training_data.h"
#include "engine/core/assert.h"

namespace hippolyta {

namespace {

using L = TerritoryLayout;

// The classes of a cell, in the order of TerritoryLayout::cell's arguments.
struct CellClasses {
    int stage, ownQueen, oppQueen, ownKing, oppKing, balance;
};

CellClasses classesOf(int cell) {
    CellClasses c{};
    c.stage = cell / L::kStage;
    c.ownQueen = cell / L::kOwnQueen % L::kQueenClasses;
    c.oppQueen = cell / L::kOppQueen % L::kQueenClasses;
    c.ownKing = cell / L::kOwnKing % L::kKingClasses;
    c.oppKing = cell / L::kOppKing % L::kKingClasses;
    c.balance = cell % L::kBalanceClasses;
    return c;
}

// The factored model: per stage, four tables whose entries add up to the logits of "own" and
// "opponent" ("neither" is 0): the queen distances with the balance, the king distances, and
// each side's two distances. Parameters are laid out table after table.
constexpr int kQQ = L::kQueenClasses * L::kQueenClasses * L::kBalanceClasses;
constexpr int kKK = L::kKingClasses * L::kKingClasses;
constexpr int kQK = L::kQueenClasses * L::kKingClasses;
constexpr int kPerStage = kQQ + kKK + 2 * kQK;
constexpr int kParams = L::kStages * kPerStage * 2;

// The four parameter indices (class 0) of a cell; class c adds c.
std::array<int, 4> factorIndices(int cell) {
    const CellClasses c = classesOf(cell);
    const int base = c.stage * kPerStage;
    return {
        2 * (base + (c.ownQueen * L::kQueenClasses + c.oppQueen) * L::kBalanceClasses + c.balance),
        2 * (base + kQQ + c.ownKing * L::kKingClasses + c.oppKing),
        2 * (base + kQQ + kKK + c.ownQueen * L::kKingClasses + c.ownKing),
        2 * (base + kQQ + kKK + kQK + c.oppQueen * L::kKingClasses + c.oppKing)};
}

std::array<double, 3> softmax3(double own, double opp) {
    const double m = std::max({0.0, own, opp});
    const double e0 = std::exp(-m), e1 = std::exp(own - m), e2 = std::exp(opp - m);
    const double s = e0 + e1 + e2;
    return {e0 / s, e1 / s, e2 / s};
}

std::array<double, 3> factoredProbabilities(const std::vector<double>& theta, int cell) {
    double own = 0, opp = 0;
    for (int i : factorIndices(cell)) {
        own += theta[static_cast<size_t>(i)];
        opp += theta[static_cast<size_t>(i + 1)];
    }
    return softmax3(own, opp);
}

// Adam on the mean log-loss over the counted squares, with a small L2 pull toward 0.
std::vector<double> fitFactored(const TerritoryCounts& counts, int iterations) {
    std::vector<double> theta(kParams, 0.0), m(kParams, 0.0), v(kParams, 0.0), g(kParams);
    const double total = std::max(1.0, counts.squares());
    const double rate = 0.05, beta1 = 0.9, beta2 = 0.999, l2 = 1e-5;
    for (int it = 1; it <= iterations; ++it) {
        for (int i = 0; i < kParams; ++i)
            g[static_cast<size_t>(i)] = 2 * l2 * theta[static_cast<size_t>(i)];
        for (int cell = 0; cell < L::kCells; ++cell) {
            const auto& n = counts.n[static_cast<size_t>(cell)];
            const double cellTotal = n[0] + n[1] + n[2];
            if (cellTotal == 0) continue;
            const std::array<double, 3> p = factoredProbabilities(theta, cell);
            for (int i : factorIndices(cell)) {
                g[static_cast<size_t>(i)] += (cellTotal * p[1] - n[1]) / total;
                g[static_cast<size_t>(i + 1)] += (cellTotal * p[2] - n[2]) / total;
            }
        }
        const double c1 = 1 - std::pow(beta1, it), c2 = 1 - std::pow(beta2, it);
        for (size_t i = 0; i < theta.size(); ++i) {
            m[i] = beta1 * m[i] + (1 - beta1) * g[i];
            v[i] = beta2 * v[i] + (1 - beta2) * g[i] * g[i];
            theta[i] -= rate * (m[i] / c1) / (std::sqrt(v[i] / c2) + 1e-10);
        }
    }
    return theta;
}

TerritoryTable shrunk(const TerritoryCounts& counts, const std::vector<double>& theta,
                      double alpha) {
    TerritoryTable t;
    for (int cell = 0; cell < L::kCells; ++cell) {
        const auto& n = counts.n[static_cast<size_t>(cell)];
        const std::array<double, 3> f = factoredProbabilities(theta, cell);
        const double cellTotal = n[0] + n[1] + n[2];
        const double d = cellTotal + alpha;
        t.own[static_cast<size_t>(cell)] = static_cast<float>((n[1] + alpha * f[1]) / d);
        t.opp[static_cast<size_t>(cell)] = static_cast<float>((n[2] + alpha * f[2]) / d);
    }
    return t;
}

// Scores per-cell probabilities (p[0] neither, p[1] own, p[2] opponent) against counts.
template <typename Probabilities>
OwnershipScore scoreCells(const TerritoryCounts& counts, Probabilities probabilities,
                          bool withLoss) {
    OwnershipScore s;
    double loss = 0, right3 = 0, rightSign = 0;
    for (int cell = 0; cell < L::kCells; ++cell) {
        const auto& n = counts.n[static_cast<size_t>(cell)];
        if (n[0] + n[1] + n[2] == 0) continue;
        const std::array<double, 3> p = probabilities(cell);
        s.squares += n[0] + n[1] + n[2];
        s.owned += n[1] + n[2];
        for (int c = 0; c < 3; ++c)
            loss -= n[static_cast<size_t>(c)] * std::log(std::max(p[static_cast<size_t>(c)], 1e-6));
        const int best = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
        right3 += n[static_cast<size_t>(best)];
        const double e = p[1] - p[2];
        rightSign += e > 0 ? n[1] : e < 0 ? n[2] : 0.5 * (n[1] + n[2]);
    }
    s.logLoss = withLoss && s.squares ? loss / s.squares : std::numeric_limits<double>::quiet_NaN();
    s.accuracy3 = s.squares ? right3 / s.squares : 0;
    s.signAccuracy = s.owned ? rightSign / s.owned : 0;
    return s;
}

}  // namespace

double TerritoryCounts::squares() const {
    double s = 0;
    for (const auto& c : n)
        s += c[0] + c[1] + c[2];
    return s;
}

double TerritoryCounts::owned() const {
    double s = 0;
    for (const auto& c : n)
        s += c[1] + c[2];
    return s;
}

void countTerritory(const std::vector<std::string>& files, TerritoryBoard board, int splitEvery,
                    TerritoryCounts& train, TerritoryCounts* validation) {
    std::array<uint16_t, kMaxSquares> cells{};
    for (const std::string& file : files)
        readTrainingPositions(file, [&](const TrainingPosition& t) {
            if (territoryBoardOf(t.position.width()) != board) return;
            const bool held = splitEvery > 0 && t.game % static_cast<uint64_t>(splitEvery) == 0;
            TerritoryCounts& into = held && validation ? *validation : train;
            if (held && !validation) return;
            territoryCells(t.position, cells);
            const int8_t mine = t.sideToMove() == Color::White ? 1 : -1;
            const std::vector<int8_t>& owner = *t.ownership;
            forEachSquare(t.position.emptySquares(), [&](int sq) {
                HIPPOLYTA_ASSERT(cells[static_cast<size_t>(sq)] != kNoCell);
                const int8_t o = owner[static_cast<size_t>(sq)];
                const int label = o == 0 ? 0 : o == mine ? 1 : 2;
                into.n[cells[static_cast<size_t>(sq)]][static_cast<size_t>(label)] += 1;
            });
        });
}

TerritoryTable fitTerritory(const TerritoryCounts& train, const TerritoryCounts& validation,
                            TerritoryFitReport& report) {
    report.iterations = 2000;
    const std::vector<double> theta = fitFactored(train, report.iterations);
    report.trainSquares = train.squares();
    report.validationSquares = validation.squares();
    const double factoredOnly = 1e12;
    report.factoredValidationLoss =
        scoreTable(shrunk(train, theta, factoredOnly), validation).logLoss;
    TerritoryTable best = shrunk(train, theta, factoredOnly);
    report.alpha = factoredOnly;
    report.chosenValidationLoss = report.factoredValidationLoss;
    for (double alpha : {0.5, 2.0, 8.0, 32.0, 128.0, 512.0, 2048.0}) {
        TerritoryTable t = shrunk(train, theta, alpha);
        const double loss = scoreTable(t, validation).logLoss;
        if (loss < report.chosenValidationLoss) {
            report.chosenValidationLoss = loss;
            report.alpha = alpha;
            best = t;
        }
    }
    return best;
}

OwnershipScore scoreTable(const TerritoryTable& table, const TerritoryCounts& counts) {
    return scoreCells(
        counts,
        [&](int cell) {
            const double own = table.own[static_cast<size_t>(cell)];
            const double opp = table.opp[static_cast<size_t>(cell)];
            return std::array<double, 3>{1 - own - opp, own, opp};
        },
        true);
}

OwnershipScore scoreQueenDistance(const TerritoryCounts& counts) {
    return scoreCells(
        counts,
        [](int cell) {
            const CellClasses c = classesOf(cell);
            const int own = c.ownQueen, opp = c.oppQueen;
            if (own < opp) return std::array<double, 3>{0, 1, 0};
            if (own > opp) return std::array<double, 3>{0, 0, 1};
            return std::array<double, 3>{1, 0, 0};
        },
        false);
}

}  // namespace hippolyta
