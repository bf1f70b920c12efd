// hippolyta: the engine. GTP on stdin/stdout by default; --text, --botzone and --sau select the
// other fronts; `bench`, `perft` and `endgame` are benchmarks that print key: value lines. Started
// as the SAU Game Platform starts an engine (under the name hippolyta-sau, or with no arguments
// beside hippolyta-sau.conf), it is the SAU program (adapters/sau/sau_program.h).
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <iostream>

#include "adapters/botzone/botzone_book.h"
#include "adapters/botzone/botzone_front.h"
#include "adapters/sau/sau_console.h"
#include "adapters/sau/sau_front.h"
#include "adapters/sau/sau_program.h"
#include "adapters/text/text_front.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/position.h"
#include "engine/search/bench.h"
#include "engine/search/bench_endgame.h"
#include "engine/search/levels.h"
#include "engine/search/parameters.h"
#include "engine/search/pattern_prior_file.h"
#include "engine/search/weights_file.h"
#include "protocol/data_files.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_session.h"
#include "protocol/weights_source.h"
#include "tools/common/build_info.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

struct Invocation {
    EngineConfig engine;
    GtpOptions gtp;
    BotzoneOptions botzone;
    SauOptions sau;
    bool text = false;
    bool botzoneMode = false;
    bool sauMode = false;
    std::vector<std::string> params;  // NAME=VALUE search and evaluation constants
    std::string weightsFile;          // learned constants, applied before the params
    bool noWeights = false;
    std::vector<std::string> patternFiles;  // pattern prior files (ordering 3), each its boards
    std::string netFile;    // --net: the MCTS's network (default: none; "shipped": 10x10.hpn)
    std::string netLoaded;  // which file --net loaded, for the log
    bool noNet = false;
    std::vector<std::string> args;  // positional: bench | perft DEPTH [POSITION] | text INPUT
    std::string logFile;
    std::string logLevel = "warn";
    std::string bookFile;
    bool noBook = false;
    std::string dataDir;  // --data-dir: searched first for the shipped books
    std::string level = "10";
};

// --book, --no-book, or the shipped book for the board size; the book's choice follows --seed.
void chooseBook(Invocation& inv) {
    BookOptions& book = inv.gtp.book;
    book.seed = inv.engine.seed;
    if (inv.noBook) return;
    if (!inv.bookFile.empty())
        book.file = inv.bookFile;
    else
        book.directories = dataDirectories(inv.dataDir);
}

// Botzone's book: --book, else the shipped 8x8 book from the data directories.
std::unique_ptr<Book> botzoneBook(const Invocation& inv) {
    if (inv.noBook) return nullptr;
    if (!inv.bookFile.empty()) return loadBotzoneBook(inv.bookFile, std::cerr);
    const std::vector<std::string>& dirs = inv.gtp.book.directories;
    if (const std::optional<std::string> path = findDataFile("8x8.book", dirs))
        return loadBotzoneBook(*path, std::cerr);
    std::cerr << "botzone: no book: " << describeNotFound("8x8.book", dirs) << '\n';
    return nullptr;
}

// The path of a shipped data file, from the data directories; if there is none, a line on stderr
// saying so and what the engine does instead (`fallback`).
std::optional<std::string> findShippedFile(const Invocation& inv, const char* name,
                                           const char* fallback) {
    const std::vector<std::string> dirs = dataDirectories(inv.dataDir);
    std::optional<std::string> found = findDataFile(name, dirs);
    if (!found)
        std::cerr << "hippolyta: " << describeNotFound(name, dirs) << "; " << fallback << '\n';
    return found;
}

// --weights FILE, else the shipped weights file from the data directories, unless --no-weights.
// A file that cannot be used is reported on stderr and the built-in weights stay.
void chooseWeights(Invocation& inv) {
    if (inv.noWeights) return;
    std::string path = inv.weightsFile;
    if (path.empty()) {
        const std::optional<std::string> found =
            findShippedFile(inv, kWeightsFileName, "using the built-in weights");
        if (!found) return;
        path = *found;
    }
    loadWeightsInto(path, inv.engine, std::cerr);
}

