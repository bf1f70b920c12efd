// hippolyta-train's other subcommands: weights files, SPSA, the network's data and checks.
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/neural/nn_check.h"
#include "adapters/neural/nn_export.h"
#include "adapters/training/spsa_runner.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/nn/network.h"
#include "engine/search/parameters.h"
#include "engine/search/pattern_prior_file.h"
#include "engine/search/weights_file.h"
#include "tools/match_options.h"
#include "tools/train/train_commands.h"

namespace po = boost::program_options;

namespace hippolyta::train {

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

// Prints a pattern prior file's weights packed, as tools/embed-pattern-prior.sh compiles them in.
int runPackPrior(const std::vector<std::string>& args) {
    std::string in;
    ToolOptions cli("hippolyta-train pack-prior",
                    "Usage: hippolyta-train pack-prior FILE\n"
                    "Prints the pattern prior FILE's weights in the packed form that\n"
                    "engine/search/pattern_prior_data.cpp holds.\nOptions");
    cli.addHidden()("file", po::value(&in)->required(), "the pattern prior file");
    cli.positional("file", 1);
    if (!cli.parse(args)) return 0;
    const PatternPriorFile file = parsePatternPrior(readWholeFile(in), in);
    std::cout << packPatternWeights(file.weights) << '\n';
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

}  // namespace hippolyta::train
