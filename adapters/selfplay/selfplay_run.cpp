// A self-play run (games in parallel, written in game order, resumable), merging shard files,
// and a file's statistics.
#include <time.h>

#include <chrono>
#include <filesystem>
#include <iomanip>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "adapters/selfplay/selfplay.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"

namespace hippolyta {

namespace {

// CPU time of the calling thread: a game's search runs on the thread that plays it.
double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The run's games still to play, in order. Games are written in order, so the file holds a
// prefix of the schedule; anything else means the file was put together some other way.
std::vector<uint64_t> missingGames(const SelfPlayConfig& c, const std::set<uint64_t>& there) {
    const uint64_t last = there.empty() ? 0 : *there.rbegin();
    std::vector<uint64_t> todo;
    for (uint64_t g = 1; g <= static_cast<uint64_t>(c.games); ++g) {
        if ((g - 1) % c.shardCount != static_cast<uint64_t>(c.shardIndex) || there.count(g))
            continue;
        if (g < last)
            throw TrainingDataError(c.out + " lacks game " + std::to_string(g) +
                                    " but holds later ones: not a file this tool resumes");
        todo.push_back(g);
    }
    return todo;
}

// Finished games wait here until every game before them is written.
class OrderedSink {
  public:
    OrderedSink(TrainingDataWriter& writer, std::ostream& err, size_t total)
        : writer_(writer), err_(err), total_(total), start_(std::chrono::steady_clock::now()) {}

    void finished(size_t slot, SelfPlayGame game, double seconds, double cpuSeconds) {
        std::lock_guard lock(mutex_);
        ++done_;
        positions_ += game.plies.size();
        cpuSeconds_ += cpuSeconds;
        const double wall = elapsed();
        err_ << "game " << game.game << " (" << done_ << "/" << total_ << "): " << game.plies.size()
             << " plies, " << colorName(game.winner) << " wins, " << std::fixed
             << std::setprecision(1) << seconds << " s (" << cpuSeconds << " CPU s); " << positions_
             << " positions, " << std::setprecision(2) << positions_ / std::max(wall, 1e-9)
             << " a second" << std::defaultfloat << std::endl;
        waiting_.emplace(slot, std::move(game));
        for (auto it = waiting_.find(next_); it != waiting_.end(); it = waiting_.find(next_)) {
            writer_.append(it->second);
            waiting_.erase(it);
            ++next_;
        }
    }
    size_t done() const { return done_; }
    uint64_t positions() const { return positions_; }
    double cpuSeconds() const { return cpuSeconds_; }
    double elapsed() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }

  private:
    TrainingDataWriter& writer_;
    std::ostream& err_;
    std::mutex mutex_;
    size_t total_;
    size_t done_ = 0;
    size_t next_ = 0;
    uint64_t positions_ = 0;
    double cpuSeconds_ = 0;
    std::map<size_t, SelfPlayGame> waiting_;
    std::chrono::steady_clock::time_point start_;
};

}  // namespace