// --pattern-prior FILE...: each file replaces the compiled-in pattern prior of its boards (small
// or large). A damaged file is a usage error: nothing of it is used.
void choosePatternPriors(Invocation& inv) {
    for (const std::string& path : inv.patternFiles) {
        try {
            const PatternPriorFile f = parsePatternPrior(readWholeFile(path), path);
            (f.large ? inv.engine.patterns.large : inv.engine.patterns.small) =
                std::make_shared<const PatternWeights>(f.weights);
        } catch (const WeightsError& e) {
            throw UsageError(e.what());
        }
    }
}

constexpr const char* kShippedNetOption = "shipped";

// --net FILE on every square board; `--net shipped`: the shipped net from the data directories,
// on the board size its SPRT accepted it for (10x10) only. No net by default: the shipped net
// won its SPRT at 0.25 s a move but lost at 1 s (docs/neural.md). A net that cannot be read is
// a usage error. Botzone plays 8x8: no net.
void chooseNet(Invocation& inv) {
    if (inv.noNet) return;
    if (inv.netFile != kShippedNetOption) {
        inv.engine.net = loadNetOption(inv.netFile, false);  // none for an empty name
        inv.netLoaded = inv.netFile + ", on every square board";
        return;
    }
    if (inv.botzoneMode) return;
    const std::vector<std::string> dirs = dataDirectories(inv.dataDir);
    const std::optional<std::string> found = findDataFile(kShippedNetFileName, dirs);
    if (!found) throw UsageError("--net shipped: " + describeNotFound(kShippedNetFileName, dirs));
    inv.engine.net = loadNetOption(*found, false);
    inv.engine.netBoardSize = kShippedNetBoardSize;
    inv.netLoaded = *found + ", on " + std::to_string(kShippedNetBoardSize) + "x" +
                    std::to_string(kShippedNetBoardSize) + " only";
}

// What the engine plays with, once the log is set up (info level): the net, or none.
void logNet(const Invocation& inv) {
    if (!inv.engine.net) {
        spdlog::info("net: none (the linear evaluation and prior)");
        return;
    }
    spdlog::info("net: {} (checksum {:016x})", inv.netLoaded, inv.engine.net->netChecksum());
}

void setUpLogging(const Invocation& inv) {
    std::shared_ptr<spdlog::logger> logger;
    // In SAU mode stderr already goes to the log file (or nowhere).
    if (inv.logFile.empty() || inv.sauMode)
        logger = spdlog::stderr_color_mt("hippolyta");
    else
        logger = spdlog::basic_logger_mt("hippolyta", inv.logFile);
    logger->set_level(spdlog::level::from_str(inv.logLevel));
    logger->flush_on(spdlog::level::info);
    spdlog::set_default_logger(logger);
}

