// hippolyta-soak: a robustness soak (docs/robustness.md). Plays many fast self-play games
// against one GTP engine with pondering, streaming analysis, undo, records, time commands and
// bad input mixed in at random (seeded), referees every answer with its own Game, and scans the
// engine's stderr for sanitizer reports. With --ponder-seconds it instead checks that a long
// ponder stays under the memory cap. Exits 0 only when nothing went wrong.
#include <fstream>
#include <iostream>

#include "adapters/process/child_process.h"
#include "adapters/soak/soak.h"
#include "protocol/data_files.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    SoakOptions o;
    std::string sizes = "fixed";
    // The engine beside this program (however it was started), else on PATH.
    const std::optional<std::string> found = findCompanionProgram("hippolyta");
    const std::string engine = found ? shellQuote(*found) : "hippolyta";
    ToolOptions cli(
        "hippolyta-soak",
        "Usage: hippolyta-soak [options]\n"
        "Self-play soak of a GTP engine with random extra commands (docs/robustness.md).\n"
        "Options");
    // clang-format off
    cli.add()
        ("engine", po::value(&o.engine)->default_value(engine + " --move-time 0.005",
                                        "DIR/hippolyta --move-time 0.005")->value_name("CMD"),
            "engine command line, run by /bin/sh -c as the match runs it (memory mode: one "
            "command, exec'd); DIR is this program's directory (else hippolyta on PATH)")
        ("games", po::value(&o.games)->default_value(o.games)->value_name("N"),
            "self-play games to play")
        ("size", po::value(&o.size)->default_value(o.size)->value_name("N"), "board size 5..11")
        ("sizes", po::value(&sizes)->default_value(sizes)->value_name("fixed|mixed"),
            "fixed (--size) or mixed (5..10)")
        ("seed", po::value(&o.seed)->default_value(o.seed)->value_name("N"),
            "seed of the random choices")
        ("engine-log", po::value(&o.engineLog)->value_name("FILE"),
            "append the engine's stderr to this file and scan it for sanitizer reports")
        ("traffic", po::value(&o.trafficFile)->value_name("FILE"),
            "write the GTP traffic to this file")
        ("timeout", po::value(&o.timeout)->default_value(o.timeout)->value_name("S"),
            "seconds the engine may take for any one answer")
        ("max-crashes", po::value(&o.maxCrashes)->default_value(o.maxCrashes)->value_name("N"),
            "stop after this many engine crashes")
        ("ponder-seconds", po::value(&o.ponderSeconds)->default_value(0)->value_name("S"),
            "memory mode: play one move, ponder this long, report the peak resident size")
        ("memory", po::value(&o.memoryMb)->default_value(o.memoryMb)->value_name("MB"),
            "memory mode: the engine's --memory cap in MB")
        ("allowance", po::value(&o.allowanceMb)->default_value(o.allowanceMb)->value_name("MB"),
            "memory mode: MB allowed above the cap for code, stacks and the allocator");
    // clang-format on
    const auto check = [&] {
        if (sizes != "fixed" && sizes != "mixed")
            throw UsageError("--sizes must be fixed or mixed");
        o.mixedSizes = sizes == "mixed";
        if (o.size < 5 || o.size > 11 || o.games < 0 || o.timeout <= 0 || o.ponderSeconds < 0 ||
            o.memoryMb < 1 || o.allowanceMb < 0)
            throw UsageError("--size must be 5..11; counts and times not negative");
    };
    return runTool(cli, argc, argv, check, [&] {
        if (!o.engineLog.empty()) std::ofstream(o.engineLog, std::ios::trunc);
        return o.ponderSeconds > 0 ? runPonderMemory(o) : runSoakGames(o);
    });
}
