#include "adapters/tournament/tournament_runner.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>

#include "adapters/match/progress.h"
#include "adapters/match/report.h"
#include "adapters/render/html_report.h"
#include "adapters/tournament/entrants.h"
#include "adapters/tournament/standings.h"

namespace hippolyta {

namespace fs = std::filesystem;

namespace {

struct Loaded {
    TournamentInfo info;
    std::vector<GameRow> rows;
};

Loaded loadTables(const std::vector<std::string>& files, std::ostream* err) {
    if (files.empty()) throw std::invalid_argument("no results tables");
    MergedTables merged = mergeTables(files, "hippolyta-tournament", err);
    Loaded l{parseTournamentKey(merged.key), std::move(merged.rows)};
    l.info.engines = std::move(merged.engines);
    return l;
}

std::string writeReports(const std::string& outDir, const Loaded& l, const std::string& anchor) {
    const std::vector<Round> rounds = scheduleFromResults(l.info, l.rows);
    const Standings s = computeStandings(l.info, rounds, l.rows, anchor);
    const std::string text = standingsText(l.info, s);
    // Shards of one tournament may write these at once: each write is whole.
    writeFileAtomically((fs::path(outDir) / "standings.json").string(), standingsJson(l.info, s));
    writeFileAtomically((fs::path(outDir) / "standings.txt").string(), text);
    return text;
}

class TournamentRunner {
  public:
    TournamentRunner(const TournamentConfig& config, std::ostream& out, std::ostream& err,
                     const std::atomic<bool>* interrupt)
        : config_(config), out_(out), err_(err), core_(coreConfig(config), out, err, interrupt) {}

    int run() {
        std::vector<EngineSpec> entrants = readEntrants(config_.entrantsFile);
        settle(entrants);
        openings_ = std::make_unique<OpeningSource>(config_.openingsFile, info_.size,
                                                    config_.randomPlies, config_.seed);
        info_.openings = openings_->key();
        std::vector<EngineIdentity> ids;
        for (const EngineSpec& e : entrants)
            ids.push_back(core_.probe(e, e.name));  // fails early on a bad command
        core_.setEngines(entrants, ids);
        if (config_.core.outDir.empty())
            core_.say(err_, "hippolyta-tournament: no --out: games and results are not saved");
        core_.openTable(resultsTableName(config_.shardIndex, config_.shardCount),
                        tournamentKey(info_));
        announce();
        core_.warnShortClock();
        core_.setStatus([this] { return status(); });
        for (const GameRow& r : core_.rows())
            ++points_[r.winnerName()];
        if (info_.format == TournamentFormat::Swiss) {
            playSwiss();
        } else {
            const std::vector<Round> rounds = scheduleFromResults(info_, core_.rows());
            core_.play(jobsOf(rounds, 0), [this](const GameRow& row) { finished(row); });
        }
        out_ << "\n" << standings();
        const fs::path report = fs::path(config_.core.outDir) / "report.html";
        if (!config_.core.outDir.empty() && fs::exists(report))
            out_ << "Report: " << report.string() << '\n';
        out_.flush();
        return core_.interrupted() ? 130 : 0;
    }

  private:
    static CoreConfig coreConfig(const TournamentConfig& c) {
        CoreConfig core = c.core;
        core.tool = "hippolyta-tournament";
        core.application = std::string("hippolyta-tournament:") + HIPPOLYTA_VERSION;
        return core;
    }

