#include "adapters/match/match_runner.h"

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "adapters/match/match_core.h"
#include "adapters/match/progress.h"
#include "adapters/match/report.h"

namespace hippolyta {

namespace {

class Runner {
  public:
    Runner(const MatchConfig& config, std::ostream& out, std::ostream& err,
           const std::atomic<bool>* interrupt)
        : config_(config), out_(out), err_(err), core_(coreConfig(config), out, err, interrupt) {}

    int run() {
        validate();
        openings_ = std::make_unique<OpeningSource>(config_.openingsFile, config_.size,
                                                    config_.randomPlies, config_.seed);
        resolveNames();
        if (config_.outDir.empty())
            core_.say(err_, "hippolyta-match: no --out: games and results are not saved");
        core_.openTable(resultsTableName(config_.shardIndex, config_.shardCount), matchKey());
        for (const GameRow& r : core_.rows())
            tally(r);
        const std::vector<GameJob> jobs = schedule();
        announce(jobs.size());
        core_.warnShortClock();
        core_.setStatus([this] { return status(); });
        core_.play(jobs, [this](const GameRow& row) { finished(row); });
        out_ << "\n"
             << matchReport(core_.rows(), name1_, name2_, config_.sprt) << enginesSection(ids_);
        out_.flush();
        return core_.interrupted() ? 130 : 0;
    }

  private:
    static CoreConfig coreConfig(const MatchConfig& c) {
        CoreConfig core;
        core.size = c.size;
        core.referee = c.referee;
        core.startupTimeout = c.startupTimeout;
        core.concurrency = c.concurrency;
        core.outDir = c.outDir;
        core.verbose = c.verbose;
        core.progress = c.progress;
        core.tool = "hippolyta-match";
        core.application = std::string("hippolyta-match:") + HIPPOLYTA_VERSION;
        return core;
    }

    void validate() {
        if (config_.engine1.command.empty() || config_.engine2.command.empty())
            throw std::invalid_argument("two engine command lines are needed");
        if (config_.games < 0) throw std::invalid_argument("the number of games must be >= 0");
        validateSettings(core_.config(), config_.randomPlies, config_.shardIndex,
                         config_.shardCount);
    }

    // Each engine answers once before the match starts: a wrong command line fails here,
    // not as a match of forfeits.
    void resolveNames() {
        if (!config_.engine1.name.empty() && !config_.engine2.name.empty() &&
            cleanName(config_.engine1.name) == cleanName(config_.engine2.name))
            throw std::invalid_argument("the two engines need different names");
        std::vector<EngineIdentity> ids;
        std::vector<EngineSpec> specs = {config_.engine1, config_.engine2};
        for (int i = 0; i < 2; ++i)
            ids.push_back(core_.probe(specs[i], "engine" + std::to_string(i + 1)));
        const std::array<std::string, 2> names =
            defaultEngineNames({specs[0], specs[1]}, {ids[0].gtpName, ids[1].gtpName});
        name1_ = specs[0].name = ids[0].name = names[0];
        name2_ = specs[1].name = ids[1].name = names[1];
        ids_ = ids;
        core_.setEngines(specs, ids);
    }

    std::string matchKey() const {
        return "engine1=" + name1_ + "; engine2=" + name2_ +
               "; size=" + std::to_string(config_.size) +
               "; tc=" + formatTimeControl(config_.referee.timeControl) +
               "; openings=" + openings_->key() + "; seed=" + std::to_string(config_.seed) +
               "; alternate=" + (config_.alternate ? "1" : "0");
    }

    int gameCount() const {
        if (config_.games > 0) return config_.games;
        if (openings_->fileCount())
            return static_cast<int>(openings_->fileCount()) * (config_.alternate ? 2 : 1);
        return 2;
    }

    // Pair p of games gets the p-th opening; in a pair engine1 has White first.
    std::vector<GameJob> schedule() const {
        std::vector<GameJob> jobs;
        for (int g = 1; g <= gameCount(); ++g) {
            if ((g - 1) % config_.shardCount != config_.shardIndex || core_.has(g)) continue;
            const int slot = g - 1;
            const bool engine1White = !config_.alternate || slot % 2 == 0;
            GameJob job;
            job.game = g;
            job.white = engine1White ? 0 : 1;
            job.black = engine1White ? 1 : 0;
            job.opening = openings_->at(config_.alternate ? slot / 2 : slot);
            jobs.push_back(std::move(job));
        }
        if (config_.sprt && decided()) jobs.clear();
        return jobs;
    }

    void announce(std::size_t pending) {
        const int done = static_cast<int>(core_.rows().size());
        std::string line = "Match " + name1_ + " vs " + name2_ + ": " +
                           std::to_string(gameCount()) + " games, " + std::to_string(config_.size) +
                           "x" + std::to_string(config_.size) + ", tc " +
                           formatTimeControl(config_.referee.timeControl) + ", concurrency " +
                           std::to_string(config_.concurrency);
        if (config_.shardCount > 1)
            line += ", shard " + std::to_string(config_.shardIndex) + "/" +
                    std::to_string(config_.shardCount);
        core_.say(out_, line);
        if (done) core_.say(out_, resumingLine(done, static_cast<int>(pending)));
    }

