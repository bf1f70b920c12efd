#include "adapters/match/match_runner.h"
#include "protocol/local_time.h"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "adapters/match/report.h"
#include "engine/core/fnv.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace fs = std::filesystem;

namespace {

constexpr const char* kApplication = "hippolyta-match:0.1.0";

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Written to a temporary file and renamed, so a reader never sees half a file.
void writeFileAtomically(const fs::path& path, const std::string& text) {
    const fs::path tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        out.flush();
        if (!out) throw std::runtime_error("cannot write " + tmp.string());
    }
    fs::rename(tmp, path);
}
// Names go into the table's key and rows: no tabs, line breaks or the key's separator.
std::string cleanName(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r' || c == ';') c = ' ';
    const std::size_t a = s.find_first_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, s.find_last_not_of(' ') - a + 1);
}

// Reads one "field=value" of a match key ("engine1=A; engine2=B; ...").
std::string keyField(const std::string& key, const std::string& field) {
    const std::string prefix = field + "=";
    for (std::size_t start = 0; start <= key.size();) {
        std::size_t end = key.find("; ", start);
        if (end == std::string::npos) end = key.size();
        const std::string part = key.substr(start, end - start);
        if (part.starts_with(prefix)) return part.substr(prefix.size());
        start = end + 2;
    }
    return "";
}

// The SGF overtime text for a time control, in the forms other programs write.
void describeClock(const MatchTimeControl& tc, GameRecord& record) {
    record.timeControl = formatTimeControl(tc);
    switch (tc.kind) {
        case ClockKind::SuddenDeath:
            record.mainTime = tc.mainSeconds;
            record.overtime = "none";
            break;
        case ClockKind::Fischer:
            record.mainTime = tc.mainSeconds;
            record.overtime = "+" + formatSeconds(tc.incrementSeconds) + " fischer";
            break;
        case ClockKind::ByoYomi:
            record.mainTime = tc.mainSeconds;
            record.overtime =
                std::to_string(tc.periods) + "x" + formatSeconds(tc.periodSeconds) + " byo-yomi";
            break;
        case ClockKind::PerMove:
            record.mainTime = 0;
            record.overtime = "1/" + formatSeconds(tc.periodSeconds) + " canadian";
            break;
        case ClockKind::None:
        default:
            break;
    }
}

class Runner {
  public:
    Runner(const MatchConfig& config, std::ostream& out, std::ostream& err,
           const std::atomic<bool>* interrupt)
        : config_(config), out_(out), err_(err), interrupt_(interrupt) {}

    int run() {
        validate();
        prepareOpenings();
        resolveNames();
        openOutput();
        schedule();
        announce();
        std::vector<std::thread> workers;
        const int threads = std::min<int>(config_.concurrency, static_cast<int>(pending_.size()));
        for (int i = 0; i < threads; ++i)
            workers.emplace_back([this, i] { worker(i + 1); });
        bool interrupted = false;
        while (finishedWorkers_ < threads) {
            if (interrupt_ && interrupt_->load() && !stop_) {
                interrupted = true;
                stop_ = true;
                say(err_, "hippolyta-match: interrupted; games in progress are not recorded");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        for (std::thread& t : workers)
            t.join();
        if (failure_) std::rethrow_exception(failure_);
        out_ << "\n" << matchReport(rows(), name1_, name2_, config_.sprt);
        out_.flush();
        return interrupted ? 130 : 0;
    }

  private:
    void validate() {
        if (config_.engine1.command.empty() || config_.engine2.command.empty())
            throw std::invalid_argument("two engine command lines are needed");
        if (config_.size < kMinBoardSize || config_.size > kMaxBoardSize)
            throw std::invalid_argument("the board size must be 4..11");
        if (config_.concurrency < 1) throw std::invalid_argument("concurrency must be >= 1");
        if (config_.games < 0) throw std::invalid_argument("the number of games must be >= 0");
        if (config_.shardCount < 1 || config_.shardIndex < 0 ||
            config_.shardIndex >= config_.shardCount)
            throw std::invalid_argument("the shard must be I/N with 0 <= I < N");
        if (config_.randomPlies < 0) throw std::invalid_argument("random plies must be >= 0");
    }

    void prepareOpenings() {
        if (config_.openingsFile.empty()) {
            openingsKey_ = "random:" + std::to_string(config_.randomPlies);
            return;
        }
        const std::string text = readFile(config_.openingsFile);
        fileOpenings_ = parseOpenings(text, config_.size);
        char hash[20];
        std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a64(text)));
        openingsKey_ = fs::path(config_.openingsFile).filename().string() + "@" + hash;
    }

