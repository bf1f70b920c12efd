#include "adapters/match/match_core.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <thread>

#include "engine/core/fnv.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/core/text_util.h"
#include "protocol/local_time.h"

namespace hippolyta {

namespace fs = std::filesystem;

std::string cleanName(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r' || c == ';') c = ' ';
    const std::size_t a = s.find_first_not_of(' ');
    return a == std::string::npos ? "" : s.substr(a, s.find_last_not_of(' ') - a + 1);
}

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

void validateSettings(const CoreConfig& c, int randomPlies, int shardIndex, int shardCount) {
    if (c.size < kMinBoardSize || c.size > kMaxBoardSize)
        throw std::invalid_argument("the board size must be 4..11");
    if (c.concurrency < 1) throw std::invalid_argument("concurrency must be >= 1");
    if (shardCount < 1 || shardIndex < 0 || shardIndex >= shardCount)
        throw std::invalid_argument("the shard must be I/N with 0 <= I < N");
    if (randomPlies < 0) throw std::invalid_argument("random plies must be >= 0");
}

MergedTables mergeTables(const std::vector<std::string>& files, const std::string& tool,
                         std::ostream* err) {
    MergedTables merged;
    std::map<int, GameRow> games;
    for (const std::string& file : files) {
        const ParsedTable t = parseResultsTable(readWholeFile(file), file);
        if (t.matchKey.empty() && t.rows.empty()) continue;  // a shard still writing its header
        if (t.tornLastLine && err)
            *err << tool << ": " << file << ": ignored a half-written last line\n";
        if (merged.key.empty()) merged.key = t.matchKey;
        if (merged.engines.empty()) merged.engines = t.engines;
        const char* before = "in the first table";
        const char* after = "in this one";
        const std::string differences =
            keyDifferences(merged.key, t.matchKey, before, after) +
            (t.engines.empty() ? ""
                               : identityDifferences(merged.engines, t.engines, before, after));
        if (!differences.empty())
            throw std::invalid_argument(file + " is from another run:\n" + differences);
        for (const GameRow& r : t.rows) {
            const auto [it, inserted] = games.emplace(r.game, r);
            if (!inserted && (it->second.winner != r.winner || it->second.white != r.white))
                throw std::invalid_argument(file + ": game " + std::to_string(r.game) +
                                            " has another result in an earlier table");
        }
    }
    for (const auto& [game, row] : games)
        merged.rows.push_back(row);
    return merged;
}

namespace {

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

}  // namespace

OpeningSource::OpeningSource(const std::string& file, int size, int randomPlies, uint64_t seed)
    : size_(size), plies_(randomPlies), seed_(seed) {
    if (file.empty()) {
        key_ = "random:" + std::to_string(randomPlies);
        return;
    }
    const std::string text = readWholeFile(file);
    file_ = parseOpenings(text, size);
    char hash[20];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(fnv1a64(text)));
    key_ = fs::path(file).filename().string() + "@" + hash;
}

Opening OpeningSource::at(std::size_t index) const {
    if (!file_.empty()) return file_[index % file_.size()];
    return randomOpening(size_, plies_, seed_, index);
}

MatchCore::MatchCore(CoreConfig config, std::ostream& out, std::ostream& err,
                     const std::atomic<bool>* interrupt)
    : config_(std::move(config)), out_(out), err_(err), interrupt_(interrupt) {}

MatchCore::~MatchCore() = default;

EngineIdentity MatchCore::probe(const EngineSpec& spec, const std::string& label) {
    MatchEngine probe(spec, label, config_.verbose, traffic(label), &stop_, config_.startupTimeout);
    try {
        probe.ensureStarted();
    } catch (const EngineFailure& e) {
        throw std::runtime_error(label + " ('" + spec.command + "') does not work: " + e.what());
    }
    EngineIdentity id;
    id.name = cleanName(spec.name.empty() ? probe.gtpName() : spec.name);
    id.command = spec.command;
    id.dir = fs::absolute(spec.dir.empty() ? fs::current_path() : fs::path(spec.dir))
                 .lexically_normal()
                 .string();
    id.gtpName = cleanName(probe.gtpName());
    id.gtpVersion = cleanName(probe.gtpVersion());
    probe.stop();
    return id;
}

