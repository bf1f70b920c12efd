// hippolyta-selfplay: self-play training data (see docs/training-data.md).
//   hippolyta-selfplay --size 10 --games 100 --visits 800 --seed 1 --out sp.data
//   hippolyta-selfplay ... --shard 2/4 --out sp-2.data
//   hippolyta-selfplay --merge sp.data sp-*.data
//   hippolyta-selfplay --stats sp.data
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/match/match_runner.h"
#include "adapters/selfplay/selfplay.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    SelfPlayConfig c;
    std::string shard, stats, netFile;
    bool noNet = false;
    std::vector<std::string> merge;
    ToolOptions cli("hippolyta-selfplay",
                    "Usage: hippolyta-selfplay --out FILE [options]\n"
                    "       hippolyta-selfplay --merge OUT FILE...\n"
                    "       hippolyta-selfplay --stats FILE\n"
                    "Plays the engine against itself and records every searched position (see "
                    "docs/training-data.md).\nOptions");
    // clang-format off
    cli.add()
        ("out", po::value(&c.out)->value_name("FILE"),
            "training-data file to write; rerun to resume")
        ("games", po::value(&c.games)->default_value(c.games)->value_name("N"),
            "games in the run (all shards)")
        ("size", po::value(&c.size)->default_value(c.size)->value_name("N"), "board size 4..11")
        ("visits", po::value(&c.visits)->default_value(c.visits)->value_name("N"),
            "simulations per move")
        ("move-time", po::value(&c.moveSeconds)->value_name("S"),
            "seconds per move instead of --visits (not reproducible)")
        ("seed", po::value(&c.seed)->default_value(c.seed)->value_name("N"),
            "seed of the openings and searches")
        ("random-plies", po::value(&c.randomPlies)->default_value(c.randomPlies)->value_name("N"),
            "uniformly random plies at the start of each game")
        ("explore-plies",
            po::value(&c.explorePlies)->default_value(c.explorePlies)->value_name("N"),
            "searched plies after them whose move is drawn from the root's visit counts")
        ("temperature", po::value(&c.temperature)->default_value(c.temperature)->value_name("T"),
            "draw with probability visits^(1/T)")
        ("tree-samples", po::value(&c.treeSampleVisits)->default_value(0)->value_name("N"),
            "also record each search's nodes below the root with N visits or more (TreeStrap "
            "labels, a version-3 file; 0: none)");
    cli.addParams(c.params, "param", "engine constant");
    cli.addNetOptions(netFile, noNet, "no network");
    cli.add()
        ("memory", po::value(&c.memoryMb)->default_value(c.memoryMb)->value_name("MB"),
            "tree cap per game, MB")
        ("concurrency", po::value(&c.concurrency)->default_value(c.concurrency)->value_name("N"),
            "games in parallel, one thread each")
        ("shard", po::value(&shard)->value_name("I/N"),
            "play only games g with (g-1) mod N = I")
        ("fsync", po::bool_switch(&c.fsync), "fsync the file after each game (flush always)")
        ("merge", po::value(&merge)->multitoken()->value_name("OUT FILE..."),
            "merge shard files into OUT, in game order")
        ("stats", po::value(&stats)->value_name("FILE"), "print what FILE holds");
    // clang-format on
    const auto check = [&] {
        if (cli.given("move-time") && cli.given("visits"))
            throw UsageError("give --visits or --move-time, not both");
        if (!shard.empty()) std::tie(c.shardIndex, c.shardCount) = parseShard(shard);
        if (!merge.empty() && merge.size() < 2)
            throw UsageError("--merge needs OUT and at least one FILE");
        c.net = loadNetOption(netFile, noNet);
        if (merge.empty() && stats.empty()) selfPlayHeader(c);  // checks the settings
    };
    return runTool(cli, argc, argv, check, [&] {
        if (!stats.empty()) {
            printTrainingDataStats(stats, std::cout);
            return 0;
        }
        if (!merge.empty()) {
            mergeTrainingData({merge.begin() + 1, merge.end()}, merge.front(), std::cerr);
            return 0;
        }
        return runSelfPlay(c, std::cerr, &catchInterrupts());
    });
}
