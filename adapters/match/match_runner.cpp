#include "adapters/match/match_runner.h"

#include <map>
#include <memory>
#include <stdexcept>

#include "adapters/match/match_core.h"
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
        const std::string table = config_.shardCount == 1
                                      ? "results.tsv"
                                      : "results-" + std::to_string(config_.shardIndex) + "-of-" +
                                            std::to_string(config_.shardCount) + ".tsv";
        core_.openTable(table, matchKey());
        const std::vector<GameJob> jobs = schedule();
        announce(jobs.size());
        core_.play(jobs, [this](const GameRow& row) { finished(row); });
        out_ << "\n" << matchReport(core_.rows(), name1_, name2_, config_.sprt);
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
        std::string names[2];
        const EngineSpec* specs[2] = {&config_.engine1, &config_.engine2};
        for (int i = 0; i < 2; ++i) {
            const std::string label = "engine" + std::to_string(i + 1);
            names[i] = core_.probeName(*specs[i], label);
            if (names[i].empty()) names[i] = label;
        }
        if (names[0] == names[1]) {
            if (!config_.engine1.name.empty() && !config_.engine2.name.empty())
                throw std::invalid_argument("the two engines need different names");
            names[0] += "-1";
            names[1] += "-2";
        }
        name1_ = names[0];
        name2_ = names[1];
        EngineSpec e1 = config_.engine1, e2 = config_.engine2;
        e1.name = name1_;
        e2.name = name2_;
        core_.setEngines({e1, e2});
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
        if (done)
            core_.say(out_, "Resuming: " + std::to_string(done) + " finished games kept, " +
                                std::to_string(pending) + " to play");
    }

    // Under the core's output lock.
    void finished(const GameRow& row) {
        const std::vector<GameRow> all = core_.rows();
        out_ << progressLine(row) << '\n' << scoreLine(all, name1_, name2_) << '\n';
        if (config_.sprt) {
            out_ << sprtLine(*config_.sprt, scoreOf(all, name1_)) << '\n';
            if (decided()) core_.requestStop();
        }
    }

    bool decided() const {
        const Score s = scoreOf(core_.rows(), name1_);
        return sprt(*config_.sprt, s.wins, s.losses).decision != SprtStatus::Decision::Continue;
    }

    const MatchConfig& config_;
    std::ostream& out_;
    std::ostream& err_;
    MatchCore core_;
    std::unique_ptr<OpeningSource> openings_;
    std::string name1_, name2_;
};

}  // namespace

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
        << matchReport(rows, name1, name2, sprt);
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
