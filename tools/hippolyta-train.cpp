// hippolyta-train: fits the evaluation's weights and the move prior to self-play data, measures
// move-order quality, and writes weights files. See docs/learning.md.

#include <chrono>
#include <cmath>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/neural/nn_check.h"
#include "adapters/neural/nn_export.h"
#include "adapters/training/eval_fit.h"
#include "adapters/training/fit_data.h"
#include "adapters/training/ownership_net.h"
#include "adapters/training/pattern_fit.h"
#include "adapters/training/prior_fit.h"
#include "adapters/training/spsa_runner.h"
#include "adapters/training/territory_fit.h"
#include "adapters/training/territory_source.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/nn/network.h"
#include "engine/search/parameters.h"
#include "engine/search/pattern_prior_file.h"
#include "engine/search/weights_file.h"
#include "tools/common/tool_options.h"
#include "tools/match_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

const char* kUsage =
    "Usage: hippolyta-train SUBCOMMAND [options]   (hippolyta-train SUBCOMMAND --help)\n"
    "  eval      fit the evaluation's weights to self-play data (Texel's method)\n"
    "  prior     fit the learned move prior to the search's visit counts\n"
    "  pattern   fit the pattern move prior (ordering 3) to the search's visit counts\n"
    "  quality   how often move orders find the search's favourite move\n"
    "  spsa      tune search constants by SPSA through the match core (resumable)\n"
    "  write     write a weights file: the built-in values, a file's, and NAME=VALUE changes\n"
    "  nn-export self-play data to training-tensor files for tools/neural (docs/neural.md)\n"
    "  nn-check  load a network file, show its evaluation of a position, time it\n"
    "  territory fit the learned territory table to the games' ownership maps\n"
    "  territory-source  write engine/eval/territory_tables.cpp from table files\n"
    "Options:\n"
    "  -h [ --help ]         show this help and exit\n"
    "  --version             show the version and exit\n";

struct Common {
    std::vector<std::string> data, heldOut;
    std::string weightsIn, weightsOut;
    FitDataOptions fit;
};

// The training positions, and the held-out ones: --held-out's files whole, or else every
// --hold-out-every'th game of --data.
DataSplit loadSplit(const Common& c) {
    if (c.heldOut.empty()) return loadFitData(c.data, c.fit);
    FitDataOptions all = c.fit;
    all.holdOutEvery = 0;
    DataSplit split;
    split.train = loadFitData(c.data, all).train;
    all.positionStride = 1;  // measured on every held-out position
    split.heldOut = loadFitData(c.heldOut, all).train;
    return split;
}

void addCommon(ToolOptions& cli, Common& c) {
    // clang-format off
    cli.add()
        ("data", po::value(&c.data)->multitoken()->required()->value_name("FILE..."),
            "self-play data files")
        ("weights", po::value(&c.weightsIn)->value_name("FILE"),
            "start from this weights file (default: built-in)")
        ("out", po::value(&c.weightsOut)->value_name("FILE"),
            "write the fitted weights file here")
        ("hold-out-every", po::value(&c.fit.holdOutEvery)->default_value(10)->value_name("N"),
            "hold out every Nth game for measuring")
        ("held-out", po::value(&c.heldOut)->multitoken()->value_name("FILE..."),
            "measure on these files' games instead (all of --data is then fitted on)")
        ("stride", po::value(&c.fit.positionStride)->default_value(1)->value_name("N"),
            "keep every Nth position")
        ("min-ply", po::value(&c.fit.minPly)->default_value(0)->value_name("N"),
            "skip plies before this");
    // clang-format on
}

EngineConfig startConfig(const Common& c) {
    EngineConfig config;
    if (!c.weightsIn.empty())
        applyWeights(parseWeights(readWholeFile(c.weightsIn), c.weightsIn), config);
    return config;
}