void MatchCore::setEngines(std::vector<EngineSpec> engines,
                           std::vector<EngineIdentity> identities) {
    engines_ = std::move(engines);
    identities_ = std::move(identities);
    for (std::size_t i = 0; i < engines_.size() && i < identities_.size(); ++i)
        identities_[i].name = engines_[i].name;
}

void MatchCore::openTable(const std::string& fileName, const std::string& key) {
    if (config_.outDir.empty()) return;
    fs::create_directories(fs::path(config_.outDir) / "games");
    table_ = std::make_unique<ResultsTable>((fs::path(config_.outDir) / fileName).string(), key,
                                            identities_);
    if (table_->repairedTornLine())
        say(err_, config_.tool + ": cut a half-written last line off " + table_->path());
    if (table_->engineLinesAdded())
        say(err_, config_.tool + ": " + table_->path() +
                      " did not record its engines' command lines: they are taken to be this "
                      "run's, and recorded now");
}

std::vector<GameRow> MatchCore::rows() const {
    if (table_) return table_->rows();
    std::lock_guard lock(rowsMutex_);
    return memoryRows_;
}

bool MatchCore::has(int game) const {
    if (table_) return table_->has(game);
    const std::vector<GameRow> all = rows();
    for (const GameRow& r : all)
        if (r.game == game) return true;
    return false;
}

