// hippolyta-train: fits the evaluation's weights and the move prior to self-play data, measures
// move-order quality, and writes weights files. See docs/learning.md.

#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "adapters/interrupts.h"
#include "adapters/neural/nn_check.h"
#include "adapters/neural/nn_export.h"
#include "adapters/training/eval_fit.h"
#include "adapters/training/fit_data.h"
#include "adapters/training/prior_fit.h"
#include "adapters/training/spsa_runner.h"
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"
#include "tools/match_options.h"
#include "tools/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

const char* kUsage =
    "Usage: hippolyta-train SUBCOMMAND [options]   (hippolyta-train SUBCOMMAND --help)\n"
    "  eval      fit the evaluation's weights to self-play data (Texel's method)\n"
    "  prior     fit the learned move prior to the search's visit counts\n"
    "  quality   how often move orders find the search's favourite move\n"
    "  spsa      tune search constants by SPSA through the match core (resumable)\n"
    "  write     write a weights file: the built-in values, a file's, and NAME=VALUE changes\n"
    "  nn-export self-play data to training-tensor files for tools/neural (docs/neural.md)\n"
    "  nn-check  load a network file, show its evaluation of a position, time it\n"
    "Options:\n"
    "  -h [ --help ]         show this help and exit\n"
    "  --version             show the version and exit\n";

struct Common {
    std::vector<std::string> data;
    std::string weightsIn, weightsOut;
    FitDataOptions fit;
};

void addCommon(po::options_description& opts, Common& c) {
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("data", po::value(&c.data)->multitoken()->required(), "self-play data files")
        ("weights", po::value(&c.weightsIn), "start from this weights file (default: built-in)")
        ("out", po::value(&c.weightsOut), "write the fitted weights file here")
        ("hold-out-every", po::value(&c.fit.holdOutEvery)->default_value(10),
            "hold out every Nth game for measuring")
        ("stride", po::value(&c.fit.positionStride)->default_value(1), "keep every Nth position")
        ("min-ply", po::value(&c.fit.minPly)->default_value(0), "skip plies before this");
    // clang-format on
}

bool parse(const std::vector<std::string>& args, const po::options_description& opts) {
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).run(), vm);
    if (vm.count("help")) {
        std::cout << opts << '\n';
        return true;
    }
    po::notify(vm);
    return false;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + ": cannot read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

EngineConfig startConfig(const Common& c) {
    EngineConfig config;
    if (!c.weightsIn.empty())
        applyWeights(parseWeights(readFile(c.weightsIn), c.weightsIn), config);
    return config;
}

// Writes the weights file by temp file + rename, with how it was made.
void writeWeights(const Common& c, const EngineConfig& config, std::vector<std::string> notes) {
    if (c.weightsOut.empty()) return;
    const std::string text = formatWeights(weightsOf(config, parameterNames(), std::move(notes)));
    const std::string tmp = c.weightsOut + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        out.flush();
        if (!out) throw std::runtime_error(tmp + ": cannot write");
    }
    if (std::rename(tmp.c_str(), c.weightsOut.c_str()) != 0)
        throw std::runtime_error(c.weightsOut + ": cannot replace");
    std::cout << "wrote " << c.weightsOut << "\n";
}

std::string commandLine(const std::string& sub, const std::vector<std::string>& args) {
    std::string s = "hippolyta-train " + sub;
    for (const std::string& a : args)
        s += " " + a;
    return s;
}

double secondsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Prints a fit's figures; returns the line for the weights file's comments.
std::string printFit(const FitSummary& r, const char* loss, double seconds) {
    const std::string data = "positions " + std::to_string(r.trainPositions) + " train, " +
                             std::to_string(r.heldOutPositions) + " held out; " +
                             std::to_string(r.iterations) + " Newton iterations, " +
                             fixedDecimals(seconds, 1) + " s";
    std::cout << data << "\n"
              << loss << " train " << fixedDecimals(r.trainLossBefore, 4) << " -> "
              << fixedDecimals(r.trainLossAfter, 4) << ", held out "
              << fixedDecimals(r.heldLossBefore, 4) << " -> " << fixedDecimals(r.heldLossAfter, 4)
              << "\n";
    return data;
}