    // Validates the settings and fixes the format and rounds played.
    void settle(const std::vector<EngineSpec>& entrants) {
        const CoreConfig& c = config_.core;
        validateSettings(c, config_.randomPlies, config_.shardIndex, config_.shardCount);
        if (config_.rounds < 0) throw std::invalid_argument("rounds must be >= 1");
        const int n = static_cast<int>(entrants.size());
        info_.asked = formatName(config_.format);
        info_.format = config_.format;
        if (config_.format == TournamentFormat::Olympiad)
            info_.format = n <= kOlympiadAllPlayAllMax ? TournamentFormat::RoundRobin
                                                       : TournamentFormat::Swiss;
        const bool swiss = info_.format == TournamentFormat::Swiss;
        info_.rounds = config_.rounds > 0 ? config_.rounds : swiss ? kOlympiadSwissRounds : 1;
        const int most = n - 1 + n % 2;  // rounds without a repeated encounter
        if (swiss && info_.rounds > most && config_.rounds == 0) {
            core_.say(err_, "hippolyta-tournament: a Swiss of " + std::to_string(n) +
                                " entrants has at most " + std::to_string(most) +
                                " rounds without a repeated encounter: playing " +
                                std::to_string(most) + " instead of " +
                                std::to_string(info_.rounds));
            info_.rounds = most;
        }
        if (swiss && info_.rounds > most)
            throw std::invalid_argument("a Swiss of " + std::to_string(n) +
                                        " entrants has at most " + std::to_string(most) +
                                        " rounds without a repeated encounter");
        if (swiss && config_.shardCount > 1)
            throw std::invalid_argument(
                "a Swiss pairs each round from the last one's results: run it without --shard");
        for (const EngineSpec& e : entrants)
            info_.names.push_back(e.name);
        info_.size = c.size;
        info_.tc = formatTimeControl(c.referee.timeControl);
        info_.seed = config_.seed;
        if (!config_.eloAnchor.empty() && std::find(info_.names.begin(), info_.names.end(),
                                                    config_.eloAnchor) == info_.names.end())
            throw std::invalid_argument("--anchor '" + config_.eloAnchor + "' is no entrant");
    }

    void announce() {
        const int done = static_cast<int>(core_.rows().size());
        core_.say(out_, "Tournament (" + std::string(formatName(info_.format)) + ", " +
                            std::to_string(info_.names.size()) + " entrants, " +
                            std::to_string(info_.rounds) + " round(s)), " +
                            std::to_string(info_.size) + "x" + std::to_string(info_.size) +
                            ", tc " + info_.tc + ", concurrency " +
                            std::to_string(config_.core.concurrency));
        if (done) core_.say(out_, resumingLine(done));
    }

    // The unplayed games of rounds[from...] in this shard, two per encounter.
    std::vector<GameJob> jobsOf(const std::vector<Round>& rounds, std::size_t from) const {
        const int perRound = encountersPerRound(info_.format, static_cast<int>(info_.names.size()));
        std::vector<GameJob> jobs;
        for (std::size_t r = from; r < rounds.size(); ++r) {
            for (std::size_t j = 0; j < rounds[r].encounters.size(); ++j) {
                const int e = static_cast<int>(r) * perRound + static_cast<int>(j);
                const Encounter& enc = rounds[r].encounters[j];
                for (int leg = 0; leg < 2; ++leg) {
                    const int game = 2 * e + 1 + leg;
                    if ((game - 1) % config_.shardCount != config_.shardIndex || core_.has(game))
                        continue;
                    GameJob job;
                    job.game = game;
                    job.white = leg == 0 ? enc.first : enc.second;
                    job.black = leg == 0 ? enc.second : enc.first;
                    job.opening = openings_->at(e);
                    jobs.push_back(std::move(job));
                }
            }
        }
        return jobs;
    }

    // Round by round: each is paired from the results so far (so a rerun pairs it again the
    // same way), played, and then the next one is paired.
    void playSwiss() {
        for (;;) {
            const std::vector<Round> rounds = scheduleFromResults(info_, core_.rows());
            const std::size_t current = rounds.size() - 1;
            const std::vector<GameJob> jobs = jobsOf(rounds, current);
            if (jobs.empty()) return;  // the last round is complete
            const Round& r = rounds[current];
            std::string line = "Round " + std::to_string(current + 1) + ":";
            for (std::size_t k = 0; k < r.encounters.size(); ++k)
                line += std::string(k ? ", " : " ") + info_.names[r.encounters[k].first] + " vs " +
                        info_.names[r.encounters[k].second];
            if (r.bye >= 0) line += "; bye " + info_.names[r.bye];
            core_.say(out_, line);
            if (!core_.play(jobs, [this](const GameRow& row) { finished(row); })) return;
        }
    }

