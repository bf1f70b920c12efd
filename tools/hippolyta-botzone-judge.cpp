// hippolyta-botzone-judge: plays a Botzone bot (for example the compiled single-file upload)
// against itself in keep-running mode, as Botzone's judge does, and reports the wall time of
// every turn against the platform's limits. See docs/fronts.md.

#include <iostream>

#include "adapters/judge/botzone_judge.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    BotzoneJudgeConfig config;
    ToolOptions cli(
        "hippolyta-botzone-judge",
        "Usage: hippolyta-botzone-judge --bot CMD [options]\n"
        "Plays a Botzone 8x8 Amazons bot against itself in keep-running mode and times every\n"
        "turn (see docs/fronts.md).\nOptions");
    // clang-format off
    cli.add()
        ("bot", po::value(&config.command)->value_name("CMD"),
            "the bot's command line (run by /bin/sh -c)")
        ("games", po::value(&config.games)->default_value(20)->value_name("N"), "games to play")
        ("json", po::bool_switch(&config.json), "send JSON requests (default: simple lines)")
        ("random-plies", po::value(&config.randomPlies)->default_value(2)->value_name("N"),
            "random moves before the bots take over, given to them as history")
        ("seed", po::value(&config.seed)->default_value(1)->value_name("N"),
            "seed of those moves")
        ("turn-limit", po::value(&config.turnLimit)->default_value(1.0)->value_name("S"),
            "seconds a turn")
        ("first-turn-limit",
            po::value(&config.firstTurnLimit)->default_value(2.0)->value_name("S"),
            "seconds of a bot's first turn (its start included)")
        ("load", po::value(&config.busyLoad)->default_value(0)->value_name("N"),
            "processes spinning on the CPU meanwhile (a loaded machine)")
        ("max-plies", po::value(&config.maxPlies)->default_value(0)->value_name("N"),
            "stop each game after this many bot moves (0: play it out)")
        ("turns", po::value(&config.turnsFile)->value_name("FILE"),
            "append one row per turn to this TSV file");
    // clang-format on
    const auto check = [&] {
        if (config.command.empty() || config.games < 1 || config.randomPlies < 0 ||
            config.busyLoad < 0 || config.busyLoad > 64 || !(config.turnLimit > 0) ||
            !(config.firstTurnLimit > 0))
            throw UsageError(
                "needs --bot, games >= 1, random plies >= 0, load 0..64 and positive limits");
    };
    return runTool(cli, argc, argv, check, [&] {
        const BotzoneJudgeSummary s =
            judgeBotzoneBot(config, [](const std::string& line) { std::cerr << line << "\n"; });
        std::cout << formatJudgeSummary(s, config);
        return s.faults.empty() ? 0 : 1;
    });
}
