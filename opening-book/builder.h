// The opening-book builder: grows a book best first by drop-out expansion from the start
// position, analysing each new position with a search, backing values up and writing the book
// after every position, so a build can be killed at any moment and resumed. The analysis is a
// function value, so tests use fake analysers; makeEngineAnalyser() gives the real one.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/search/search_types.h"
#include "opening-book/book.h"
#include "opening-book/book_tree.h"

namespace hippolyta {

// What a search found at a position: the moves worth keeping, with value == searchValue (the
// search's win rate for the side to move; proven moves exactly 0 or 1), and its total visits.
struct Analysis {
    std::vector<BookMove> moves;
    uint32_t searchVisits = 0;
};
using Analyser = std::function<Analysis(const Position&)>;

// The real analyser's settings.
struct EngineAnalyserConfig {
    int threads = 1;
    int memoryMb = 1024;
    uint64_t seed = 0;
    uint64_t visits = 0;  // per position (0: no visit limit)
    double seconds = 0;   // per position (0: no time limit)
    int movesPerPosition = 8;
};

// An Engine searching each position afresh (no tree kept between positions, so the result does
// not depend on the order of analysis). `stop`, when given, cuts a search short (Ctrl-C); the
// builder then discards that analysis.
Analyser makeEngineAnalyser(const EngineAnalyserConfig& config,
                            const std::atomic<bool>* stop = nullptr);
// The book moves of a search: the movesPerPosition most visited candidates with at least 1% of
// the root visits, the most visited always.
Analysis analysisFromSearch(const SearchResult& result, int movesPerPosition);

struct BuildConfig {
    int boardSize = 10;
    size_t maxPositions = 0;  // stop when the book holds this many entries (0: no limit)
    double totalSeconds = 0;  // run() starts no position after this long (0: no limit)
    ExpansionRule rule;
};

// Figures for a progress display, given after each position.
struct BuildProgress {
    size_t entries = 0;       // in the book
    size_t analysed = 0;      // positions added by this run
    size_t startEntries = 0;  // in the book when this run began
    double elapsed = 0;       // seconds of this run
    int depth = 0;            // of the last position
    double cost = 0;          // its drop-out cost
};

enum class BuildStop { Target, TimeUp, FrontierEmpty, Interrupted };
const char* buildStopName(BuildStop s);

class BookBuilder {
  public:
    // Opens the book at `path`: loads it when the file exists (BookError when it is damaged or
    // of another board size; the file is never written then), else starts an empty book.
    BookBuilder(std::string path, Analyser analyser, BuildConfig config);

    const Book& book() const { return book_; }
    const Position& root() const { return root_; }
    size_t startEntries() const { return startEntries_; }

    // The position the build would analyse next, or nothing when the build is complete (the
    // target reached or no position left within the depth limit).
    std::optional<Expansion> next();
    // Analyses next() and adds it to the book in memory, backed up; false when complete.
    bool analyseNext();
    // Writes the book atomically.
    void checkpoint() const;
    // Expands until done, the time budget is spent or `stop` is set; writes the book after
    // every position. A search cut short by `stop` is discarded, not stored.
    BuildStop run(const std::atomic<bool>& stop,
                  const std::function<void(const BuildProgress&)>& onProgress = {});

  private:
    void add(const Expansion& x, Analysis analysis);

    std::string path_;
    Analyser analyser_;
    BuildConfig config_;
    Book book_;
    Position root_;
    EdgeCache edges_;
    size_t startEntries_ = 0;
};

}  // namespace hippolyta