    // Under the core's output lock: the progress line, then the reports, at most every
    // reportInterval seconds (each record is read once, through the cache), and once more at
    // the end.
    void finished(const GameRow& row) {
        out_ << progressLine(row) << '\n';
        ++points_[row.winnerName()];
        const auto now = std::chrono::steady_clock::now();
        if (config_.core.outDir.empty() ||
            now - lastReports_ < std::chrono::duration<double>(config_.reportIntervalSeconds))
            return;
        writeTournamentReports(config_.core.outDir, config_.eloAnchor, &cache_);
        lastReports_ = now;
    }

    std::string standings() {
        if (!config_.core.outDir.empty())
            return writeTournamentReports(config_.core.outDir, config_.eloAnchor, &cache_);
        const std::vector<GameRow> rows = core_.rows();
        return standingsText(info_, computeStandings(info_, scheduleFromResults(info_, rows), rows,
                                                     config_.eloAnchor));
    }

    // The terminal's status line: games, time left, the leader's points (kept as games end).
    std::string status() const {
        int done = 0;
        for (const auto& [name, points] : points_)
            done += points;
        const int perRound = encountersPerRound(info_.format, static_cast<int>(info_.names.size()));
        const int all = 2 * perRound * info_.rounds;
        const auto leader = std::max_element(points_.begin(), points_.end(),
                                             [](auto& a, auto& b) { return a.second < b.second; });
        const std::string score =
            leader == points_.end()
                ? ""
                : "leader " + leader->first + " " + std::to_string(leader->second) + " pts";
        return runStatusLine(core_, done, shardShare(all, config_.shardIndex, config_.shardCount),
                             score);
    }

    const TournamentConfig& config_;
    std::ostream& out_;
    std::ostream& err_;
    MatchCore core_;
    std::unique_ptr<OpeningSource> openings_;
    TournamentInfo info_;
    ReportCache cache_;
    std::chrono::steady_clock::time_point lastReports_{};
    std::map<std::string, int> points_;  // wins so far by entrant (byes not counted)
};

}  // namespace

int runTournament(const TournamentConfig& config, std::ostream& out, std::ostream& err,
                  const std::atomic<bool>* interrupt) {
    return TournamentRunner(config, out, err, interrupt).run();
}

int mergeTournament(const std::vector<std::string>& files, const std::string& outDir,
                    const std::string& eloAnchor, std::ostream& out, std::ostream& err) {
    const Loaded l = loadTables(files, &err);
    out << "Merged " << l.rows.size() << " games from " << files.size() << " tables\n";
    if (!outDir.empty()) {
        fs::create_directories(outDir);
        out << writeReports(outDir, l, eloAnchor);
    } else {
        out << standingsText(l.info, computeStandings(l.info, scheduleFromResults(l.info, l.rows),
                                                      l.rows, eloAnchor));
    }
    out.flush();
    return 0;
}

std::string writeTournamentReports(const std::string& outDir, const std::string& eloAnchor,
                                   ReportCache* cache) {
    std::vector<std::string> tables;
    for (const fs::directory_entry& e : fs::directory_iterator(outDir)) {
        const std::string name = e.path().filename().string();
        if (name.starts_with("results") && name.ends_with(".tsv"))
            tables.push_back(e.path().string());
    }
    std::sort(tables.begin(), tables.end());
    const std::string standings = writeReports(outDir, loadTables(tables, nullptr), eloAnchor);
    // The page with the viewer follows the standings; a failure costs the page, not the games.
    try {
        ReportCache none;
        writeHtmlReport(outDir, cache ? *cache : none);
    } catch (const std::exception& e) {
        std::cerr << "no report.html written (" << e.what() << "); retry with hippolyta-report "
                  << outDir << '\n';
    }
    return standings;
}

}  // namespace hippolyta