int runEval(const std::vector<std::string>& args) {
    Common c;
    EvalFitConfig config;
    po::options_description opts("hippolyta-train eval [options]");
    addCommon(opts, c);
    int ownSize = 0;
    opts.add_options()("value-weight", po::value(&config.valueWeight)->default_value(0.5),
                       "target = (1 - w) * result + w * search value")(
        "l2", po::value(&config.l2)->default_value(1e-4), "pull toward the starting weights")(
        "own-size", po::value(&ownSize)->default_value(0),
        "fit this board size's own weights (eval.NxN.*) on its positions alone");
    if (parse(args, opts)) return 0;
    if (ownSize && (ownSize < kMinBoardSize || ownSize > kMaxBoardSize))
        throw std::runtime_error("--own-size must be 4..11");
    const auto t0 = std::chrono::steady_clock::now();
    EngineConfig engine = startConfig(c);
    const DataSplit data = loadFitData(c.data, c.fit);
    EvalFitReport r;
    engine.eval =
        ownSize ? fitEvaluationForSize(data.train, data.heldOut, engine.eval, ownSize, config, r)
                : fitEvaluation(data.train, data.heldOut, engine.eval, config, r);
    const std::string notes = printFit(r, "log-loss", secondsSince(t0));
    std::cout << "held-out accuracy (winner) " << fixedDecimals(r.heldAccuracyBefore, 4) << " -> "
              << fixedDecimals(r.heldAccuracyAfter, 4) << "\n";
    for (std::string name : evalFitNames()) {
        if (ownSize) name = sizeTermName(ownSize, name.substr(std::string("eval.").size()));
        std::cout << "  " << name << " " << fixedDecimals(*getParameter(engine, name), 4) << "\n";
    }
    writeWeights(c, engine, {commandLine("eval", args), notes});
    return 0;
}

void printQuality(const std::string& label, const OrderingQuality& q) {
    std::cout << label << ": top1 " << fixedDecimals(q.top1, 3) << ", top5 "
              << fixedDecimals(q.top5, 3) << ", top20 " << fixedDecimals(q.top20, 3) << " ("
              << q.positions << " positions)\n";
}

void printOrderings(const std::vector<FitPosition>& positions, const EngineConfig& engine) {
    printQuality("hand-set order (0)", orderingQuality(positions, [](const Position& p, auto& out) {
                     scoreMovesCheap(p, out, 0);
                 }));
    printQuality("learned prior (2)", orderingQuality(positions, [&](const Position& p, auto& out) {
                     scoreMovesLearned(p, engine.prior, out);
                 }));
}

int runPrior(const std::vector<std::string>& args) {
    Common c;
    PriorFitConfig config;
    po::options_description opts("hippolyta-train prior [options]");
    addCommon(opts, c);
    opts.add_options()("l2", po::value(&config.l2)->default_value(1e-3),
                       "pull toward the starting weights");
    if (parse(args, opts)) return 0;
    const auto t0 = std::chrono::steady_clock::now();
    EngineConfig engine = startConfig(c);
    const DataSplit data = loadFitData(c.data, c.fit);
    PriorFitReport r;
    engine.prior = fitPrior(data.train, data.heldOut, engine.prior, config, r);
    const std::string notes = printFit(r, "cross-entropy", secondsSince(t0));
    printOrderings(data.heldOut, engine);
    engine.search.ordering = 2;
    writeWeights(c, engine, {commandLine("prior", args), notes});
    return 0;
}

int runQuality(const std::vector<std::string>& args) {
    Common c;
    po::options_description opts("hippolyta-train quality [options]");
    addCommon(opts, c);
    if (parse(args, opts)) return 0;
    const EngineConfig engine = startConfig(c);
    const DataSplit data = loadFitData(c.data, c.fit);
    printOrderings(data.heldOut.empty() ? data.train : data.heldOut, engine);
    return 0;
}

