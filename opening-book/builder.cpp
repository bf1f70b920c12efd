#include "opening-book/builder.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <memory>

#include "engine/core/notation.h"
#include "engine/search/engine.h"
#include "opening-book/book_file.h"
#include "opening-book/symmetry.h"

namespace hippolyta {

namespace {

Book openBook(const std::string& path, int boardSize) {
    struct stat status;
    if (::stat(path.c_str(), &status) != 0 && errno == ENOENT) return Book(boardSize);
    Book book = loadBook(path);
    if (book.boardSize() != boardSize)
        throw BookError(path + ": the book is for " + std::to_string(book.boardSize()) + "x" +
                        std::to_string(book.boardSize()) + ", not " + std::to_string(boardSize) +
                        "x" + std::to_string(boardSize));
    return book;
}

float probability(double v) {
    return static_cast<float>(std::clamp(v, 0.0, 1.0));
}

}  // namespace

Analysis analysisFromSearch(const SearchResult& result, int movesPerPosition) {
    Analysis a;
    a.searchVisits = static_cast<uint32_t>(std::min<uint64_t>(result.visits, UINT32_MAX));
    const size_t limit = static_cast<size_t>(std::max(movesPerPosition, 1));
    for (const CandidateInfo& c : result.candidates) {  // most visited first
        if (a.moves.size() >= limit) break;
        if (!a.moves.empty() && c.visits * 100 < result.visits) break;
        const double v = c.proven ? (c.winrate >= 0.5 ? 1.0 : 0.0) : c.winrate;
        const auto visits = static_cast<uint32_t>(std::min<uint64_t>(c.visits, UINT32_MAX));
        a.moves.push_back(BookMove{c.move, visits, probability(v), probability(v)});
    }
    if (a.moves.empty() && result.move) {  // a search that kept no candidate list
        const double v = result.proven ? (result.winrate >= 0.5 ? 1.0 : 0.0) : result.winrate;
        a.moves.push_back(BookMove{*result.move, a.searchVisits, probability(v), probability(v)});
    }
    return a;
}

Analyser makeEngineAnalyser(const EngineAnalyserConfig& config, const std::atomic<bool>* stop) {
    EngineConfig ec;
    ec.threads = config.threads;
    ec.memoryMb = config.memoryMb;
    ec.seed = config.seed;
    ec.visits = config.visits;
    auto engine = std::make_shared<Engine>(ec);
    auto never = std::make_shared<std::atomic<bool>>(false);
    return [engine, never, stop, config](const Position& pos) {
        engine->newGame();  // no tree reuse: each position's analysis stands alone
        const SearchResult r = engine->chooseMove(
            Game(pos), SearchLimits(config.seconds, config.visits), stop ? *stop : *never);
        return analysisFromSearch(r, config.movesPerPosition);
    };
}

const char* buildStopName(BuildStop s) {
    switch (s) {
        case BuildStop::Target:
            return "target reached";
        case BuildStop::TimeUp:
            return "time budget spent";
        case BuildStop::FrontierEmpty:
            return "no position left within the depth limit";
        case BuildStop::Interrupted:
            return "interrupted";
    }
    return "?";
}

BookBuilder::BookBuilder(std::string path, Analyser analyser, BuildConfig config)
    : path_(std::move(path)),
      analyser_(std::move(analyser)),
      config_(config),
      book_(openBook(path_, config.boardSize)),
      root_(Position::start(config.boardSize)) {
    startEntries_ = book_.size();
    backUpCalibrated(book_, edges_);
}

std::optional<Expansion> BookBuilder::next() {
    if (config_.maxPositions > 0 && book_.size() >= config_.maxPositions) return std::nullopt;
    return nextExpansion(book_, root_, config_.rule, edges_);
}

void BookBuilder::add(const Expansion& x, Analysis analysis) {
    std::vector<BookMove> moves;
    std::vector<uint64_t> children;
    for (BookMove& m : analysis.moves) {
        if (!x.position.isLegal(m.move))
            throw BookError("the analyser returned the illegal move " +
                            formatMove(m.move, x.position.width()) + " at " +
                            formatPosition(x.position));
        // In a symmetric position mirror-image moves lead to one position: keep the first
        // (the analyser lists the most visited first).
        Position child = x.position;
        child.makeMove(m.move);
        const uint64_t key = normalForm(child).key;
        if (std::find(children.begin(), children.end(), key) != children.end()) continue;
        children.push_back(key);
        m.searchValue = probability(m.searchValue);
        m.value = m.searchValue;
        moves.push_back(m);
    }
    if (moves.empty() && !x.position.isGameOver())
        throw BookError("the analyser returned no move at " + formatPosition(x.position));
    book_.store(BookEntry{x.position, analysis.searchVisits, std::move(moves)});
    backUpCalibrated(book_, edges_);
}

bool BookBuilder::analyseNext() {
    const std::optional<Expansion> x = next();
    if (!x) return false;
    add(*x, analyser_(x->position));
    return true;
}

void BookBuilder::checkpoint() const {
    saveBook(book_, path_);
}

BuildStop BookBuilder::run(const std::atomic<bool>& stop,
                           const std::function<void(const BuildProgress&)>& onProgress) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
    BuildProgress p;
    p.startEntries = startEntries_;
    for (;;) {
        if (stop) return BuildStop::Interrupted;
        if (config_.maxPositions > 0 && book_.size() >= config_.maxPositions)
            return BuildStop::Target;
        if (config_.totalSeconds > 0 && elapsed() >= config_.totalSeconds) return BuildStop::TimeUp;
        const std::optional<Expansion> x = next();
        if (!x) return BuildStop::FrontierEmpty;
        Analysis a = analyser_(x->position);
        // A search cut short depends on timing: dropping it keeps the book a function of the
        // settings, so a resumed build matches an uninterrupted one.
        if (stop) return BuildStop::Interrupted;
        add(*x, std::move(a));
        checkpoint();
        ++p.analysed;
        p.entries = book_.size();
        p.elapsed = elapsed();
        p.depth = x->depth;
        p.cost = x->cost;
        if (onProgress) onProgress(p);
    }
}

}  // namespace hippolyta
