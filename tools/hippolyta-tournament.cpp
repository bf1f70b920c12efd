// hippolyta-tournament: a tournament of N GTP Amazons engines (round robin, gauntlet, Swiss or
// the Olympiad's rules) with standings, or the standings of merged results tables (--merge).
// See docs/tournaments.md.

#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/tournament/tournament_runner.h"
#include "tools/match_options.h"
#include "tools/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    if (printedVersion(argc, argv, "hippolyta-tournament")) return 0;
    TournamentConfig config;
    CoreConfig& core = config.core;
    SharedOptions shared{&core.size,        &core.referee,        &core.startupTimeout,
                         &core.concurrency, &config.openingsFile, &config.randomPlies,
                         &config.seed,      &core.outDir,         &core.verbose};
    std::string format = "round-robin";
    std::vector<std::string> mergeFiles;
    po::options_description opts(
        "Usage: hippolyta-tournament --entrants ENGINES.json [options]\n"
        "       hippolyta-tournament --merge RESULTS.tsv... [--out DIR]\n"
        "Plays a tournament between GTP Amazons engines (see docs/tournaments.md).\nOptions");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("entrants", po::value(&config.entrantsFile),
            "JSON file {\"engines\": [{\"name\": N, \"command\": C, \"dir\": D}, ...]}")
        ("format", po::value(&format)->default_value("round-robin"),
            "round-robin, gauntlet (the first entrant against each other), swiss, or olympiad "
            "(all-play-all for <= 6 entrants, else a 5-round Swiss)")
        ("rounds", po::value(&config.rounds)->default_value(0),
            "rounds (0: 1 for round robin and gauntlet, 5 for Swiss); each encounter of a round "
            "is two games with colours swapped")
        ("anchor", po::value(&config.eloAnchor), "entrant rated Elo 0 (default: the mean is 0)")
        ("merge", po::value(&mergeFiles)->multitoken(),
            "combine these results tables of one tournament into its standings");
    // clang-format on
    addSharedOptions(opts, shared);
    po::positional_options_description positional;
    positional.add("entrants", 1);
    try {
        po::variables_map vm;
        po::store(po::command_line_parser(argc, argv).options(opts).positional(positional).run(),
                  vm);
        if (vm.count("help")) {
            std::cout << opts << '\n';
            return 0;
        }
        po::notify(vm);
        const std::optional<TournamentFormat> f = parseFormat(format);
        if (!f)
            throw std::invalid_argument(
                "--format must be round-robin, gauntlet, swiss or olympiad");
        config.format = *f;
        applySharedOptions(vm, shared, config.shardIndex, config.shardCount);
        if (mergeFiles.empty() && config.entrantsFile.empty())
            throw std::invalid_argument("an entrants file is needed (--entrants FILE)");
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-tournament: " << e.what() << "\n(see --help)\n";
        return 2;
    }
    try {
        if (!mergeFiles.empty())
            return mergeTournament(mergeFiles, core.outDir, config.eloAnchor, std::cout, std::cerr);
        core.progress = ::isatty(STDERR_FILENO);
        return runTournament(config, std::cout, std::cerr, &catchInterrupts());
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-tournament: " << e.what() << '\n';
        return 1;
    }
}
