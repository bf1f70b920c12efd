// hippolyta-match: plays a match between two GTP Amazons engines and reports the result, or
// merges results tables (--merge). See docs/matches.md.

#include <unistd.h>

#include <atomic>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/match/match_runner.h"
#include "adapters/render/html_report.h"
#include "tools/common/tool_options.h"
#include "tools/match_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    MatchConfig config;
    std::string white, black, whiteName, blackName;
    SharedOptions shared{&config.size,        &config.referee,      &config.startupTimeout,
                         &config.concurrency, &config.openingsFile, &config.randomPlies,
                         &config.seed,        &config.outDir,       &config.verbose};
    std::vector<double> sprtArgs;
    std::vector<std::string> mergeFiles;
    bool alternate = false;
    ToolOptions cli(
        "hippolyta-match",
        "Usage: hippolyta-match --engine1 CMD --engine2 CMD [options]\n"
        "       hippolyta-match --merge RESULTS.tsv...\n"
        "Plays a match between two GTP Amazons engines (see docs/matches.md).\nOptions");
    // clang-format off
    cli.add()
        ("engine1", po::value(&config.engine1.command)->value_name("CMD"),
            "first engine's command line")
        ("engine2", po::value(&config.engine2.command)->value_name("CMD"),
            "second engine's command line")
        ("name1", po::value(&config.engine1.name)->value_name("NAME"),
            "first engine's name (default: GTP name)")
        ("name2", po::value(&config.engine2.name)->value_name("NAME"),
            "second engine's name (default: GTP name)")
        ("white", po::value(&white)->value_name("CMD"),
            "engine with White (fixed colours unless --alternate)")
        ("black", po::value(&black)->value_name("CMD"), "engine with Black")
        ("white-name", po::value(&whiteName)->value_name("NAME"), "name of the --white engine")
        ("black-name", po::value(&blackName)->value_name("NAME"), "name of the --black engine")
        ("alternate", po::bool_switch(&alternate), "with --white/--black: swap colours each game")
        ("games", po::value(&config.games)->default_value(0)->value_name("N"),
            "games to play (0: two per opening of --openings, else 2)")
        ("sprt", po::value(&sprtArgs)->multitoken()->value_name("ELO0 ELO1 ALPHA BETA"),
            "stop as soon as a Bernoulli SPRT decides")
        ("merge", po::value(&mergeFiles)->multitoken()->value_name("FILE..."),
            "combine these results tables into one report");
    // clang-format on
    addSharedOptions(cli.shown(), shared);
    const auto check = [&] {
        if (!sprtArgs.empty()) {
            if (sprtArgs.size() != 4) throw UsageError("--sprt needs ELO0 ELO1 ALPHA BETA");
            config.sprt = SprtConfig{sprtArgs[0], sprtArgs[1], sprtArgs[2], sprtArgs[3]};
            if (config.sprt->elo0 >= config.sprt->elo1 || config.sprt->alpha <= 0 ||
                config.sprt->alpha >= 1 || config.sprt->beta <= 0 || config.sprt->beta >= 1)
                throw UsageError("--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 1");
        }
        if (!white.empty() || !black.empty()) {
            if (!config.engine1.command.empty() || !config.engine2.command.empty())
                throw UsageError("use --white/--black or --engine1/--engine2");
            config.engine1 = {white, whiteName, ""};
            config.engine2 = {black, blackName, ""};
            config.alternate = alternate;
        }
        applySharedOptions(cli.values(), shared, config.shardIndex, config.shardCount);
    };
    return runTool(cli, argc, argv, check, [&] {
        if (!mergeFiles.empty()) return mergeResults(mergeFiles, config.sprt, std::cout, std::cerr);
        config.progress = ::isatty(STDERR_FILENO);
        const int code = runMatch(config, std::cout, std::cerr, &catchInterrupts());
        if (!config.outDir.empty()) tryWriteHtmlReport(config.outDir, std::cout, std::cerr);
        return code;
    });
}