    // Each engine answers once before the match starts: a wrong command line fails here,
    // not as a match of forfeits.
    void resolveNames() {
        std::string names[2];
        const EngineSpec* specs[2] = {&config_.engine1, &config_.engine2};
        for (int i = 0; i < 2; ++i) {
            MatchEngine probe(*specs[i], "engine" + std::to_string(i + 1), config_.verbose,
                              traffic("engine" + std::to_string(i + 1)), &stop_,
                              config_.startupTimeout);
            try {
                probe.ensureStarted();
            } catch (const EngineFailure& e) {
                throw std::runtime_error("engine" + std::to_string(i + 1) + " ('" +
                                         specs[i]->command + "') does not work: " + e.what());
            }
            names[i] = cleanName(specs[i]->name.empty() ? probe.gtpName() : specs[i]->name);
            if (names[i].empty()) names[i] = "engine" + std::to_string(i + 1);
            probe.stop();
        }
        if (names[0] == names[1]) {
            if (!config_.engine1.name.empty() && !config_.engine2.name.empty())
                throw std::invalid_argument("the two engines need different names");
            names[0] += "-1";
            names[1] += "-2";
        }
        name1_ = names[0];
        name2_ = names[1];
    }

    std::string matchKey() const {
        return "engine1=" + name1_ + "; engine2=" + name2_ +
               "; size=" + std::to_string(config_.size) +
               "; tc=" + formatTimeControl(config_.referee.timeControl) +
               "; openings=" + openingsKey_ + "; seed=" + std::to_string(config_.seed) +
               "; alternate=" + (config_.alternate ? "1" : "0");
    }

    void openOutput() {
        if (config_.outDir.empty()) {
            say(err_, "hippolyta-match: no --out: games and results are not saved");
            return;
        }
        fs::create_directories(fs::path(config_.outDir) / "games");
        const std::string name = config_.shardCount == 1
                                     ? "results.tsv"
                                     : "results-" + std::to_string(config_.shardIndex) + "-of-" +
                                           std::to_string(config_.shardCount) + ".tsv";
        table_ =
            std::make_unique<ResultsTable>((fs::path(config_.outDir) / name).string(), matchKey());
        if (table_->repairedTornLine())
            say(err_, "hippolyta-match: cut a half-written last line off " + table_->path());
    }

    int gameCount() const {
        if (config_.games > 0) return config_.games;
        if (!fileOpenings_.empty())
            return static_cast<int>(fileOpenings_.size()) * (config_.alternate ? 2 : 1);
        return 2;
    }

    void schedule() {
        for (int g = 1; g <= gameCount(); ++g)
            if ((g - 1) % config_.shardCount == config_.shardIndex && !(table_ && table_->has(g)))
                pending_.push_back(g);
        if (config_.sprt && decided()) pending_.clear();
    }

    void announce() {
        const int done = static_cast<int>(rows().size());
        std::string line = "Match " + name1_ + " vs " + name2_ + ": " +
                           std::to_string(gameCount()) + " games, " + std::to_string(config_.size) +
                           "x" + std::to_string(config_.size) + ", tc " +
                           formatTimeControl(config_.referee.timeControl) + ", concurrency " +
                           std::to_string(config_.concurrency);
        if (config_.shardCount > 1)
            line += ", shard " + std::to_string(config_.shardIndex) + "/" +
                    std::to_string(config_.shardCount);
        say(out_, line);
        if (done)
            say(out_, "Resuming: " + std::to_string(done) + " finished games kept, " +
                          std::to_string(pending_.size()) + " to play");
    }

    // Pair p of games gets the p-th opening; in a pair engine1 has White first.
    Opening openingFor(int game, bool& engine1White) const {
        const int slot = game - 1;
        engine1White = !config_.alternate || slot % 2 == 0;
        const int pair = config_.alternate ? slot / 2 : slot;
        if (!fileOpenings_.empty()) return fileOpenings_[pair % fileOpenings_.size()];
        return randomOpening(config_.size, config_.randomPlies, config_.seed, pair);
    }

    // loadsgf needs a file for an opening given as a position.
    std::string openingSgf(int game, const Opening& opening) {
        if (!opening.fromPosition) return "";
        const fs::path dir =
            config_.outDir.empty()
                ? fs::temp_directory_path() / ("hippolyta-match-" + std::to_string(::getpid()))
                : fs::path(config_.outDir) / "openings";
        fs::create_directories(dir);
        GameRecord r;
        r.start = opening.start;
        r.application = kApplication;
        const fs::path path = fs::absolute(dir / ("opening-game-" + std::to_string(game) + ".sgf"));
        writeFileAtomically(path, writeSgf(r));
        return path.string();
    }

    TrafficLog traffic(const std::string& label) {
        if (!config_.verbose) return nullptr;
        return [this, label](char direction, const std::string& line) {
            std::lock_guard lock(outMutex_);
            err_ << "[" << label << "] " << direction << " " << line << '\n';
            err_.flush();
        };
    }

