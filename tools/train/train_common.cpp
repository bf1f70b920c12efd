#include "tools/train/train_commands.h"

#include <iostream>

#include "engine/core/file_io.h"
#include "engine/core/text_util.h"
#include "engine/search/parameters.h"
#include "engine/search/weights_file.h"

namespace po = boost::program_options;

namespace hippolyta::train {

// Tree samples (--tree-samples) join the training side only: every fit is measured on the
// games' own positions, with or without them.
DataSplit loadSplit(const Common& c) {
    if (c.heldOut.empty()) {
        DataSplit split = loadFitData(c.data, c.fit);
        std::erase_if(split.heldOut, [](const FitPosition& p) { return p.treeSample; });
        return split;
    }
    FitDataOptions all = c.fit;
    all.holdOutEvery = 0;
    DataSplit split;
    split.train = loadFitData(c.data, all).train;
    all.treeSamples = false;
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
            "skip plies before this")
        ("tree-samples", po::bool_switch(&c.fit.treeSamples),
            "fit on the data's tree samples too (hippolyta-selfplay --tree-samples), each with "
            "its search value for result and value")
        ("tree-sample-visits",
            po::value(&c.fit.treeSampleMinVisits)->default_value(0)->value_name("N"),
            "only the tree samples with N visits or more");
    // clang-format on
}

EngineConfig startConfig(const Common& c) {
    EngineConfig config;
    if (c.weightsIn.empty()) return config;
    const WeightsFile start = parseWeights(readWholeFile(c.weightsIn), c.weightsIn);
    applyWeights(start, config);
    for (const std::string& notice : start.notices)
        std::cerr << "hippolyta-train: " << notice << "\n";
    return config;
}

// The file's comments: the start file's, which say how its values came to be, then the notes.
void writeWeights(const Common& c, const EngineConfig& config, std::vector<std::string> notes) {
    if (c.weightsOut.empty()) return;
    if (!c.weightsIn.empty()) {
        std::vector<std::string> history =
            parseWeights(readWholeFile(c.weightsIn), c.weightsIn).comments;
        notes.insert(notes.begin(), history.begin(), history.end());
    }
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

std::string printFit(const FitSummary& r, const char* loss, double seconds, const char* steps) {
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

}  // namespace hippolyta::train