// A whole number in [lo, hi] written in digits alone, or nothing.
std::optional<int> parseSmallInt(const std::string& text, int lo, int hi) {
    if (text.empty() || text.size() > 6 ||
        text.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const int value = std::stoi(text);
    if (value < lo || value > hi) return std::nullopt;
    return value;
}

// perft's board: the start of a size ("8", "6x5") or a position string. Throws UsageError.
Position perftPosition(const std::string& text) {
    if (text.find_first_not_of("0123456789x") != std::string::npos) {
        try {
            return parsePosition(text);
        } catch (const NotationError& e) {
            throw UsageError("perft: " + std::string(e.what()));
        }
    }
    try {
        const BoardShape shape = parseShape(text);
        if (shape.isSupported()) return Position::start(shape);
    } catch (const NotationError&) {
    }
    throw UsageError("perft: the board size must be N or WxH, each 4..11");
}

// `perft DEPTH [SIZE | POSITION]`, with amz-perft's limits. Throws UsageError.
int runPerft(const std::vector<std::string>& args) {
    if (args.size() < 2 || args.size() > 3)
        throw UsageError("perft needs DEPTH (0.." + std::to_string(kMaxPerftDepth) +
                         "), then optionally a board size or a position string");
    const std::optional<int> depth = parseSmallInt(args[1], 0, kMaxPerftDepth);
    if (!depth)
        throw UsageError("perft depth must be a whole number from 0 to " +
                         std::to_string(kMaxPerftDepth) + ", not '" + args[1] + "'");
    Position pos = args.size() > 2 ? perftPosition(args[2]) : Position::start();
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t leaves = perft(pos, *depth);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "position: " << formatPosition(pos) << "\ndepth: " << *depth
              << "\nleaves: " << leaves << "\nelapsed_seconds: " << secs
              << "\nleaves_per_second: " << static_cast<uint64_t>(leaves / std::max(secs, 1e-9))
              << std::endl;
    return 0;
}

int runBenchCommand(const EngineConfig& config) {
    for (const auto& [key, value] : runBench(config))
        std::cout << key << ": " << value << '\n';
    std::cout.flush();
    return 0;
}

// `endgame SUITE`: each position's time to proof (at most --move-time), then the totals.
int runEndgameCommand(const EngineConfig& config, const std::vector<std::string>& args) {
    if (args.size() != 2) throw UsageError("endgame needs one suite file");
    std::vector<Position> suite;
    try {
        suite = parseSuite(readWholeFile(args[1]));
    } catch (const NotationError& e) {
        throw UsageError(args[1] + ": " + e.what());
    }
    std::vector<ProofTiming> timings;
    for (size_t i = 0; i < suite.size(); ++i) {
        const ProofTiming t = timeToProof(config, suite[i], config.moveTimeSeconds);
        timings.push_back(t);
        std::cout << "position " << i + 1 << ": "
                  << (t.proven ? t.winrate > 0.5 ? "win" : "loss" : "unproven") << " seconds "
                  << t.seconds << " simulations " << t.simulations << std::endl;
    }
    for (const auto& [key, value] : suiteSummary(timings))
        std::cout << key << ": " << value << '\n';
    std::cout.flush();
    return 0;
}

// The option values no type check catches. Throws UsageError.
void checkInvocation(Invocation& inv) {
    if (inv.sauMode) {
        // The platform reads stderr with stdout: from here on (the options' values checked
        // below included) what would go to stderr goes to --log-file, or nowhere.
        prepareSauConsole();
        sendStderrTo(inv.logFile);
        if (!(inv.sau.gameSeconds >= 0 && inv.sau.gameSeconds <= 1e6))
            throw UsageError("--game-time must be between 0 and 1000000 seconds");
        const std::string& name = inv.sau.name;
        if (name.empty() ||
            std::any_of(name.begin(), name.end(), [](unsigned char c) { return c < ' '; }))
            throw UsageError("--sau-name needs text without control characters");
    }
    chooseWeights(inv);
    choosePatternPriors(inv);
    applyParams(inv.engine, inv.params);
    chooseNet(inv);
    const std::optional<int> level = parseLevel(inv.level.c_str());
    if (!level) throw UsageError("--level must be a whole number from 1 to 10");
    inv.engine.level = *level;
    const auto& p = inv.engine.player;
    if (p != "mcts" && p != "alphabeta2" && p != "greedy")
        throw UsageError("unknown player '" + p + "' (mcts, alphabeta2 or greedy)");
    if (inv.engine.threads < 1 || inv.engine.memoryMb < 1 || inv.engine.moveTimeSeconds < 0)
        throw UsageError("--threads and --memory must be positive, --move-time not negative");
    if (!(inv.gtp.lagBufferSeconds >= 0 && inv.gtp.lagBufferSeconds <= 60))
        throw UsageError("--lag-buffer must be between 0 and 60 seconds");
    if (!(inv.gtp.maxPonderSeconds >= 0 && inv.gtp.maxPonderSeconds <= 1e6))
        throw UsageError("--max-ponder must be between 0 and 1000000 seconds");
    if (!(inv.gtp.book.policy.variety >= 0 && inv.gtp.book.policy.variety <= 1))
        throw UsageError("--book-variety must be between 0 and 1");
    chooseBook(inv);
}

// The chosen front: the text interface, Botzone, a benchmark, or GTP.
int runFront(Invocation& inv) {
    setUpLogging(inv);
    logNet(inv);
    if (inv.text) {
        if (inv.args.empty()) return runTextFront(std::cin, std::cout, std::cerr, inv.engine);
        std::ifstream input(inv.args[0]);
        if (!input) throw std::runtime_error("cannot open " + inv.args[0]);
        return runTextFront(input, std::cout, std::cerr, inv.engine);
    }
    if (inv.sauMode) {
        // The 10x10 book as GTP finds it (--book, --no-book); pondering as --ponder says.
        std::unique_ptr<Book> book;
        if (!inv.noBook) book = loadSauBook(inv.bookFile, dataDirectories(inv.dataDir), std::cerr);
        inv.sau.book = book.get();
        inv.sau.bookPolicy = inv.gtp.book.policy;
        inv.sau.ponder = inv.gtp.ponder;
        inv.sau.maxPonderSeconds = inv.gtp.maxPonderSeconds;
        inv.sau.lagBufferSeconds = inv.gtp.lagBufferSeconds;
        return runSauFront(std::cin, std::cout, std::cerr, inv.engine, inv.sau);
    }
    if (inv.botzoneMode) {
        // The shipped 8x8 book unless --no-book (--book replaces it); chosen as GTP does.
        const std::unique_ptr<Book> book = botzoneBook(inv);
        inv.botzone.book = book.get();
        inv.botzone.bookPolicy = inv.gtp.book.policy;
        return runBotzoneFront(std::cin, std::cout, std::cerr, inv.engine, inv.botzone);
    }
    if (!inv.args.empty() && inv.args[0] == "bench") return runBenchCommand(inv.engine);
    if (!inv.args.empty() && inv.args[0] == "perft") return runPerft(inv.args);
    if (!inv.args.empty() && inv.args[0] == "endgame")
        return runEndgameCommand(inv.engine, inv.args);
    if (!inv.args.empty()) throw UsageError("unknown command '" + inv.args[0] + "'");
    return runGtpSession(std::cin, std::cout, inv.engine, inv.gtp);
}

}  // namespace