    void worker(int id) {
        const std::string suffix = config_.concurrency > 1 ? "#" + std::to_string(id) : "";
        MatchEngine e1(config_.engine1, name1_ + suffix, config_.verbose, traffic(name1_ + suffix),
                       &stop_, config_.startupTimeout);
        MatchEngine e2(config_.engine2, name2_ + suffix, config_.verbose, traffic(name2_ + suffix),
                       &stop_, config_.startupTimeout);
        try {
            while (!stop_) {
                const std::size_t k = next_++;
                if (k >= pending_.size()) break;
                const int game = pending_[k];
                bool engine1White = true;
                const Opening opening = openingFor(game, engine1White);
                MatchEngine& white = engine1White ? e1 : e2;
                MatchEngine& black = engine1White ? e2 : e1;
                GameResult result =
                    playGame(white, black, opening, openingSgf(game, opening), config_.referee);
                record(game, engine1White, opening, result);
                // Whoever lost by a fault starts afresh: its state is not to be trusted.
                if (result.reason != EndReason::NoMoves)
                    (result.winner == Color::White ? black : white).restart();
            }
        } catch (const Aborted&) {  // stop_ was raised: the game in progress is dropped
        } catch (...) {
            std::lock_guard lock(outMutex_);
            if (!failure_) failure_ = std::current_exception();
            stop_ = true;
        }
        e1.stop();
        e2.stop();
        ++finishedWorkers_;
    }

    void record(int game, bool engine1White, const Opening& opening, GameResult& result) {
        GameRow row;
        row.game = game;
        row.white = engine1White ? name1_ : name2_;
        row.black = engine1White ? name2_ : name1_;
        row.winner = result.winner;
        row.reason = result.reason;
        row.plies = static_cast<int>(result.record.moves.size());
        row.whiteSeconds = result.used[0];
        row.blackSeconds = result.used[1];
        row.opening = opening.text;
        row.finished = localTime("%Y-%m-%dT%H:%M:%S");
        row.detail = result.detail;

        GameRecord& r = result.record;
        r.whiteName = row.white;
        r.blackName = row.black;
        r.date = localTime("%Y-%m-%d");
        r.application = kApplication;
        describeClock(config_.referee.timeControl, r);
        if (table_) {
            // The game files first, the row last: a row always has its files.
            char stem[32];
            std::snprintf(stem, sizeof stem, "game-%06d", game);
            const fs::path games = fs::path(config_.outDir) / "games";
            writeFileAtomically(games / (std::string(stem) + ".sgf"), writeSgf(r));
            writeFileAtomically(games / (std::string(stem) + ".txt"), writeTextRecord(r));
            table_->append(row);
        } else {
            std::lock_guard lock(rowsMutex_);
            memoryRows_.push_back(row);
        }
        const std::vector<GameRow> all = rows();
        std::lock_guard lock(outMutex_);
        out_ << progressLine(row) << '\n' << scoreLine(all, name1_, name2_) << '\n';
        if (config_.sprt) {
            out_ << sprtLine(*config_.sprt, scoreOf(all, name1_)) << '\n';
            if (decided()) stop_ = true;
        }
        out_.flush();
    }

    bool decided() const {
        const Score s = scoreOf(rows(), name1_);
        return sprt(*config_.sprt, s.wins, s.losses).decision != SprtStatus::Decision::Continue;
    }

    std::vector<GameRow> rows() const {
        if (table_) return table_->rows();
        std::lock_guard lock(rowsMutex_);
        return memoryRows_;
    }

    void say(std::ostream& os, const std::string& line) {
        std::lock_guard lock(outMutex_);
        os << line << '\n';
        os.flush();
    }

    const MatchConfig& config_;
    std::ostream& out_;
    std::ostream& err_;
    const std::atomic<bool>* interrupt_;
    std::vector<Opening> fileOpenings_;
    std::string openingsKey_;
    std::string name1_, name2_;
    std::unique_ptr<ResultsTable> table_;
    mutable std::mutex rowsMutex_;
    std::vector<GameRow> memoryRows_;
    std::vector<int> pending_;
    std::atomic<std::size_t> next_{0};
    std::atomic<bool> stop_{false};
    std::atomic<int> finishedWorkers_{0};
    std::mutex outMutex_;
    std::exception_ptr failure_;
};

}  // namespace

int runMatch(const MatchConfig& config, std::ostream& out, std::ostream& err,
             const std::atomic<bool>* interrupt) {
    return Runner(config, out, err, interrupt).run();
}

int mergeResults(const std::vector<std::string>& files, const std::optional<SprtConfig>& sprt,
                 std::ostream& out, std::ostream& err) {
    if (files.empty()) throw std::invalid_argument("--merge needs results tables");
    std::string key;
    std::map<int, GameRow> games;
    for (const std::string& file : files) {
        const ParsedTable t = parseResultsTable(readFile(file), file);
        if (t.tornLastLine)
            err << "hippolyta-match: " << file << ": ignored a half-written last line\n";
        if (key.empty()) key = t.matchKey;
        if (t.matchKey != key)
            throw std::invalid_argument(file + " is from another match:\n  " + t.matchKey + "\n  " +
                                        key);
        for (const GameRow& r : t.rows) {
            const auto [it, inserted] = games.emplace(r.game, r);
            if (!inserted && (it->second.winner != r.winner || it->second.white != r.white))
                throw std::invalid_argument(file + ": game " + std::to_string(r.game) +
                                            " has another result in an earlier table");
        }
    }
    std::vector<GameRow> rows;
    for (const auto& [game, row] : games)
        rows.push_back(row);
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