bool MatchCore::play(const std::vector<GameJob>& jobs, const GameFinished& finished) {
    if (stop_) return false;
    next_ = 0;
    finishedWorkers_ = 0;
    {
        std::lock_guard lock(outMutex_);
        drawStatus();
    }
    std::vector<std::thread> workers;
    const int threads = std::min<int>(config_.concurrency, static_cast<int>(jobs.size()));
    for (int i = 0; i < threads; ++i)
        workers.emplace_back([this, i, &jobs, &finished] { worker(i + 1, jobs, finished); });
    while (finishedWorkers_ < threads) {
        if (interrupt_ && interrupt_->load() && !interrupted_) {
            interrupted_ = true;
            stop_ = true;
            say(err_, config_.tool + ": interrupted; games in progress are not recorded");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (std::thread& t : workers)
        t.join();
    {
        std::lock_guard lock(outMutex_);
        clearStatus();
    }
    if (failure_) std::rethrow_exception(failure_);
    return !stop_;
}

void MatchCore::worker(int id, const std::vector<GameJob>& jobs, const GameFinished& finished) {
    const std::string suffix = config_.concurrency > 1 ? "#" + std::to_string(id) : "";
    // This worker's engine processes, by engine index: kept while the next game needs them.
    std::map<int, std::unique_ptr<MatchEngine>> running;
    auto engine = [&](int index) -> MatchEngine& {
        std::unique_ptr<MatchEngine>& e = running[index];
        if (!e) {
            const std::string label = engines_[index].name + suffix;
            e = std::make_unique<MatchEngine>(engines_[index], label, config_.verbose,
                                              traffic(label), &stop_, config_.startupTimeout);
        }
        return *e;
    };
    try {
        while (!stop_) {
            const std::size_t k = next_++;
            if (k >= jobs.size()) break;
            const GameJob& job = jobs[k];
            for (auto it = running.begin(); it != running.end();) {
                if (it->first == job.white || it->first == job.black) {
                    ++it;
                } else {
                    it->second->stop();
                    it = running.erase(it);
                }
            }
            MatchEngine& white = engine(job.white);
            MatchEngine& black = engine(job.black);
            GameResult result = playGame(white, black, job.opening,
                                         openingSgf(job.game, job.opening), config_.referee);
            record(job, result, finished);
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
    for (auto& [index, e] : running)
        e->stop();
    ++finishedWorkers_;
}

void MatchCore::record(const GameJob& job, GameResult& result, const GameFinished& finished) {
    GameRow row;
    row.game = job.game;
    row.white = engines_[job.white].name;
    row.black = engines_[job.black].name;
    row.winner = result.winner;
    row.reason = result.reason;
    row.territory = result.reason == EndReason::NoMoves ? result.territory : 0;
    row.plies = static_cast<int>(result.record.moves.size());
    row.whiteSeconds = result.used[0];
    row.blackSeconds = result.used[1];
    row.opening = job.opening.text;
    row.finished = localTime("%Y-%m-%dT%H:%M:%S");
    row.detail = result.detail;

    GameRecord& r = result.record;
    r.whiteName = row.white;
    r.blackName = row.black;
    // Who played, in the root comment after what happened: the record says it on its own.
    if (job.white < static_cast<int>(identities_.size()) &&
        job.black < static_cast<int>(identities_.size()))
        r.comment += (r.comment.empty() ? "" : "\n") + std::string("White ") +
                     describeIdentity(identities_[job.white]) + "\nBlack " +
                     describeIdentity(identities_[job.black]);
    r.date = localTime("%Y-%m-%d");
    r.application = config_.application;
    describeClock(config_.referee.timeControl, r);
    if (table_) {
        // The game files first, the row last: a row always has its files.
        char stem[32];
        std::snprintf(stem, sizeof stem, "game-%06d", job.game);
        const fs::path games = fs::path(config_.outDir) / "games";
        writeFileAtomically((games / (std::string(stem) + ".sgf")).string(), writeSgf(r));
        writeFileAtomically((games / (std::string(stem) + ".txt")).string(), writeTextRecord(r));
        table_->append(row);
    } else {
        std::lock_guard lock(rowsMutex_);
        memoryRows_.push_back(row);
    }
    ++recorded_;
    std::lock_guard lock(outMutex_);
    clearStatus();
    if (finished) finished(row);
    out_.flush();
    drawStatus();
}

// loadsgf needs a file for an opening given as a position.
std::string MatchCore::openingSgf(int game, const Opening& opening) {
    if (!opening.fromPosition) return "";
    const fs::path dir =
        config_.outDir.empty()
            ? fs::temp_directory_path() / (config_.tool + "-" + std::to_string(::getpid()))
            : fs::path(config_.outDir) / "openings";
    fs::create_directories(dir);
    GameRecord r;
    r.start = opening.start;
    r.application = config_.application;
    const fs::path path = fs::absolute(dir / ("opening-game-" + std::to_string(game) + ".sgf"));
    writeFileAtomically(path.string(), writeSgf(r));
    return path.string();
}

TrafficLog MatchCore::traffic(const std::string& label) {
    if (!config_.verbose) return nullptr;
    return [this, label](char direction, const std::string& line) {
        std::lock_guard lock(outMutex_);
        clearStatus();
        err_ << "[" << label << "] " << direction << " " << line << '\n';
        err_.flush();
        drawStatus();
    };
}

void MatchCore::say(std::ostream& os, const std::string& line) {
    std::lock_guard lock(outMutex_);
    clearStatus();
    os << line << '\n';
    os.flush();
    drawStatus();
}

double MatchCore::secondsThisRun() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

void MatchCore::warnShortClock() {
    const std::string warning = shortClockWarning(config_.referee.timeControl, config_.size);
    if (!warning.empty()) say(err_, config_.tool + ": warning: " + warning);
}

// "\r", the line, and "erase to the end of the line": redrawn in place.
void MatchCore::drawStatus() {
    if (!config_.progress || !status_) return;
    err_ << '\r' << status_() << "\033[K";
    err_.flush();
    statusShown_ = true;
}

void MatchCore::clearStatus() {
    if (!statusShown_) return;
    err_ << "\r\033[K";
    err_.flush();
    statusShown_ = false;
}

}  // namespace hippolyta