int runWrite(const std::vector<std::string>& args) {
    std::string in, out;
    std::vector<std::string> params, notes;
    po::options_description opts("hippolyta-train write [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("weights", po::value(&in), "start from this weights file (default: built-in values)")
        ("param", po::value(&params)->composing(), "NAME=VALUE to change (repeatable)")
        ("note", po::value(&notes)->composing(), "a comment line saying how it was made")
        ("out", po::value(&out)->required(), "the weights file to write");
    // clang-format on
    if (parse(args, opts)) return 0;
    Common c;
    c.weightsIn = in;
    c.weightsOut = out;
    EngineConfig engine = startConfig(c);
    for (const std::string& p : params)
        if (!setParameter(engine, p)) throw po::error("bad --param '" + p + "'");
    notes.insert(notes.begin(), commandLine("write", args));
    writeWeights(c, engine, notes);
    return 0;
}

int runSpsaCommand(const std::vector<std::string>& args) {
    SpsaRunConfig config;
    std::string paramsFile;
    CoreConfig& core = config.core;
    std::string openingsIgnored;
    SharedOptions shared{&core.size,        &core.referee,    &core.startupTimeout,
                         &core.concurrency, &openingsIgnored, &config.randomPlies,
                         &config.seed,      &core.outDir,     &core.verbose};
    po::options_description opts("hippolyta-train spsa [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("engine", po::value(&config.engine)->required(), "the engine's command line")
        ("params", po::value(&paramsFile)->required(),
            "file of NAME START MIN MAX C_END R_END lines")
        ("iterations", po::value(&config.schedule.iterations)->default_value(1000),
            "game pairs in the run")
        ("batch", po::value(&config.batch)->default_value(1),
            "pairs played at one theta, so that shards can play them at once (at least N of "
            "--shard I/N; shard I plays the pairs k with (k-1) mod N = I)");
    // clang-format on
    addSharedOptions(opts, shared);
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(opts).run(), vm);
    if (vm.count("help")) {
        std::cout << opts << '\n';
        return 0;
    }
    po::notify(vm);
    applySharedOptions(vm, shared, config.shardIndex, config.shardCount);
    if (!openingsIgnored.empty()) throw po::error("spsa plays seeded random openings");
    if (config.batch < config.shardCount)
        throw po::error("--batch must be at least the shard count");
    if (core.outDir.empty()) throw po::error("spsa needs --out DIR (its state is the table)");
    if (config.schedule.iterations < 1) throw po::error("--iterations must be at least 1");
    config.params = parseSpsaParams(readFile(paramsFile));
    core.tool = "hippolyta-train spsa";
    core.application = "hippolyta-train";
    return runSpsa(config, std::cout, std::cerr, &catchInterrupts());
}

int runNnExport(const std::vector<std::string>& args) {
    NnExportOptions o;
    bool keepProven = false;
    po::options_description opts("hippolyta-train nn-export [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("data", po::value(&o.data)->multitoken()->required(), "self-play data files")
        ("train-out", po::value(&o.trainOut)->required(), "tensor file of the training games")
        ("held-out", po::value(&o.heldOut)->required(), "tensor file of the held-out games")
        ("hold-out-every", po::value(&o.holdOutEvery)->default_value(20),
            "games g with g % N == 0 are held out (0: none)")
        ("stride", po::value(&o.stride)->default_value(1), "keep every Nth position")
        ("min-ply", po::value(&o.minPly)->default_value(0), "skip plies before this")
        ("keep-proven", po::bool_switch(&keepProven), "keep positions the search had solved");
    // clang-format on
    if (parse(args, opts)) return 0;
    if (o.stride < 1 || o.holdOutEvery < 0) throw po::error("--stride must be >= 1");
    o.skipProven = !keepProven;
    const auto t0 = std::chrono::steady_clock::now();
    const NnExportSummary s = exportTensors(o);
    std::cout << s.games << " games (" << s.boardSize << "x" << s.boardSize
              << "): " << s.trainPositions << " training positions, " << s.heldPositions
              << " held out; " << fixedDecimals(secondsSince(t0), 1) << " s\n";
    return 0;
}

int runNnCheck(const std::vector<std::string>& args) {
    std::string netPath, positionText, referencePrefix;
    int size = 10, top = 5, batch = 16;
    double seconds = 0;
    po::options_description opts("hippolyta-train nn-check [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help")
        ("net", po::value(&netPath), "the network file")
        ("size", po::value(&size)->default_value(10), "board size of the start position")
        ("position", po::value(&positionText), "a position string instead of the start")
        ("top", po::value(&top)->default_value(5), "policy moves to show")
        ("bench", po::value(&seconds)->default_value(0),
            "time the forward pass this many CPU seconds per case (single thread)")
        ("batch", po::value(&batch)->default_value(16), "batch size for --bench")
        ("reference-positions", po::value(&referencePrefix),
            "write the fixed reference positions as PREFIX-N.tensor and PREFIX.positions");
    // clang-format on
    if (parse(args, opts)) return 0;
    if (!referencePrefix.empty()) {
        writeReferencePositions(referencePrefix);
        return 0;
    }
    if (netPath.empty()) throw po::error("--net is required");
    if (size < kMinBoardSize || size > kMaxBoardSize) throw po::error("--size must be 4..11");
    const Network net = loadNetwork(netPath);
    const Position pos = positionText.empty() ? Position::start(size) : parsePosition(positionText);
    describeEvaluation(net, pos, top, std::cout);
    if (seconds <= 0) return 0;
    for (NnKernels k : {NnKernels::Generic, NnKernels::Avx2}) {
        if (k == NnKernels::Avx2 && !avx2Supported()) continue;
        for (int b : {1, batch}) {
            const NnSpeed sp = measureSpeed(net, pos, b, seconds, k);
            std::cout << (k == NnKernels::Avx2 ? "avx2   " : "generic") << " batch " << b << ": "
                      << fixedDecimals(sp.evalsPerCpuSecond, 0) << " evaluations per CPU second ("
                      << fixedDecimals(sp.evalsPerSecond, 0) << " per wall second)\n";
        }
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (printedVersion(argc, argv, "hippolyta-train")) return 0;
    if (argc < 2) {
        std::cerr << kUsage;
        return 2;
    }
    const std::string sub = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    try {
        if (sub == "--help" || sub == "-h" || sub == "help") {
            std::cout << kUsage;
            return 0;
        }
        if (sub == "eval") return runEval(args);
        if (sub == "prior") return runPrior(args);
        if (sub == "quality") return runQuality(args);
        if (sub == "spsa") return runSpsaCommand(args);
        if (sub == "write") return runWrite(args);
        if (sub == "nn-export") return runNnExport(args);
        if (sub == "nn-check") return runNnCheck(args);
        std::cerr << "hippolyta-train: unknown subcommand '" << sub << "'\n" << kUsage;
        return 2;
    } catch (const po::error& e) {
        std::cerr << "hippolyta-train " << sub << ": " << e.what() << "\n(see --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-train " << sub << ": " << e.what() << '\n';
        return 1;
    }
}
