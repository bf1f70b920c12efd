// hippolyta-match: plays a match between two GTP Amazons engines and reports the result, or
// merges results tables (--merge). See docs/matches.md.

#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <iostream>

#include "adapters/common/interrupts.h"
#include "adapters/match/match_runner.h"
#include "adapters/render/html_report.h"
#include "tools/common/build_info.h"
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
    po::options_description opts(
        "Usage: hippolyta-match --engine1 CMD --engine2 CMD [options]\n"
        "       hippolyta-match --merge RESULTS.tsv...\n"
        "Plays a match between two GTP Amazons engines (see docs/matches.md).\nOptions");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("engine1", po::value(&config.engine1.command), "first engine's command line")
        ("engine2", po::value(&config.engine2.command), "second engine's command line")
        ("name1", po::value(&config.engine1.name), "first engine's name (default: GTP name)")
        ("name2", po::value(&config.engine2.name), "second engine's name (default: GTP name)")
        ("white", po::value(&white), "engine with White (fixed colours unless --alternate)")
        ("black", po::value(&black), "engine with Black")
        ("white-name", po::value(&whiteName), "name of the --white engine")
        ("black-name", po::value(&blackName), "name of the --black engine")
        ("alternate", po::bool_switch(&alternate), "with --white/--black: swap colours each game")
        ("games", po::value(&config.games)->default_value(0),
            "games to play (0: two per opening of --openings, else 2)")
        ("sprt", po::value(&sprtArgs)->multitoken(),
            "ELO0 ELO1 ALPHA BETA: stop as soon as a Bernoulli SPRT decides")
        ("merge", po::value(&mergeFiles)->multitoken(),
            "combine these results tables into one report");
    // clang-format on
    addSharedOptions(opts, shared);
    try {
        po::variables_map vm;
        po::store(po::parse_command_line(argc, argv, opts), vm);
        if (vm.count("version")) {
            std::cout << versionText("hippolyta-match");
            return 0;
        }
        if (vm.count("help")) {
            std::cout << opts << '\n';
            return 0;
        }
        po::notify(vm);
        if (!sprtArgs.empty()) {
            if (sprtArgs.size() != 4)
                throw std::invalid_argument("--sprt needs ELO0 ELO1 ALPHA BETA");
            config.sprt = SprtConfig{sprtArgs[0], sprtArgs[1], sprtArgs[2], sprtArgs[3]};
            if (config.sprt->elo0 >= config.sprt->elo1 || config.sprt->alpha <= 0 ||
                config.sprt->alpha >= 1 || config.sprt->beta <= 0 || config.sprt->beta >= 1)
                throw std::invalid_argument("--sprt needs ELO0 < ELO1 and 0 < ALPHA, BETA < 1");
        }
        if (!white.empty() || !black.empty()) {
            if (!config.engine1.command.empty() || !config.engine2.command.empty())
                throw std::invalid_argument("use --white/--black or --engine1/--engine2");
            config.engine1 = {white, whiteName, ""};
            config.engine2 = {black, blackName, ""};
            config.alternate = alternate;
        }
        applySharedOptions(vm, shared, config.shardIndex, config.shardCount);
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-match: " << e.what() << "\n(see --help)\n";
        return 2;
    }
    try {
        if (!mergeFiles.empty()) return mergeResults(mergeFiles, config.sprt, std::cout, std::cerr);
        config.progress = ::isatty(STDERR_FILENO);
        const int code = runMatch(config, std::cout, std::cerr, &catchInterrupts());
        if (!config.outDir.empty()) tryWriteHtmlReport(config.outDir, std::cout, std::cerr);
        return code;
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-match: " << e.what() << '\n';
        return 1;
    }
}
