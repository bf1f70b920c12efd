#include "adapters/training/spsa_runner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <thread>

#include "engine/core/file_io.h"
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
                      "; random-plies=" + std::to_string(c.randomPlies) +
                      (c.batch > 1 ? "; batch=" + std::to_string(c.batch) : "") + "; params=";
    for (const SpsaParam& p : c.params)
        key += p.name + ":" + fixedDecimals(p.start, 6) + ":" + fixedDecimals(p.min, 6) + ":" +
               fixedDecimals(p.max, 6) + ":" + fixedDecimals(p.cEnd, 6) + ":" +
               fixedDecimals(p.rEnd, 6) + ",";
    return key;
}

// The last iteration of the batch that starts at iteration `first`.
int batchEnd(const SpsaRunConfig& c, int first) {
    return std::min(c.schedule.iterations, first + std::max(1, c.batch) - 1);
}

// Appends and flushes a row; a new file (or one a kill left empty) gets the header first, whole.
// The check must come before the append's open, which creates the file.
void appendTheta(const SpsaRunConfig& c, int k, const std::vector<double>& theta) {
    const std::string path = c.core.outDir + "/theta.tsv";
    std::error_code ec;
    const bool fresh = !std::filesystem::exists(path, ec) || std::filesystem::is_empty(path, ec);
    if (fresh) {
        std::string header = "iteration";
        for (const SpsaParam& p : c.params)
            header += "\t" + p.name;
        writeFileAtomically(path, header + "\n");
    }
    std::ofstream out(path, std::ios::app);
    out << k;
    for (double v : theta)
        out << '\t' << fixedDecimals(v, 6);
    out << '\n';
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path);
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
    for (int first = 1; first <= config.schedule.iterations; first = iterations + 1) {
        const int last = batchEnd(config, first);
        std::vector<double> results;
        for (int k = first; k <= last; ++k) {
            const auto a = byGame.find(2 * k - 1), b = byGame.find(2 * k);
            if (a == byGame.end() || b == byGame.end()) return theta;
            results.push_back(2 * (plusScore(*a->second) + plusScore(*b->second)) - 2);
        }
        for (int k = first; k <= last; ++k)
            theta = spsaUpdate(config.params, config.schedule, config.seed, k, theta,
                               results[k - first]);
        iterations = last;
    }
    return theta;
}

namespace {

std::string tableName(const SpsaRunConfig& c) {
    if (c.shardCount == 1) return "results.tsv";
    return "results-" + std::to_string(c.shardIndex) + "-of-" + std::to_string(c.shardCount) +
           ".tsv";
}

// Every shard's rows: the tables of this run in the output directory.
std::vector<GameRow> allRows(const SpsaRunConfig& c, const MatchCore& core) {
    if (c.shardCount == 1) return core.rows();
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(c.core.outDir)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind("results", 0) == 0 && entry.path().extension() == ".tsv")
            files.push_back(entry.path().string());
    }
    return mergeTables(files, c.core.tool, nullptr).rows;
}

// This shard's unplayed games of the batch starting at iteration `first`, at theta.
std::vector<GameJob> batchJobs(const SpsaRunConfig& c, int first, const std::vector<double>& theta,
                               const MatchCore& core, const OpeningSource& openings,
                               std::vector<EngineSpec>& engines) {
    std::vector<GameJob> jobs;
    for (int k = first, last = batchEnd(c, first); k <= last; ++k) {
        if ((k - 1) % c.shardCount != c.shardIndex) continue;
        if (core.has(2 * k - 1) && core.has(2 * k)) continue;  // played before a kill
        const int plus = static_cast<int>(engines.size());
        engines.push_back(
            {sideCommand(c, spsaSide(c.params, c.schedule, c.seed, k, theta, +1)), "plus", ""});
        engines.push_back(
            {sideCommand(c, spsaSide(c.params, c.schedule, c.seed, k, theta, -1)), "minus", ""});
        const Opening opening = openings.at(static_cast<size_t>(k - 1));
        if (!core.has(2 * k - 1)) jobs.push_back({2 * k - 1, plus, plus + 1, opening});
        if (!core.has(2 * k)) jobs.push_back({2 * k, plus + 1, plus, opening});
    }
    return jobs;
}

}  // namespace

int runSpsa(const SpsaRunConfig& config, std::ostream& out, std::ostream& err,
            const std::atomic<bool>* interrupt) {
    if (config.core.outDir.empty()) throw std::invalid_argument("SPSA needs an output directory");
    if (config.batch < config.shardCount)
        throw std::invalid_argument("SPSA needs a batch of at least one pair a shard");
    MatchCore core(config.core, out, err, interrupt);
    core.openTable(tableName(config), runKey(config));
    const OpeningSource openings("", config.core.size, config.randomPlies, config.seed);
    int done = 0;
    std::vector<double> theta = spsaThetaFromRows(config, allRows(config, core), done);
    if (done > 0) out << "Resuming after iteration " << done << "\n";
    while (done < config.schedule.iterations) {
        std::vector<EngineSpec> engines;
        const std::vector<GameJob> jobs =
            batchJobs(config, done + 1, theta, core, openings, engines);
        if (!jobs.empty()) {
            core.setEngines(engines);
            if (!core.play(jobs, [](const GameRow&) {})) return 130;
        } else {  // the rest of the batch is another shard's: wait for its table
            if (interrupt && *interrupt) return 130;
            std::this_thread::sleep_for(std::chrono::duration<double>(config.pollSeconds));
        }
        int now = 0;
        theta = spsaThetaFromRows(config, allRows(config, core), now);
        if (now == done) continue;
        done = now;
        std::string line = "iteration " + std::to_string(done) + ":";
        for (size_t i = 0; i < theta.size(); ++i)
            line += " " + config.params[i].name + "=" + fixedDecimals(theta[i], 4);
        core.say(out, line);
        if (config.shardIndex == 0) appendTheta(config, done, theta);
    }
    return 0;
}

}  // namespace hippolyta
