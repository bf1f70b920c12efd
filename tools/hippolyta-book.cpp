// hippolyta-book: builds, inspects, merges, exports and imports opening books (docs/book.md).
//
//   hippolyta-book build --book 10x10.book --size 10 --visits 100000 --total-seconds 2700
//   hippolyta-book show --book 10x10.book --moves "d1-d7/g7" --depth 2
//   hippolyta-book stats --book 10x10.book
#include <unistd.h>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "adapters/common/interrupts.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "opening-book/book_file.h"
#include "opening-book/book_tree.h"
#include "opening-book/builder.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace hippolyta;

namespace {

const char* kUsage =
    "Usage: hippolyta-book SUBCOMMAND [options]   (hippolyta-book SUBCOMMAND --help)\n"
    "  build   grow a book best first (resumes an existing --book file)\n"
    "  show    print the book tree from a position\n"
    "  stats   figures of a book\n"
    "  merge   merge books into one\n"
    "  export  write a book as text\n"
    "  import  read a text book and write it as a binary book\n"
    "  prune   keep only what the engine would play under the book policy (smaller copy)\n"
    "Options:\n"
    "  -h [ --help ]         show this help and exit\n"
    "  --version             show the version and exit\n";

std::string clockText(double seconds) {
    const long s = std::lround(std::max(seconds, 0.0));
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

// The build's progress on stderr: redrawn in place on a terminal, else a line every ~10 s.
class ProgressBar {
  public:
    ProgressBar(size_t target, double totalSeconds)
        : target_(target), totalSeconds_(totalSeconds), terminal_(::isatty(2)) {}

    void update(const BuildProgress& p) {
        last_ = p;
        pending_ = true;
        if (!terminal_ && p.analysed > 1 && p.elapsed - lastLine_ < 10) return;
        draw();
    }
    // Shows the final figures (a plain log may have skipped them) and ends the line.
    void finish() {
        if (pending_) draw();
        if (terminal_ && lastLine_ >= 0) std::cerr << '\n';
    }

  private:
    void draw() {
        const BuildProgress& p = last_;
        lastLine_ = p.elapsed;
        pending_ = false;
        const double rate = p.elapsed / static_cast<double>(p.analysed);
        std::ostringstream line;
        if (target_ > 0) {
            const double f = std::min(1.0, static_cast<double>(p.entries) / target_);
            const int filled = static_cast<int>(f * 20);
            line << '[' << std::string(filled, '#') << std::string(20 - filled, '.') << "] "
                 << p.entries << '/' << target_;
        } else {
            line << p.entries;
        }
        char buf[160];
        std::snprintf(buf, sizeof buf, " positions  %.2f s/pos  elapsed %s  left %s  depth %d",
                      rate, clockText(p.elapsed).c_str(), leftText(p, rate).c_str(), p.depth);
        line << buf;
        if (terminal_)
            std::cerr << '\r' << line.str() << "\x1b[K" << std::flush;
        else
            std::cerr << line.str() << std::endl;
    }
    std::string leftText(const BuildProgress& p, double rate) const {
        double left = -1;
        if (target_ > 0) left = rate * static_cast<double>(target_ - std::min(target_, p.entries));
        if (totalSeconds_ > 0) {
            const double budget = std::max(0.0, totalSeconds_ - p.elapsed);
            left = left < 0 ? budget : std::min(left, budget);
        }
        return left < 0 ? "?" : clockText(left);
    }

    size_t target_;
    double totalSeconds_;
    bool terminal_;
    BuildProgress last_;
    bool pending_ = false;
    double lastLine_ = -1;
};

std::string budgetText(const EngineAnalyserConfig& e) {
    if (e.visits && e.seconds > 0) return fmt::format("{} visits or {} s", e.visits, e.seconds);
    return e.visits ? fmt::format("{} visits", e.visits) : fmt::format("{} s", e.seconds);
}

int runBuild(const std::vector<std::string>& args) {
    std::string path;
    int size = kDefaultBoardSize;
    EngineAnalyserConfig engine;
    BuildConfig build;
    ToolOptions cli("hippolyta-book build", "Usage: hippolyta-book build [options]\nOptions");
    // clang-format off
    cli.add()
        ("book", po::value(&path)->required()->value_name("FILE"),
            "book file (created, or resumed when it exists)")
        ("size", po::value(&size)->default_value(kDefaultBoardSize)->value_name("N"),
            "board size 4..11")
        ("visits", po::value(&engine.visits)->value_name("N"), "search visits per position")
        ("seconds", po::value(&engine.seconds)->value_name("S"), "search seconds per position")
        ("positions", po::value(&build.maxPositions)->default_value(0)->value_name("N"),
            "stop when the book holds this many positions (0: no limit)")
        ("total-seconds", po::value(&build.totalSeconds)->default_value(0)->value_name("S"),
            "start no new position after this many seconds (0: no limit)")
        ("moves-per-position",
            po::value(&engine.movesPerPosition)->default_value(8)->value_name("N"),
            "most visited moves kept per position (those with >= 1% of the visits)")
        ("dropout-weight",
            po::value(&build.rule.dropoutWeight)->default_value(1.0)->value_name("X"),
            "plies a 1-point value loss costs in the best-first order")
        ("max-depth", po::value(&build.rule.maxDepth)->default_value(0)->value_name("N"),
            "expand positions at most this many plies deep (0: no limit)")
        ("threads", po::value(&engine.threads)->default_value(1)->value_name("N"), "search threads")
        ("memory", po::value(&engine.memoryMb)->default_value(1024)->value_name("MB"),
            "search tree cap, MB")
        ("seed", po::value(&engine.seed)->default_value(1)->value_name("N"), "search seed");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (size < 4 || size > 11) throw UsageError("--size must be 4..11");
    if (engine.visits == 0 && engine.seconds <= 0)
        throw UsageError("give --visits N or --seconds S (the search budget per position)");
    if (engine.seconds < 0 || build.totalSeconds < 0 || build.rule.dropoutWeight < 0 ||
        build.rule.maxDepth < 0 || engine.threads < 1 || engine.memoryMb < 1 ||
        engine.movesPerPosition < 1)
        throw UsageError("negative or zero value where a positive one is needed");
    build.boardSize = size;

    std::atomic<bool>& interrupted = catchInterrupts();
    BookBuilder builder(path, makeEngineAnalyser(engine, &interrupted), build);
    spdlog::info("book {}: {} positions at start; {}x{}, {} per position, {} threads, seed {}",
                 path, builder.startEntries(), size, size, budgetText(engine), engine.threads,
                 engine.seed);
    ProgressBar bar(build.maxPositions, build.totalSeconds);
    const auto t0 = std::chrono::steady_clock::now();
    const BuildStop why = builder.run(interrupted, [&](const BuildProgress& p) { bar.update(p); });
    bar.finish();
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const size_t added = builder.book().size() - builder.startEntries();
    std::cout << "book " << path << ": " << builder.book().size() << " positions (" << added
              << " added in " << clockText(secs) << "), stopped: " << buildStopName(why)
              << std::endl;
    return 0;
}

Book loadAny(const std::string& path) {
    if (!fs::exists(path)) throw std::runtime_error(path + ": no such file");
    return loadBook(path);
}

// The position named by --moves (played from the start) or --position, else the start.
Position startingPosition(const Book& book, const std::string& moves, const std::string& text) {
    const int n = book.boardSize();
    if (!text.empty()) {
        Position pos = Position::start(n);
        try {
            pos = parsePosition(text);
        } catch (const NotationError& e) {
            throw UsageError("--position: " + std::string(e.what()));
        }
        if (pos.width() != n)
            throw UsageError("--position is " + std::to_string(pos.width()) + "x" +
                             std::to_string(pos.width()) + ", the book " + std::to_string(n) + "x" +
                             std::to_string(n));
        return pos;
    }
    Position pos = Position::start(n);
    std::istringstream in(moves);
    for (std::string word; in >> word;) {
        Move m;
        try {
            m = parseMove(word, n);
        } catch (const NotationError& e) {
            throw UsageError("--moves: " + std::string(e.what()));
        }
        if (!pos.isLegal(m)) throw UsageError("illegal move '" + word + "' in --moves");
        pos.makeMove(m);
    }
    return pos;
}

std::string fixed3(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

void showTree(const Book& book, const Position& pos, int level, int maxDepth) {
    const std::optional<BookEntry> entry = book.lookup(pos);
    if (!entry) return;
    for (const BookMove& m : entry->moves) {
        Position child = pos;
        child.makeMove(m.move);
        const bool inBook = book.contains(child);
        std::cout << std::string(2 * level, ' ') << formatMove(m.move, pos.width()) << "  visits "
                  << m.visits << "  value " << fixed3(m.value) << "  search "
                  << fixed3(m.searchValue) << (inBook ? "  [book]" : "") << '\n';
        if (inBook && level + 1 < maxDepth) showTree(book, child, level + 1, maxDepth);
    }
}

int runShow(const std::vector<std::string>& args) {
    std::string path, moves, position;
    int depth = 1;
    ToolOptions cli("hippolyta-book show", "Usage: hippolyta-book show [options]\nOptions");
    // clang-format off
    cli.add()
        ("book", po::value(&path)->required()->value_name("FILE"), "book file")
        ("moves", po::value(&moves)->value_name("MOVES"),
            "moves from the start, e.g. \"d1-d7/g7 g10-g4/d4\"")
        ("position", po::value(&position)->value_name("POSITION"),
            "a position string instead of --moves")
        ("depth", po::value(&depth)->default_value(1)->value_name("N"),
            "plies of the tree to print");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (!moves.empty() && !position.empty()) throw UsageError("give --moves or --position");
    if (depth < 1) throw UsageError("--depth must be at least 1");
    const Book book = loadAny(path);
    const Position pos = startingPosition(book, moves, position);
    const std::optional<BookEntry> entry = book.lookup(pos);
    std::cout << formatPosition(pos);
    if (!entry) {
        std::cout << "  not in the book\n";
        return 0;
    }
    std::cout << "  search visits " << entry->searchVisits << "  value "
              << fixed3(entry->moves.empty() ? 0.0 : entry->moves.front().value) << '\n';
    showTree(book, pos, 1, depth + 1);
    return 0;
}

int runStats(const std::vector<std::string>& args) {
    std::string path;
    ToolOptions cli("hippolyta-book stats", "Usage: hippolyta-book stats [options]\nOptions");
    cli.add()("book", po::value(&path)->required()->value_name("FILE"), "book file");
    if (!cli.parse(args)) return 0;
    const Book book = loadAny(path);
    const BookStats s = bookStats(book);
    const int n = book.boardSize();
    EdgeCache edges;
    std::cout << "board size " << n << "x" << n << "\nentries " << s.entries << "\nmoves "
              << s.moves << "\nsearch visits " << s.searchVisits << "\nsearch optimism "
              << fixed3(searchOptimism(book, edges)) << "\nfile bytes " << fs::file_size(path)
              << "\nentries per depth";
    for (size_t d = 0; d < s.entriesPerDepth.size(); ++d)
        if (s.entriesPerDepth[d]) std::cout << ' ' << d << ':' << s.entriesPerDepth[d];
    std::cout << "\nmain line";
    Position pos = Position::start(n);
    for (const Move m : s.mainLine) {
        const std::optional<BookEntry> e = book.lookup(pos);
        std::cout << ' ' << formatMove(m, n) << " (" << fixed3(e->moves.front().value) << ')';
        pos.makeMove(m);
    }
    std::cout << '\n';
    return 0;
}

int runMerge(const std::vector<std::string>& args) {
    std::string out;
    std::vector<std::string> inputs;
    ToolOptions cli("hippolyta-book merge",
                    "Usage: hippolyta-book merge --out PATH IN1 IN2 ...\nOptions");
    // clang-format off
    cli.add()
        ("out", po::value(&out)->required()->value_name("FILE"), "merged book (written atomically)")
        ("in", po::value(&inputs)->multitoken()->value_name("FILE..."),
            "books to merge (also positional)");
    // clang-format on
    cli.positional("in", -1);
    if (!cli.parse(args)) return 0;
    if (inputs.empty()) throw UsageError("no book to merge");
    std::vector<Book> books;
    for (const std::string& in : inputs)
        books.push_back(loadAny(in));  // all read before writing
    Book merged = books.front();
    for (size_t i = 1; i < books.size(); ++i)
        mergeBook(merged, books[i]);
    EdgeCache edges;
    backUpCalibrated(merged, edges);
    saveBook(merged, out);
    std::cout << "book " << out << ": " << merged.size() << " positions from " << inputs.size()
              << " books\n";
    return 0;
}

int runExport(const std::vector<std::string>& args) {
    std::string path, out;
    ToolOptions cli("hippolyta-book export", "Usage: hippolyta-book export [options]\nOptions");
    // clang-format off
    cli.add()
        ("book", po::value(&path)->required()->value_name("FILE"), "book file")
        ("out", po::value(&out)->value_name("FILE"), "text file (default: stdout)");
    // clang-format on
    if (!cli.parse(args)) return 0;
    const Book book = loadAny(path);
    if (out.empty()) {
        exportBookText(book, std::cout);
        std::cout.flush();
        return std::cout ? 0 : 1;
    }
    std::ostringstream text;
    exportBookText(book, text);
    writeFileAtomically(out, text.str());
    return 0;
}

int runImport(const std::vector<std::string>& args) {
    std::string in, path;
    ToolOptions cli("hippolyta-book import", "Usage: hippolyta-book import [options]\nOptions");
    // clang-format off
    cli.add()
        ("in", po::value(&in)->required()->value_name("FILE"), "text book")
        ("book", po::value(&path)->required()->value_name("FILE"),
            "binary book to write (atomically)");
    // clang-format on
    if (!cli.parse(args)) return 0;
    std::istringstream f(readWholeFile(in));
    Book book = importBookText(f);
    EdgeCache edges;
    backUpCalibrated(book, edges);
    saveBook(book, path);
    std::cout << "book " << path << ": " << book.size() << " positions\n";
    return 0;
}

int runPrune(const std::vector<std::string>& args) {
    std::string in, path;
    BookPolicy policy;
    ToolOptions cli("hippolyta-book prune",
                    "Usage: hippolyta-book prune [options]\n"
                    "Keeps the moves the book policy may play, nothing else.\nOptions");
    // clang-format off
    cli.add()
        ("book", po::value(&in)->required()->value_name("FILE"), "book to read")
        ("out", po::value(&path)->required()->value_name("FILE"),
            "pruned book to write (atomically)")
        ("variety", po::value(&policy.variety)->default_value(policy.variety)->value_name("X"),
            "the policy's --book-variety")
        ("min-visits",
            po::value(&policy.minVisits)->default_value(policy.minVisits)->value_name("N"),
            "the policy's minimum visits")
        ("min-value", po::value(&policy.minValue)->default_value(policy.minValue)->value_name("X"),
            "the policy's minimum value");
    // clang-format on
    if (!cli.parse(args)) return 0;
    const Book book = loadBook(in);
    const Book pruned = playableBook(book, policy);
    saveBook(pruned, path);
    std::cout << "book " << path << ": " << pruned.size() << " of " << book.size()
              << " positions\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    spdlog::set_default_logger(spdlog::stderr_color_mt("book"));
    return runSubcommands("hippolyta-book", kUsage, argc, argv,
                          {{"build", runBuild},
                           {"show", runShow},
                           {"stats", runStats},
                           {"merge", runMerge},
                           {"export", runExport},
                           {"import", runImport},
                           {"prune", runPrune}});
}
