// hippolyta-tournament: a tournament of N GTP Amazons engines (round robin, gauntlet, Swiss or
// the Olympiad's rules) with standings, or the standings of merged results tables (--merge).
// See docs/tournaments.md.

#include <unistd.h>

#include <atomic>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/tournament/tournament_runner.h"
#include "tools/common/tool_options.h"
#include "tools/match_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    TournamentConfig config;
    CoreConfig& core = config.core;
    SharedOptions shared{&core.size,        &core.referee,        &core.startupTimeout,
                         &core.concurrency, &config.openingsFile, &config.randomPlies,
                         &config.seed,      &core.outDir,         &core.verbose};
    std::string format = "round-robin";
    std::vector<std::string> mergeFiles;
    ToolOptions cli(
        "hippolyta-tournament",
        "Usage: hippolyta-tournament --entrants ENGINES.json [options]\n"
        "       hippolyta-tournament --merge RESULTS.tsv... [--out DIR]\n"
        "Plays a tournament between GTP Amazons engines (see docs/tournaments.md).\nOptions");
    // clang-format off
    cli.add()
        ("entrants", po::value(&config.entrantsFile)->value_name("FILE"),
            "JSON file {\"engines\": [{\"name\": N, \"command\": C, \"dir\": D}, ...]}")
        ("format", po::value(&format)->default_value("round-robin")->value_name("FORMAT"),
            "round-robin, gauntlet (the first entrant against each other), swiss, or olympiad "
            "(all-play-all for <= 6 entrants, else a 5-round Swiss)")
        ("rounds", po::value(&config.rounds)->default_value(0)->value_name("N"),
            "rounds (0: 1 for round robin and gauntlet, 5 for Swiss); each encounter of a round "
            "is two games with colours swapped")
        ("anchor", po::value(&config.eloAnchor)->value_name("NAME"),
            "entrant rated Elo 0 (default: the mean is 0)")
        ("merge", po::value(&mergeFiles)->multitoken()->value_name("FILE..."),
            "combine these results tables of one tournament into its standings");
    // clang-format on
    addSharedOptions(cli.shown(), shared);
    cli.positional("entrants", 1);
    const auto check = [&] {
        const std::optional<TournamentFormat> f = parseFormat(format);
        if (!f) throw UsageError("--format must be round-robin, gauntlet, swiss or olympiad");
        config.format = *f;
        applySharedOptions(cli.values(), shared, config.shardIndex, config.shardCount);
        if (mergeFiles.empty() && config.entrantsFile.empty())
            throw UsageError("an entrants file is needed (--entrants FILE)");
    };
    return runTool(cli, argc, argv, check, [&] {
        if (!mergeFiles.empty())
            return mergeTournament(mergeFiles, core.outDir, config.eloAnchor, std::cout, std::cerr);
        core.progress = ::isatty(STDERR_FILENO);
        return runTournament(config, std::cout, std::cerr, &catchInterrupts());
    });
}
