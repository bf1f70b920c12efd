// hippolyta-match: plays a match between two GTP Amazons engines and reports the result, or
// merges results tables (--merge). See docs/matches.md.

#include <atomic>
#include <boost/program_options.hpp>
#include <iostream>

#include "adapters/interrupts.h"
#include "adapters/match/match_runner.h"
#include "tools/common/build_info.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {}  // namespace

int main(int argc, char** argv) {
    MatchConfig config;
    std::string white, black, whiteName, blackName, tc = "none", shard, moveStyle = "slash";
    double perMove = 0;
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
        ("size", po::value(&config.size)->default_value(kDefaultBoardSize), "board size 4..11")
        ("tc", po::value(&tc)->default_value("none"),
            "time control: none, move:S (S s per move), M (sudden death), M+I (Fischer), "
            "M+NxP (byo-yomi: N periods of P s)")
        ("st", po::value(&perMove), "fixed seconds per move (same as --tc move:S)")
        ("grace", po::value(&config.referee.graceSeconds)->default_value(0.5),
            "seconds a move may overrun its time before it loses")
        ("move-timeout", po::value(&config.referee.untimedMoveTimeout)->default_value(60),
            "without a time control, seconds before a silent genmove counts as a hang")
        ("command-timeout", po::value(&config.referee.commandTimeout)->default_value(10),
            "seconds to answer any other command before it counts as a hang")
        ("startup-timeout", po::value(&config.startupTimeout)->default_value(30),
            "seconds for an engine to answer its first commands")
        ("concurrency", po::value(&config.concurrency)->default_value(1), "games in parallel")
        ("openings", po::value(&config.openingsFile),
            "file of openings, one a line: moves, or a position string; each is played once "
            "from each side")
        ("random-plies", po::value(&config.randomPlies)->default_value(2),
            "without --openings: plies of each seeded random opening")
        ("seed", po::value(&config.seed)->default_value(1), "seed of the random openings")
        ("out", po::value(&config.outDir),
            "directory for games (SGF, text) and the results table; rerun to resume")
        ("move-style", po::value(&moveStyle)->default_value("slash"),
            "how moves are sent with play: slash (d1-d7/g7) or dash (d1-d7-g7)")
        ("verbose,v", po::bool_switch(&config.verbose),
            "GTP traffic and the engines' stderr to stderr")
        ("sprt", po::value(&sprtArgs)->multitoken(),
            "ELO0 ELO1 ALPHA BETA: stop as soon as a Bernoulli SPRT decides")
        ("shard", po::value(&shard), "I/N: play only games g with (g-1) mod N = I")
        ("merge", po::value(&mergeFiles)->multitoken(),
            "combine these results tables into one report");
    // clang-format on
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
            config.engine1 = {white, whiteName};
            config.engine2 = {black, blackName};
            config.alternate = alternate;
        }
        config.referee.timeControl = vm.count("st")
                                         ? parseTimeControl("move:" + std::to_string(perMove))
                                         : parseTimeControl(tc);
        if (moveStyle != "slash" && moveStyle != "dash")
            throw std::invalid_argument("--move-style must be slash or dash");
        config.referee.moveStyle = moveStyle == "dash" ? MoveStyle::Dash : MoveStyle::Slash;
        if (!shard.empty()) std::tie(config.shardIndex, config.shardCount) = parseShard(shard);
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-match: " << e.what() << "\n(see --help)\n";
        return 2;
    }
    try {
        if (!mergeFiles.empty()) return mergeResults(mergeFiles, config.sprt, std::cout, std::cerr);
        return runMatch(config, std::cout, std::cerr, &catchInterrupts());
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-match: " << e.what() << '\n';
        return 1;
    }
}
