// hippolyta-train's fits of the evaluation and the move priors, and the move orders' quality.
#include <iostream>

#include "adapters/neural/nn_check.h"
#include "adapters/training/eval_fit.h"
#include "adapters/training/pattern_fit.h"
#include "adapters/training/prior_fit.h"
#include "engine/core/file_io.h"
#include "engine/core/text_util.h"
#include "engine/nn/network.h"
#include "engine/search/parameters.h"
#include "engine/search/pattern_prior_file.h"
#include "tools/train/train_commands.h"

namespace po = boost::program_options;

namespace hippolyta::train {

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
            "leave these terms (t1 t2 c1 c2 mobility) out of the fit, at their weights")
        ("calibrate", po::bool_switch(&config.calibrate),
            "then scale the fitted weights by one factor fitted to the game positions' results "
            "(for --tree-samples, whose values are milder than results)");
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
              << fixedDecimals(r.heldAccuracyAfter, 4) << "\n"
              << "held-out log-loss against the results "
              << fixedDecimals(r.heldResultLossBefore, 4) << " -> "
              << fixedDecimals(r.heldResultLossAfter, 4) << "\n";
    if (config.calibrate)
        std::cout << "calibration factor " << fixedDecimals(r.calibration, 4) << "\n";
    for (std::string name : evalFitNames()) {
        if (ownSize) name = sizeTermName(ownSize, name.substr(std::string("eval.").size()));
        std::cout << "  " << name << " " << fixedDecimals(*getParameter(engine, name), 4) << "\n";
    }
    writeWeights(c, engine, {commandLine("eval", args), notes});
    return 0;
}

namespace {

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

}  // namespace

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
    const bool large = data.train.front().position.width() > kSmallBoardMaxWidth;
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

}  // namespace hippolyta::train
