#include "adapters/training/spsa_runner.h"

#include <fstream>
#include <map>
#include <stdexcept>

#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

// The plus side's score in a finished game: 1 for a win, 0 for a loss.
double plusScore(const GameRow& row) {
    if (row.white != "plus" && row.black != "plus")
        throw std::invalid_argument("results table: game " + std::to_string(row.game) +
                                    " is not between plus and minus");
    return row.winnerName() == "plus" ? 1 : 0;
}

std::string sideCommand(const SpsaRunConfig& c, const std::vector<double>& values) {
    std::string cmd = c.engine;
    for (size_t i = 0; i < c.params.size(); ++i)
        cmd += " --param " + c.params[i].name + "=" + fixedDecimals(values[i], 6);
    return cmd;
}

std::string runKey(const SpsaRunConfig& c) {
    std::string key = "spsa engine=" + cleanName(c.engine) + "; seed=" + std::to_string(c.seed) +
                      "; iterations=" + std::to_string(c.schedule.iterations) +
                      "; size=" + std::to_string(c.core.size) +
                      "; random-plies=" + std::to_string(c.randomPlies) + "; params=";
    for (const SpsaParam& p : c.params)
        key += p.name + ":" + fixedDecimals(p.start, 6) + ":" + fixedDecimals(p.min, 6) + ":" +
               fixedDecimals(p.max, 6) + ":" + fixedDecimals(p.cEnd, 6) + ":" +
               fixedDecimals(p.rEnd, 6) + ",";
    return key;
}

void appendTheta(const SpsaRunConfig& c, int k, const std::vector<double>& theta) {
    const std::string path = c.core.outDir + "/theta.tsv";
    std::ofstream out(path, std::ios::app);
    if (k == 1) {
        out << "iteration";
        for (const SpsaParam& p : c.params)
            out << '\t' << p.name;
        out << '\n';
    }
    out << k;
    for (double v : theta)
        out << '\t' << fixedDecimals(v, 6);
    out << '\n';
    out.flush();
}

}  // namespace

std::vector<double> spsaThetaFromRows(const SpsaRunConfig& config, const std::vector<GameRow>& rows,
                                      int& iterations) {
    std::map<int, const GameRow*> byGame;
    for (const GameRow& r : rows)
        byGame[r.game] = &r;
    std::vector<double> theta;
    for (const SpsaParam& p : config.params)
        theta.push_back(p.start);
    iterations = 0;
    for (int k = 1; k <= config.schedule.iterations; ++k) {
        const auto a = byGame.find(2 * k - 1), b = byGame.find(2 * k);
        if (a == byGame.end() || b == byGame.end()) break;
        const double result = 2 * (plusScore(*a->second) + plusScore(*b->second)) - 2;
        theta = spsaUpdate(config.params, config.schedule, config.seed, k, theta, result);
        iterations = k;
    }
    return theta;
}

int runSpsa(const SpsaRunConfig& config, std::ostream& out, std::ostream& err,
            const std::atomic<bool>* interrupt) {
    if (config.core.outDir.empty()) throw std::invalid_argument("SPSA needs an output directory");
    MatchCore core(config.core, out, err, interrupt);
    core.openTable("results.tsv", runKey(config));
    const OpeningSource openings("", config.core.size, config.randomPlies, config.seed);
    int done = 0;
    std::vector<double> theta = spsaThetaFromRows(config, core.rows(), done);
    if (done > 0) out << "Resuming after iteration " << done << "\n";
    for (int k = done + 1; k <= config.schedule.iterations; ++k) {
        const std::vector<double> plus =
            spsaSide(config.params, config.schedule, config.seed, k, theta, +1);
        const std::vector<double> minus =
            spsaSide(config.params, config.schedule, config.seed, k, theta, -1);
        core.setEngines(
            {{sideCommand(config, plus), "plus", ""}, {sideCommand(config, minus), "minus", ""}});
        const Opening opening = openings.at(static_cast<size_t>(k - 1));
        const std::vector<GameJob> jobs = {{2 * k - 1, 0, 1, opening}, {2 * k, 1, 0, opening}};
        // Games of an earlier, interrupted try of this pair are replayed as a pair.
        if (!core.play(jobs, [](const GameRow&) {})) return 130;
        int completed = 0;
        theta = spsaThetaFromRows(config, core.rows(), completed);
        if (completed != k)
            throw std::runtime_error("iteration " + std::to_string(k) + " lost a game");
        std::string line = "iteration " + std::to_string(k) + ":";
        for (size_t i = 0; i < theta.size(); ++i)
            line += " " + config.params[i].name + "=" + fixedDecimals(theta[i], 4);
        core.say(out, line);
        appendTheta(config, k, theta);
    }
    return 0;
}

}  // namespace hippolyta
