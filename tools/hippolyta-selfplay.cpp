// hippolyta-selfplay: self-play training data (see docs/training-data.md).
//   hippolyta-selfplay --size 10 --games 100 --visits 800 --seed 1 --out sp.data
//   hippolyta-selfplay ... --shard 2/4 --out sp-2.data;  hippolyta-selfplay --merge sp.data
//   sp-*.data hippolyta-selfplay --stats sp.data
#include <boost/program_options.hpp>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/match/match_runner.h"
#include "adapters/selfplay/selfplay.h"
#include "tools/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    if (printedVersion(argc, argv, "hippolyta-selfplay")) return 0;
    SelfPlayConfig c;
    std::string shard, stats;
    std::vector<std::string> merge;
    po::options_description opts(
        "Usage: hippolyta-selfplay --out FILE [options]\n"
        "       hippolyta-selfplay --merge OUT FILE...\n"
        "       hippolyta-selfplay --stats FILE\n"
        "Plays the engine against itself and records every searched position (see "
        "docs/training-data.md).\nOptions");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("out", po::value(&c.out), "training-data file to write; rerun to resume")
        ("games", po::value(&c.games)->default_value(c.games), "games in the run (all shards)")
        ("size", po::value(&c.size)->default_value(c.size), "board size 4..11")
        ("visits", po::value(&c.visits)->default_value(c.visits), "simulations per move")
        ("move-time", po::value(&c.moveSeconds),
            "seconds per move instead of --visits (not reproducible)")
        ("seed", po::value(&c.seed)->default_value(c.seed), "seed of the openings and searches")
        ("random-plies", po::value(&c.randomPlies)->default_value(c.randomPlies),
            "uniformly random plies at the start of each game")
        ("explore-plies", po::value(&c.explorePlies)->default_value(c.explorePlies),
            "searched plies after them whose move is drawn from the root's visit counts")
        ("temperature", po::value(&c.temperature)->default_value(c.temperature),
            "draw with probability visits^(1/T)")
        ("param", po::value(&c.params)->composing(), "engine constant NAME=VALUE (repeatable)")
        ("memory", po::value(&c.memoryMb)->default_value(c.memoryMb), "tree cap per game, MB")
        ("concurrency", po::value(&c.concurrency)->default_value(c.concurrency),
            "games in parallel, one thread each")
        ("shard", po::value(&shard), "I/N: play only games g with (g-1) mod N = I")
        ("fsync", po::bool_switch(&c.fsync), "fsync the file after each game (flush always)")
        ("merge", po::value(&merge)->multitoken(),
            "OUT FILE...: merge shard files into OUT, in game order")
        ("stats", po::value(&stats), "print what FILE holds");
    // clang-format on
    try {
        po::variables_map vm;
        po::store(po::parse_command_line(argc, argv, opts), vm);
        if (vm.count("help")) {
            std::cout << opts << '\n';
            return 0;
        }
        po::notify(vm);
        if (vm.count("move-time") && !vm["visits"].defaulted())
            throw std::invalid_argument("give --visits or --move-time, not both");
        if (!shard.empty()) std::tie(c.shardIndex, c.shardCount) = parseShard(shard);
        if (!merge.empty() && merge.size() < 2)
            throw std::invalid_argument("--merge needs OUT and at least one FILE");
        if (merge.empty() && stats.empty()) selfPlayHeader(c);  // checks the settings
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-selfplay: " << e.what() << "\n(see --help)\n";
        return 2;
    }
    try {
        if (!stats.empty()) {
            printTrainingDataStats(stats, std::cout);
            return 0;
        }
        if (!merge.empty()) {
            mergeTrainingData({merge.begin() + 1, merge.end()}, merge.front(), std::cerr);
            return 0;
        }
        return runSelfPlay(c, std::cerr, &catchInterrupts());
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-selfplay: " << e.what() << '\n';
        return 1;
    }
}
