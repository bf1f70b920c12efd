// hippolyta-soak: a robustness soak (docs/robustness.md). Plays many fast self-play games
// against one GTP engine with pondering, streaming analysis, undo, records, time commands and
// bad input mixed in at random (seeded), referees every answer with its own Game, and scans the
// engine's stderr for sanitizer reports. With --ponder-seconds it instead checks that a long
// ponder stays under the memory cap. Exits 0 only when nothing went wrong.
#include <boost/program_options.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "adapters/soak/soak.h"
#include "tools/common/build_info.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace hippolyta;

int main(int argc, char** argv) {
    SoakOptions o;
    std::string sizes = "fixed";
    const fs::path beside = fs::absolute(fs::path(argv[0])).parent_path() / "hippolyta";
    po::options_description opts(
        "Usage: hippolyta-soak [options]\n"
        "Self-play soak of a GTP engine with random extra commands (docs/robustness.md).\n"
        "Options");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("engine", po::value(&o.engine)->default_value(beside.string() + " --move-time 0.005",
                                        "DIR/hippolyta --move-time 0.005"),
            "engine command line: one command and its arguments (run with exec); DIR is "
            "this program's directory")
        ("games", po::value(&o.games)->default_value(o.games), "self-play games to play")
        ("size", po::value(&o.size)->default_value(o.size), "board size 5..11")
        ("sizes", po::value(&sizes)->default_value(sizes), "fixed (--size) or mixed (5..10)")
        ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the random choices")
        ("engine-log", po::value(&o.engineLog),
            "append the engine's stderr to this file and scan it for sanitizer reports")
        ("traffic", po::value(&o.trafficFile), "write the GTP traffic to this file")
        ("timeout", po::value(&o.timeout)->default_value(o.timeout),
            "seconds the engine may take for any one answer")
        ("max-crashes", po::value(&o.maxCrashes)->default_value(o.maxCrashes),
            "stop after this many engine crashes")
        ("ponder-seconds", po::value(&o.ponderSeconds)->default_value(0),
            "memory mode: play one move, ponder this long, report the peak resident size")
        ("memory", po::value(&o.memoryMb)->default_value(o.memoryMb),
            "memory mode: the engine's --memory cap in MB")
        ("allowance", po::value(&o.allowanceMb)->default_value(o.allowanceMb),
            "memory mode: MB allowed above the cap for code, stacks and the allocator");
    // clang-format on
    try {
        po::variables_map vm;
        po::store(po::parse_command_line(argc, argv, opts), vm);
        if (vm.count("version")) {
            std::cout << versionText("hippolyta-soak");
            return 0;
        }
        if (vm.count("help")) {
            std::cout << opts << '\n';
            return 0;
        }
        po::notify(vm);
        if (sizes != "fixed" && sizes != "mixed") throw po::error("--sizes must be fixed or mixed");
        o.mixedSizes = sizes == "mixed";
        if (o.size < 5 || o.size > 11 || o.games < 0 || o.timeout <= 0 || o.ponderSeconds < 0 ||
            o.memoryMb < 1 || o.allowanceMb < 0)
            throw po::error("--size must be 5..11; counts and times not negative");
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-soak: " << e.what() << " (see --help)\n";
        return 2;
    }
    try {
        if (!o.engineLog.empty()) std::ofstream(o.engineLog, std::ios::trunc);
        return o.ponderSeconds > 0 ? runPonderMemory(o) : runSoakGames(o);
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-soak: " << e.what() << '\n';
        return 1;
    }
}