int runSelfPlay(const SelfPlayConfig& c, std::ostream& err, const std::atomic<bool>* interrupt) {
    const TrainingDataHeader header = selfPlayHeader(c);
    if (c.out.empty()) throw std::invalid_argument("--out FILE is needed");
    TrainingDataWriter writer(c.out, header, c.fsync);
    if (writer.repairedTornTail())
        err << "hippolyta-selfplay: " << c.out << ": cut off a torn last record (a game cut short)"
            << std::endl;
    if (writer.header().version != header.version)
        err << "hippolyta-selfplay: " << c.out << " is a version-" << writer.header().version
            << " file: its new games are written in version " << writer.header().version
            << " too (a file never mixes versions)" << std::endl;
    const std::vector<uint64_t> todo = missingGames(c, writer.games());
    err << "hippolyta-selfplay: " << c.out << ": " << writer.games().size() << " games there, "
        << todo.size() << " to play (" << describeRun(writer.header()) << ")" << std::endl;
    OrderedSink sink(writer, err, todo.size());
    std::atomic<size_t> next{0};
    std::mutex errorMutex;
    std::exception_ptr error;
    std::atomic<bool> failed{false};
    auto work = [&] {
        for (size_t i; !failed && (i = next++) < todo.size();) {
            if (interrupt && interrupt->load()) return;
            try {
                const auto t0 = std::chrono::steady_clock::now();
                const double cpu0 = threadCpuSeconds();
                std::optional<SelfPlayGame> game = playSelfPlayGame(c, todo[i], interrupt);
                if (!game) return;
                const std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t0;
                sink.finished(i, std::move(*game), dt.count(), threadCpuSeconds() - cpu0);
            } catch (...) {
                std::lock_guard lock(errorMutex);
                if (!error) error = std::current_exception();
                failed = true;
                return;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < std::min<int>(c.concurrency, static_cast<int>(todo.size())); ++t)
        threads.emplace_back(work);
    work();
    for (std::thread& t : threads)
        t.join();
    if (error) std::rethrow_exception(error);
    const double cpu = sink.cpuSeconds();
    err << "hippolyta-selfplay: " << sink.done() << " games, " << sink.positions()
        << " positions in " << std::fixed << std::setprecision(1) << sink.elapsed() << " s (" << cpu
        << " CPU s in finished games): " << std::setprecision(0)
        << (cpu > 0 ? sink.positions() * 3600.0 / cpu : 0.0) << " positions per core-hour"
        << std::defaultfloat << std::endl;
    const bool stopped = interrupt && interrupt->load() && sink.done() < todo.size();
    if (stopped) err << "hippolyta-selfplay: interrupted; rerun to resume" << std::endl;
    return stopped ? 130 : 0;
}

void mergeTrainingData(const std::vector<std::string>& files, const std::string& out,
                       std::ostream& err) {
    if (files.empty()) throw TrainingDataError("--merge needs the files to merge");
    std::vector<std::unique_ptr<TrainingDataReader>> readers;
    std::vector<std::optional<SelfPlayGame>> heads(files.size());
    for (size_t i = 0; i < files.size(); ++i) {
        readers.push_back(std::make_unique<TrainingDataReader>(files[i]));
        const TrainingDataHeader &first = readers[0]->header(), &h = readers[i]->header();
        if (h.sameSettings(first) && h.version != first.version)
            throw TrainingDataError(files[i] + " is training-data version " +
                                    std::to_string(h.version) + ", " + files[0] + " version " +
                                    std::to_string(first.version) +
                                    ": a file holds one version, so merge each version apart");
        if (!h.sameRun(first))
            throw TrainingDataError(
                files[i] + " and " + files[0] + " are from different runs:\n  " +
                describeRun(readers[i]->header()) + "\n  " + describeRun(readers[0]->header()));
        SelfPlayGame g;
        if (readers[i]->next(g)) heads[i] = std::move(g);
    }
    TrainingDataHeader header = readers[0]->header();
    header.shardIndex = 0;
    header.shardCount = 1;
    AtomicFileWriter o(out);  // the merged file appears whole, or not at all
    o.write(encodeHeader(header));
    uint64_t games = 0, expected = 1, missing = 0;
    for (;;) {
        size_t pick = files.size();
        for (size_t i = 0; i < files.size(); ++i) {
            if (!heads[i]) continue;
            if (pick < files.size() && heads[i]->game == heads[pick]->game)
                throw TrainingDataError("game " + std::to_string(heads[i]->game) + " is in both " +
                                        files[pick] + " and " + files[i]);
            if (pick == files.size() || heads[i]->game < heads[pick]->game) pick = i;
        }
        if (pick == files.size()) break;
        missing += heads[pick]->game - expected;
        expected = heads[pick]->game + 1;
        o.write(encodeGame(*heads[pick], header.version));
        ++games;
        SelfPlayGame g;
        heads[pick].reset();
        if (readers[pick]->next(g)) heads[pick] = std::move(g);
    }
    for (size_t i = 0; i < files.size(); ++i)
        if (readers[i]->droppedTornTail())
            err << files[i] << ": dropped a torn last record (a game cut short)\n";
    o.commit();
    err << "merged " << games << " games from " << files.size() << " files into " << out;
    if (missing) err << " (" << missing << " game numbers missing before the last)";
    err << std::endl;
}

}  // namespace hippolyta