    // Under the core's output lock. The score is kept as games end, not recounted.
    void finished(const GameRow& row) {
        tally(row);
        out_ << progressLine(row) << '\n'
             << "Score of " << name1_ << " vs " << name2_ << ": " << scoreText(score_) << '\n';
        if (config_.sprt) {
            out_ << sprtLine(*config_.sprt, score_) << '\n';
            if (decided()) core_.requestStop();
        }
    }

    void tally(const GameRow& row) { row.winnerName() == name1_ ? ++score_.wins : ++score_.losses; }

    bool decided() const {
        return sprt(*config_.sprt, score_.wins, score_.losses).decision !=
               SprtStatus::Decision::Continue;
    }

    // The terminal's status line (under the core's output lock): this shard's games, whose
    // rows are all the table holds.
    std::string status() const {
        const int done = score_.games();
        const std::string score = name1_ + " " + std::to_string(score_.wins) + " - " +
                                  std::to_string(score_.losses) + " " + name2_;
        return runStatusLine(core_, done,
                             shardShare(gameCount(), config_.shardIndex, config_.shardCount), score,
                             done ? std::optional(estimateElo(score_).diff) : std::nullopt);
    }

    const MatchConfig& config_;
    std::ostream& out_;
    std::ostream& err_;
    MatchCore core_;
    std::unique_ptr<OpeningSource> openings_;
    std::string name1_, name2_;
    std::vector<EngineIdentity> ids_;  // who engine1 and engine2 are
    Score score_;                      // engine1's, over every finished game of this table
};

}  // namespace

std::string nameFromCommand(const std::string& command) {
    std::istringstream words(command);
    std::string word, name;
    while (words >> word) {
        if (name.empty() && (word == "exec" || word == "env")) continue;
        if (name.empty()) word = word.substr(word.find_last_of('/') + 1);
        name += (name.empty() ? "" : " ") + word;
    }
    return cleanName(name);
}

std::array<std::string, 2> defaultEngineNames(const std::array<EngineSpec, 2>& specs,
                                              const std::array<std::string, 2>& gtpNames) {
    std::array<std::string, 2> names;
    for (int i = 0; i < 2; ++i)
        names[i] = cleanName(specs[i].name.empty() ? gtpNames[i] : specs[i].name);
    // Each step renames only the engines without a name of their own.
    const std::function<std::string(int)> steps[] = {
        [&](int i) { return nameFromCommand(specs[i].command); },
        [&](int i) { return cleanName(specs[i].command); },
        [&](int i) { return names[i] + "-" + std::to_string(i + 1); },
    };
    for (const auto& step : steps) {
        if (!names[0].empty() && !names[1].empty() && names[0] != names[1]) break;
        for (int i = 0; i < 2; ++i)
            if (specs[i].name.empty()) names[i] = step(i);
    }
    for (int i = 0; i < 2; ++i)
        if (names[i].empty()) names[i] = "engine" + std::to_string(i + 1);
    return names;
}

int runMatch(const MatchConfig& config, std::ostream& out, std::ostream& err,
             const std::atomic<bool>* interrupt) {
    return Runner(config, out, err, interrupt).run();
}

int mergeResults(const std::vector<std::string>& files, const std::optional<SprtConfig>& sprt,
                 std::ostream& out, std::ostream& err) {
    if (files.empty()) throw std::invalid_argument("--merge needs results tables");
    const MergedTables merged = mergeTables(files, "hippolyta-match", &err);
    const std::string& key = merged.key;
    const std::vector<GameRow>& rows = merged.rows;
    const std::string name1 = keyField(key, "engine1"), name2 = keyField(key, "engine2");
    out << "Merged " << rows.size() << " games from " << files.size() << " tables\n"
        << matchReport(rows, name1, name2, sprt) << enginesSection(merged.engines);
    out.flush();
    return 0;
}

std::pair<int, int> parseShard(const std::string& text) {
    const std::size_t slash = text.find('/');
    try {
        if (slash == std::string::npos) throw std::invalid_argument("");
        std::size_t used = 0;
        const int i = std::stoi(text.substr(0, slash), &used);
        if (used != slash) throw std::invalid_argument("");
        const int n = std::stoi(text.substr(slash + 1), &used);
        if (used != text.size() - slash - 1 || n < 1 || i < 0 || i >= n)
            throw std::invalid_argument("");
        return {i, n};
    } catch (const std::exception&) {
        throw std::invalid_argument("bad shard '" + text + "': expected I/N with 0 <= I < N");
    }
}

}  // namespace hippolyta