int main(int argc, char** argv) {
    // The SAU Game Platform starts an engine with no arguments: by its name or a settings file.
    if (sauStartRequested(argc, argv))
        return runSauProgram({argv + 1, argv + argc}, versionText("hippolyta-sau"));
    // A controller that goes away must not kill us mid-write: writes fail and we exit cleanly.
    std::signal(SIGPIPE, SIG_IGN);
    Invocation inv;
    ToolOptions cli("hippolyta",
                    // One form a line: help2man puts each "       hippolyta" line in the
                    // SYNOPSIS (a wrapped line went to the DESCRIPTION).
                    "Usage: hippolyta [options]\n"
                    "       hippolyta [options] bench\n"
                    "       hippolyta [options] perft DEPTH [SIZE | POSITION]\n"
                    "       hippolyta [options] endgame SUITE\n"
                    "Speaks GTP on stdin/stdout unless --text, --botzone or --sau is given"
                    ".\nOptions");
    // clang-format off
    cli.add()
        ("player", po::value(&inv.engine.player)->default_value(inv.engine.player)
                       ->value_name("PLAYER"),
            "who answers genmove: mcts (the engine), alphabeta2 (the two-ply territory "
            "baseline) or greedy (one ply)")
        ("threads", po::value(&inv.engine.threads)->default_value(1)->value_name("N"),
            "search threads")
        ("memory", po::value(&inv.engine.memoryMb)->default_value(1024)->value_name("MB"),
            "search tree memory cap in MB")
        ("move-time", po::value(&inv.engine.moveTimeSeconds)->default_value(1.0)->value_name("S"),
            "seconds per move when no clock is set; under a clock, the most a move may take")
        ("visits", po::value(&inv.engine.visits)->default_value(0)->value_name("N"),
            "fixed visits per move (0: use time)")
        ("seed", po::value(&inv.engine.seed)->default_value(0)->value_name("N"), "random seed")
        ("level", po::value(&inv.level)->default_value("10")->value_name("N"),
            "strength 1 (a beginner beats it) to 10 (full strength); below 10 a fixed search "
            "and a deliberate choice among good moves (also GTP amz-level)")
        ("lag-buffer",
            po::value(&inv.gtp.lagBufferSeconds)->default_value(0.2, "0.2")->value_name("S"),
            "seconds kept back from every clock budget for transport delays")
        ("ponder", po::bool_switch(&inv.gtp.ponder), "think on the opponent's time")
        ("max-ponder", po::value(&inv.gtp.maxPonderSeconds)->default_value(600)->value_name("S"),
            "seconds after which one ponder search stops")
        ("book", po::value(&inv.bookFile)->value_name("FILE"),
            "opening book file (default: the shipped book for the board size)")
        ("no-book", po::bool_switch(&inv.noBook), "play without an opening book")
        ("data-dir", po::value(&inv.dataDir)->value_name("DIR"),
            "look here first for the shipped data files (then $HIPPOLYTA_DATA_DIR, then "
            "../share/hippolyta beside the executable)")
        ("book-variety",
            po::value(&inv.gtp.book.policy.variety)->default_value(0.02, "0.02")->value_name("X"),
            "play any book move whose value is within this of the best, by visits")
        ("game-log", po::value(&inv.gtp.gameLogDir)->value_name("DIR"),
            "write every game played to a file in this directory, move by move")
        ("text", po::bool_switch(&inv.text),
            "speak the university text interface; an INPUT file may follow")
        ("botzone", po::bool_switch(&inv.botzoneMode), "play as a Botzone bot (8x8)")
        ("botzone-turn-time",
            po::value(&inv.botzone.turnSeconds)->default_value(0.85, "0.85")->value_name("S"),
            "Botzone: seconds per turn")
        ("botzone-first-turn-time",
            po::value(&inv.botzone.firstTurnSeconds)->default_value(1.7)->value_name("S"),
            "Botzone: seconds for the first turn")
        ("sau", po::bool_switch(&inv.sauMode),
            "play on the SAU Game Platform (10x10; stderr goes to --log-file or nowhere)")
        ("game-time", po::value(&inv.sau.gameSeconds)->default_value(900)->value_name("S"),
            "SAU: seconds for all our moves of a game, a safety margin included (0: no game "
            "clock, --move-time or --visits a move)")
        ("sau-name", po::value(&inv.sau.name)->default_value(inv.sau.name)->value_name("TEXT"),
            "SAU: the name answered to the platform")
        ("weights", po::value(&inv.weightsFile)->value_name("FILE"),
            "read the engine's learned constants from this weights file instead of the shipped "
            "hippolyta.weights (a bad file is refused and the built-in weights kept)")
        ("no-weights", po::bool_switch(&inv.noWeights),
            "use the built-in weights, not the shipped weights file")
        ("pattern-prior", po::value(&inv.patternFiles)->multitoken()->value_name("FILE..."),
            "the pattern prior (ordering 3) of each file's boards instead of the built-in one");
    cli.addNetOptions(inv.netFile, inv.noNet,
                      "none (the linear model). `--net shipped`: the shipped 10x10.hpn from the "
                      "data directories, on 10x10 boards only (stronger at 0.25 s a move, "
                      "weaker at 1 s; docs/neural.md)");
    cli.addParams(inv.params);
    cli.add()
        ("log-file", po::value(&inv.logFile)->value_name("FILE"),
            "write the log to this file instead of stderr")
        ("log-level", po::value(&inv.logLevel)->default_value("warn")->value_name("LEVEL"),
            "trace, debug, info, warn, error, critical or off");
    // clang-format on
    cli.addHidden()("args", po::value(&inv.args));
    cli.positional("args", -1);
    return runTool(
        cli, argc, argv,
        [&] {
            checkInvocation(inv);
            if (!cli.values()["move-time"].defaulted())
                inv.gtp.moveTimeCapSeconds = inv.engine.moveTimeSeconds;
        },
        [&] { return runFront(inv); });
}