// Writes the weights file whole or not at all, with how it was made.
void writeWeights(const Common& c, const EngineConfig& config, std::vector<std::string> notes) {
    if (c.weightsOut.empty()) return;
    writeFileAtomically(c.weightsOut,
                        formatWeights(weightsOf(config, parameterNames(), std::move(notes))));
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
std::string printFit(const FitSummary& r, const char* loss, double seconds,
                     const char* steps = "Newton iterations") {
    const std::string data = "positions " + std::to_string(r.trainPositions) + " train, " +
                             std::to_string(r.heldOutPositions) + " held out; " +
                             std::to_string(r.iterations) + " " + steps + ", " +
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
    ToolOptions cli("hippolyta-train eval", "Usage: hippolyta-train eval [options]\nOptions");
    addCommon(cli, c);
    int ownSize = 0;
    // clang-format off
    cli.add()
        ("value-weight", po::value(&config.valueWeight)->default_value(0.5)->value_name("W"),
            "target = (1 - w) * result + w * search value")
        ("l2", po::value(&config.l2)->default_value(1e-4)->value_name("X"),
            "pull toward the starting weights")
        ("own-size", po::value(&ownSize)->default_value(0)->value_name("N"),
            "fit this board size's own weights (eval.NxN.*) on its positions alone")
        ("without", po::value(&config.without)->multitoken()->value_name("TERM..."),
            "leave these terms (t1 t2 c1 c2 mobility ownership) out of the fit, at their weights");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (ownSize && (ownSize < kMinBoardSize || ownSize > kMaxBoardSize))
        throw UsageError("--own-size must be 4..11");
    const auto t0 = std::chrono::steady_clock::now();
    EngineConfig engine = startConfig(c);
    const DataSplit data = loadSplit(c);
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
              << fixedDecimals(q.top5, 3) << ", top20 " << fixedDecimals(q.top20, 3)
              << ", cross-entropy " << fixedDecimals(q.crossEntropy, 4) << " (" << q.positions
              << " positions)\n";
}

void printOrderings(const std::vector<FitPosition>& positions, const EngineConfig& engine) {
    printQuality("hand-set order (0)",
                 orderingQuality(positions, [](const FitPosition& p, auto& out) {
                     scoreMovesCheap(p.position, out, MoveOrdering::HandSet);
                 }));
    printQuality("learned prior (2)",
                 orderingQuality(positions, [&](const FitPosition& p, auto& out) {
                     scoreMovesLearned(p.position, engine.prior, out);
                 }));
}

// The pattern prior's quality, and the network's policy's when one is given.
void printPatternOrderings(const std::vector<FitPosition>& positions, const PatternPriors& patterns,
                           const std::string& netPath) {
    printQuality("pattern prior (3)",
                 orderingQuality(positions, [&](const FitPosition& p, auto& out) {
                     scoreBestMovesPattern(p.position, p.lastMove,
                                           patterns.forWidth(p.position.width()), 0, out);
                 }));
    if (netPath.empty()) return;
    const Network net = loadNetwork(netPath);
    MoveList legal;
    printQuality("network policy", orderingQuality(positions, [&](const FitPosition& p, auto& out) {
                     const NetOutput o = net.evaluate(p.position);
                     p.position.generateMoves(legal);
                     out.clear();
                     for (const Move m : legal)
                         out.push_back({m, net.moveLogit(o, m)});
                 }));
}

int runPrior(const std::vector<std::string>& args) {
    Common c;
    PriorFitConfig config;
    ToolOptions cli("hippolyta-train prior", "Usage: hippolyta-train prior [options]\nOptions");
    addCommon(cli, c);
    cli.add()("l2", po::value(&config.l2)->default_value(1e-3)->value_name("X"),
              "pull toward the starting weights");
    if (!cli.parse(args)) return 0;
    const auto t0 = std::chrono::steady_clock::now();
    EngineConfig engine = startConfig(c);
    const DataSplit data = loadSplit(c);
    PriorFitReport r;
    engine.prior = fitPrior(data.train, data.heldOut, engine.prior, config, r);
    const std::string notes = printFit(r, "cross-entropy", secondsSince(t0));
    printOrderings(data.heldOut, engine);
    engine.search.ordering = MoveOrdering::Learned;
    writeWeights(c, engine, {commandLine("prior", args), notes});
    return 0;
}

int runPattern(const std::vector<std::string>& args) {
    Common c;
    PatternFitConfig config;
    std::string patternIn, netPath;
    int maxPositions = 0;
    ToolOptions cli("hippolyta-train pattern", "Usage: hippolyta-train pattern [options]\nOptions");
    addCommon(cli, c);
    // clang-format off
    cli.add()
        ("start", po::value(&patternIn)->value_name("FILE"),
            "start from this pattern prior file (default: the shipped linear prior's 47, "
            "patterns 0)")
        ("net", po::value(&netPath)->value_name("FILE"), "also measure this network's policy")
        ("l2", po::value(&config.l2)->default_value(1e-5)->value_name("X"),
            "pull toward the starting weights")
        ("epochs", po::value(&config.epochs)->default_value(6)->value_name("N"), "passes")
        ("batch", po::value(&config.batch)->default_value(128)->value_name("N"),
            "positions per step")
        ("rate", po::value(&config.rate)->default_value(0.03)->value_name("X"), "Adam step size")
        ("seed", po::value(&config.seed)->default_value(4747)->value_name("N"),
            "seed of the positions' order")
        ("threads", po::value(&config.threads)->default_value(2)->value_name("N"), "threads")
        ("max-positions", po::value(&maxPositions)->default_value(0)->value_name("N"),
            "train on at most the first N positions (0: all)");
    // clang-format on
    if (!cli.parse(args)) return 0;
    const auto t0 = std::chrono::steady_clock::now();
    const EngineConfig engine = startConfig(c);
    DataSplit data = loadSplit(c);
    if (maxPositions > 0 && data.train.size() > static_cast<size_t>(maxPositions))
        data.train.resize(static_cast<size_t>(maxPositions));
    if (data.train.empty()) throw UsageError("no training positions");
    const bool large = data.train.front().position.width() > kPatternSmallMaxWidth;
    PatternPriorFile file;
    file.large = large;
    const PatternWeights start =
        patternIn.empty() ? patternWeightsFrom(engine.prior)
                          : parsePatternPrior(readWholeFile(patternIn), patternIn).weights;
    FitSummary r;
    file.weights =
        fitPatternPrior(data.train, data.heldOut, start, config, r, [&](int epoch, double loss) {
            std::cout << "epoch " << epoch << ": train cross-entropy " << fixedDecimals(loss, 4)
                      << ", " << fixedDecimals(secondsSince(t0), 0) << " s\n"
                      << std::flush;
        });
    const std::string notes = printFit(r, "cross-entropy", secondsSince(t0), "Adam steps");
    printOrderings(data.heldOut, engine);
    PatternPriors fitted = engine.patterns;
    (large ? fitted.large : fitted.small) = std::make_shared<const PatternWeights>(file.weights);
    printPatternOrderings(data.heldOut, fitted, netPath);
    if (c.weightsOut.empty()) return 0;
    file.comments = {commandLine("pattern", args), notes};
    writeFileAtomically(c.weightsOut, formatPatternPrior(file));
    std::cout << "wrote " << c.weightsOut << "\n";
    return 0;
}

int runQuality(const std::vector<std::string>& args) {
    Common c;
    ToolOptions cli("hippolyta-train quality", "Usage: hippolyta-train quality [options]\nOptions");
    addCommon(cli, c);
    if (!cli.parse(args)) return 0;
    const EngineConfig engine = startConfig(c);
    const DataSplit data = loadSplit(c);
    printOrderings(data.heldOut.empty() ? data.train : data.heldOut, engine);
    return 0;
}

int runWrite(const std::vector<std::string>& args) {
    std::string in, out;
    std::vector<std::string> params, notes;
    ToolOptions cli("hippolyta-train write", "Usage: hippolyta-train write [options]\nOptions");
    // clang-format off
    cli.add()
        ("weights", po::value(&in)->value_name("FILE"),
            "start from this weights file (default: built-in values)");
    cli.addParams(params, "param", "a constant to change");
    cli.add()
        ("note", po::value(&notes)->composing()->value_name("TEXT"),
            "a comment line saying how it was made")
        ("out", po::value(&out)->required()->value_name("FILE"), "the weights file to write");
    // clang-format on
    if (!cli.parse(args)) return 0;
    Common c;
    c.weightsIn = in;
    c.weightsOut = out;
    EngineConfig engine = startConfig(c);
    applyParams(engine, params);
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
    ToolOptions cli("hippolyta-train spsa", "Usage: hippolyta-train spsa [options]\nOptions");
    // clang-format off
    cli.add()
        ("engine", po::value(&config.engine)->required()->value_name("CMD"),
            "the engine's command line")
        ("params", po::value(&paramsFile)->required()->value_name("FILE"),
            "file of NAME START MIN MAX C_END R_END lines")
        ("iterations", po::value(&config.schedule.iterations)->default_value(1000)->value_name("N"),
            "game pairs in the run")
        ("batch", po::value(&config.batch)->default_value(1)->value_name("N"),
            "pairs played at one theta, so that shards can play them at once (at least N of "
            "--shard I/N; shard I plays the pairs k with (k-1) mod N = I)");
    // clang-format on
    addSharedOptions(cli.shown(), shared);
    if (!cli.parse(args)) return 0;
    try {
        applySharedOptions(cli.values(), shared, config.shardIndex, config.shardCount);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    if (!openingsIgnored.empty()) throw UsageError("spsa plays seeded random openings");
    if (config.batch < config.shardCount)
        throw UsageError("--batch must be at least the shard count");
    if (core.outDir.empty()) throw UsageError("spsa needs --out DIR (its state is the table)");
    if (config.schedule.iterations < 1) throw UsageError("--iterations must be at least 1");
    config.params = parseSpsaParams(readWholeFile(paramsFile));
    core.tool = "hippolyta-train spsa";
    core.application = "hippolyta-train";
    return runSpsa(config, std::cout, std::cerr, &catchInterrupts());
}

int runNnExport(const std::vector<std::string>& args) {
    NnExportOptions o;
    bool keepProven = false;
    ToolOptions cli("hippolyta-train nn-export",
                    "Usage: hippolyta-train nn-export [options]\nOptions");
    // clang-format off
    cli.add()
        ("data", po::value(&o.data)->multitoken()->required()->value_name("FILE..."),
            "self-play data files")
        ("train-out", po::value(&o.trainOut)->required()->value_name("FILE"),
            "tensor file of the training games")
        ("held-out", po::value(&o.heldOut)->required()->value_name("FILE"),
            "tensor file of the held-out games")
        ("hold-out-every", po::value(&o.holdOutEvery)->default_value(20)->value_name("N"),
            "games g with g % N == 0 are held out (0: none)")
        ("stride", po::value(&o.stride)->default_value(1)->value_name("N"),
            "keep every Nth position")
        ("min-ply", po::value(&o.minPly)->default_value(0)->value_name("N"),
            "skip plies before this")
        ("keep-proven", po::bool_switch(&keepProven), "keep positions the search had solved");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (o.stride < 1) throw UsageError("--stride must be at least 1");
    if (o.holdOutEvery < 0) throw UsageError("--hold-out-every must not be negative");
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
    ToolOptions cli("hippolyta-train nn-check",
                    "Usage: hippolyta-train nn-check [options]\nOptions");
    // clang-format off
    cli.add()
        ("net", po::value(&netPath)->value_name("FILE"), "the network file")
        ("size", po::value(&size)->default_value(10)->value_name("N"),
            "board size of the start position")
        ("position", po::value(&positionText)->value_name("POSITION"),
            "a position string instead of the start")
        ("top", po::value(&top)->default_value(5)->value_name("N"), "policy moves to show")
        ("bench", po::value(&seconds)->default_value(0)->value_name("S"),
            "time the forward pass this many CPU seconds per case (single thread)")
        ("batch", po::value(&batch)->default_value(16)->value_name("N"), "batch size for --bench")
        ("reference-positions", po::value(&referencePrefix)->value_name("PREFIX"),
            "write the fixed reference positions as PREFIX-N.tensor and PREFIX.positions");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (!referencePrefix.empty()) {
        writeReferencePositions(referencePrefix);
        return 0;
    }
    if (netPath.empty()) throw UsageError("--net is required");
    if (size < kMinBoardSize || size > kMaxBoardSize) throw UsageError("--size must be 4..11");
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

void printOwnership(const std::string& label, const OwnershipScore& s) {
    std::cout << "  " << label << ": sign " << fixedDecimals(s.signAccuracy, 4);
    if (!std::isnan(s.accuracy3)) std::cout << ", three outcomes " << fixedDecimals(s.accuracy3, 4);
    if (!std::isnan(s.logLoss)) std::cout << ", log-loss " << fixedDecimals(s.logLoss, 4);
    std::cout << "\n";
}

int runTerritory(const std::vector<std::string>& args) {
    std::vector<std::string> data, heldOut;
    std::string out, netPath;
    int board = 10, validateEvery = 10;
    ToolOptions cli("hippolyta-train territory",
                    "Usage: hippolyta-train territory [options]\nOptions");
    // clang-format off
    cli.add()
        ("data", po::value(&data)->multitoken()->required()->value_name("FILE..."),
            "self-play data files to fit on")
        ("held-out", po::value(&heldOut)->multitoken()->value_name("FILE..."),
            "self-play data files to measure on")
        ("board", po::value(&board)->default_value(10)->value_name("N"),
            "8: the table of boards up to 8 columns; 10: of larger boards")
        ("validate-every", po::value(&validateEvery)->default_value(10)->value_name("N"),
            "games g with g % N == 0 choose the shrinkage")
        ("net", po::value(&netPath)->value_name("FILE"), "also score this network's ownership")
        ("out", po::value(&out)->value_name("FILE"), "write the table file here");
    // clang-format on
    if (!cli.parse(args)) return 0;
    if (board != 8 && board != 10) throw UsageError("--board must be 8 or 10");
    if (validateEvery < 2) throw UsageError("--validate-every must be 2 or more");
    const auto t0 = std::chrono::steady_clock::now();
    const TerritoryBoard b = territoryBoardOf(board);
    TerritoryCounts train, validation, held;
    countTerritory(data, b, validateEvery, train, &validation);
    TerritoryFitReport r;
    TerritoryFile file;
    file.board = b;
    file.table = fitTerritory(train, validation, r);
    const std::string fitLine =
        "squares " + std::to_string(static_cast<long long>(r.trainSquares)) + " train, " +
        std::to_string(static_cast<long long>(r.validationSquares)) + " validation; alpha " +
        fixedDecimals(r.alpha, 1) + ", validation log-loss " +
        fixedDecimals(r.factoredValidationLoss, 4) + " factored, " +
        fixedDecimals(r.chosenValidationLoss, 4) + " chosen; " +
        fixedDecimals(secondsSince(t0), 1) + " s";
    std::cout << fitLine << "\n";
    file.comments = {commandLine("territory", args), fitLine};
    if (!heldOut.empty()) {
        countTerritory(heldOut, b, 0, held, nullptr);
        std::cout << "held out: " << static_cast<long long>(held.squares()) << " squares, "
                  << static_cast<long long>(held.owned()) << " ended owned\n";
        printOwnership("nearer by queen moves", scoreQueenDistance(held));
        printOwnership("fitted table", scoreTable(file.table, held));
        if (!netPath.empty())
            printOwnership("network " + netPath,
                           scoreNetOwnership(loadNetwork(netPath), heldOut, b));
    }
    if (!out.empty()) {
        writeFileAtomically(out, formatTerritoryFile(file));
        std::cout << "wrote " << out << "\n";
    }
    return 0;
}

int runTerritorySource(const std::vector<std::string>& args) {
    std::vector<std::string> tables;
    std::string out;
    ToolOptions cli("hippolyta-train territory-source",
                    "Usage: hippolyta-train territory-source [options]\nOptions");
    // clang-format off
    cli.add()
        ("tables", po::value(&tables)->multitoken()->required()->value_name("FILE..."),
            "the table files of 8x8 and 10x10")
        ("out", po::value(&out)->required()->value_name("FILE"), "the C++ source to write");
    // clang-format on
    if (!cli.parse(args)) return 0;
    std::vector<TerritoryFile> files;
    for (const std::string& t : tables)
        files.push_back(parseTerritoryFile(readWholeFile(t), t));
    writeFileAtomically(out, territorySource(files, tables));
    std::cout << "wrote " << out << "\n";
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    return runSubcommands("hippolyta-train", kUsage, argc, argv,
                          {{"eval", runEval},
                           {"prior", runPrior},
                           {"pattern", runPattern},
                           {"quality", runQuality},
                           {"spsa", runSpsaCommand},
                           {"write", runWrite},
                           {"nn-export", runNnExport},
                           {"nn-check", runNnCheck},
                           {"territory", runTerritory},
                           {"territory-source", runTerritorySource}});
}
