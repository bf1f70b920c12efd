// hippolyta-sau-referee: plays two SAU Game Platform engines against each other headless, with
// the platform's rules and message flow, and writes the game (docs/fronts.md, "The headless
// referee").
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/sau_referee/sau_referee.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    SauRefereeConfig config;
    bool quiet = false;
    ToolOptions cli("hippolyta-sau-referee",
                    "Usage: hippolyta-sau-referee --black CMD --white CMD [options]\n"
                    "Plays one 10x10 game between two engines for the SAU Game Platform, as its "
                    "referee does\n(see docs/fronts.md), and writes the transcript and the "
                    "records.\nOptions");
    // clang-format off
    cli.add()
        ("black", po::value(&config.commands[0])->value_name("CMD"),
            "the platform's Black (moves first): a command line, run by /bin/sh -c")
        ("white", po::value(&config.commands[1])->value_name("CMD"), "the platform's White")
        ("black-dir", po::value(&config.folders[0])->value_name("DIR"),
            "the folder Black starts in (default: its executable's)")
        ("white-dir", po::value(&config.folders[1])->value_name("DIR"),
            "the folder White starts in (default: its executable's)")
        ("out", po::value(&config.outDir)->value_name("DIR"),
            "write transcript.txt, game.sgf and game.txt here")
        ("time-limit", po::value(&config.timeLimitSeconds)->default_value(0)->value_name("S"),
            "each side's time for the whole game; over it loses (0: none, as on the platform)")
        ("move-timeout", po::value(&config.moveSeconds)->default_value(600)->value_name("S"),
            "the most one move may take before its side loses")
        ("name-timeout", po::value(&config.nameSeconds)->default_value(30)->value_name("S"),
            "seconds for each engine's answer to name?")
        ("max-errors", po::value(&config.maxErrors)->default_value(10)->value_name("N"),
            "refused moves in one turn before that side loses")
        ("quiet", po::bool_switch(&quiet), "no transcript on stderr");
    // clang-format on
    const auto check = [&] {
        if (config.commands[0].empty() || config.commands[1].empty())
            throw UsageError("needs --black and --white");
        if (!(config.moveSeconds > 0) || !(config.nameSeconds > 0) ||
            !(config.timeLimitSeconds >= 0) || config.maxErrors < 1)
            throw UsageError(
                "timeouts must be positive, the time limit not negative, and "
                "--max-errors at least 1");
    };
    return runTool(cli, argc, argv, check, [&] {
        config.stop = &catchInterrupts();  // Ctrl-C or SIGTERM: the engines go, the files stay
        const SauGameResult r = playSauGame(config, [&](const std::string& line) {
            if (!quiet) std::cerr << line << '\n';
        });
        std::cout << "black: " << r.names[0] << "\nwhite: " << r.names[1]
                  << "\nresult: " << describeSauResult(r) << '\n';
        for (const std::string& d : r.disagreements)
            std::cout << "rule disagreement: " << d << '\n';
        return r.winner && r.disagreements.empty() ? 0 : 1;
    });
}
