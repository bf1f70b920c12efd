// hippolyta-solve: proves small Amazons positions with df-pn, writes and checks proof
// certificates, builds the endgame database of small regions, and splits a root into
// subproblems for shards or a Slurm array. See docs/solver.md.
#include <csignal>
#include <iostream>
#include <optional>
#include <sstream>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/solve/proof_check.h"
#include "engine/solve/region_db.h"
#include "engine/solve/region_game.h"
#include "engine/solve/solve_job.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

std::atomic<bool> stopRequested{false};

void onSignal(int) {
    stopRequested = true;
}

// The start or --position, after --moves; `parent` gets the position before the last move.
Position rootPosition(BoardShape shape, const std::string& position, const std::string& moves,
                      std::optional<SplitParent>& parent) {
    Position pos = position.empty() ? Position::start(shape) : parsePosition(position);
    std::istringstream in(moves);
    std::string text;
    while (in >> text) {
        const Move m = parseMove(text, pos.shape());
        if (!pos.isLegal(m)) throw std::runtime_error("illegal move " + text);
        parent = SplitParent{pos, m};
        pos.makeMove(m);
    }
    return pos;
}

void printProgress(const DfpnProgress& p) {
    std::cerr << "solve: " << p.seconds << " s, " << p.nodes << " nodes, root pn " << p.phi
              << " dn " << p.delta << ", table " << p.tableUsed << " entries" << std::endl;
}

int checkFile(const std::string& path) {
    const ProofSummary s = checkProof(readWholeFile(path));
    if (!s.valid) {
        std::cout << "invalid: " << s.error << std::endl;
        return 1;
    }
    std::cout << "valid: " << (s.rootWins ? "win" : "loss") << " for the side to move in "
              << s.position << " (" << s.records << " records, " << s.countLeaves
              << " count leaves, " << s.boundLeaves << " bound leaves, " << s.localLeaves
              << " local leaves)" << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::string sizeText = "5";
    int cells = 8;
    std::string position, moves, check, buildDb, split, shardSpec, dir, merge;
    SolveJob job;
    bool evalInit = false, noEval = false, cheapOrder = false, noBounds = false,
         noTerritories = false;
    bool sumDelta = false, local = false, sums = false, values = false, quiet = false;
    ShardSpec spec;
    ToolOptions cli("hippolyta-solve",
                    "Usage: hippolyta-solve [options] (solve the start or --position/--moves)\n"
                    "       hippolyta-solve --check PROOF | --build-db FILE [--cells K]\n"
                    "       hippolyta-solve --split DIR | --shard K/N --dir DIR | --merge DIR\n"
                    "Proves who wins a small Amazons position with proof-number search (df-pn), "
                    "writes\na proof certificate and checks one (see docs/solver.md).\nOptions");
    // clang-format off
    cli.add()
        ("size", po::value(&sizeText)->default_value("5")->value_name("N|WxH"),
            "board of the start: N (square) or W x H (6x5: 6 columns, 5 rows)")
        ("position", po::value(&position)->value_name("TEXT"), "start from this position string")
        ("moves", po::value(&moves)->value_name("LIST"), "play these moves first (b1-b4/b3 ...)")
        ("seconds", po::value(&job.seconds)->value_name("S"), "give up after S seconds")
        ("nodes", po::value(&job.nodes)->value_name("N"), "give up after N nodes")
        ("table-mb", po::value(&job.settings.tableMb)->default_value(256)->value_name("MB"),
            "transposition table size")
        ("epsilon", po::value(&job.settings.epsilon)->default_value(0.25)->value_name("E"),
            "1+epsilon threshold widening (0: plain df-pn)")
        ("eval-init", po::bool_switch(&evalInit),
            "evaluation tie-break in initial proof numbers (fewer nodes, more time)")
        ("no-eval-init", po::bool_switch(&noEval), "initial proof numbers without evaluation "
            "(the default; kept for older scripts)")
        ("cheap-order", po::bool_switch(&cheapOrder), "hand-set move order, not the prior")
        ("no-bounds", po::bool_switch(&noBounds),
            "value only separated positions (no bounds before separation)")
        ("no-territories", po::bool_switch(&noTerritories),
            "search every move in one's own territories (not just one that keeps the count)")
        ("no-weak-delta", po::bool_switch(&sumDelta),
            "disproof numbers as the sum of the children's (not the largest plus one per other)")
        ("local", po::bool_switch(&local),
            "local search of a lone small contested region beside owned ones (fewer nodes, "
            "more time)")
        ("sums", po::bool_switch(&sums),
            "add small contested regions' values as combinatorial games to the owned regions' "
            "counts (decides positions with several contested regions)")
        ("db", po::value(&job.databasePath)->value_name("FILE"), "endgame database to use")
        ("checkpoint", po::value(&job.checkpointPath)->value_name("FILE"),
            "resume from FILE if it exists; write it every --checkpoint-minutes and at the end "
            "(with --shard: `--checkpoint on`, one per subproblem in DIR)")
        ("checkpoint-minutes", po::value(&job.checkpointMinutes)->default_value(5)->value_name("M"),
            "minutes between checkpoints")
        ("proof", po::value(&job.proofPath)->value_name("FILE"), "write the proof when solved")
        ("check", po::value(&check)->value_name("PROOF"), "check a proof file (rules only)")
        ("values", po::bool_switch(&values),
            "print each region's value as a combinatorial game (White positive), their sum "
            "and who wins it, and exit (--nodes: regions searched per value, default 100000)")
        ("build-db", po::value(&buildDb)->value_name("FILE"), "build the region database")
        ("cells", po::value(&cells)->default_value(8)->value_name("K"),
            "largest region of the database, in squares (1..8)")
        ("split", po::value(&split)->value_name("DIR"), "one subproblem per legal move in DIR")
        ("shard", po::value(&shardSpec)->value_name("K/N"),
            "solve subproblems I with I%N == K (one of each group that are images of each "
            "other under a symmetry of the board)")
        ("dir", po::value(&dir)->value_name("DIR"), "the split's folder for --shard")
        ("retry-unknown", po::bool_switch(&spec.retryUnknown),
            "with --shard: solve the unknown subproblems again too (a later pass with more "
            "time; closest to a decision first)")
        ("guess", po::value(&spec.guesses)->value_name("N"),
            "with --shard: solve each subproblem after its N likeliest winning moves (those "
            "that won its solved siblings), each alone, instead of whole (with --checkpoint "
            "on, each guess's search resumes)")
        ("merge", po::value(&merge)->value_name("DIR"),
            "combine the subproblems' results; once they decide the root, their proofs too "
            "(DIR/proof.hprf)")
        ("quiet", po::bool_switch(&quiet), "no progress on stderr");
    // clang-format on
    const auto checkArgs = [&] {
        try {
            if (!parseShape(sizeText).isSupported()) throw NotationError("");
        } catch (const NotationError&) {
            throw UsageError("--size takes N or WxH, each 4..11");
        }
        if (cli.given("shard")) {
            char slash = 0;
            std::istringstream in(shardSpec);
            if (!(in >> spec.shard >> slash >> spec.shards) || slash != '/' || spec.shards < 1 ||
                spec.shard < 0 || spec.shard >= spec.shards)
                throw UsageError("--shard takes K/N with 0 <= K < N");
            if (dir.empty()) throw UsageError("--shard needs --dir DIR");
            // Each subproblem has its own checkpoint in DIR: a file name would mislead, and
            // "off" would turn them on.
            if (cli.given("checkpoint") && job.checkpointPath != "on")
                throw UsageError(
                    "with --shard, --checkpoint takes only 'on' (a file per subproblem "
                    "in DIR); leave it out for none");
        } else if (spec.retryUnknown || cli.given("guess")) {
            throw UsageError("--retry-unknown and --guess go with --shard K/N --dir DIR");
        }
        if (cli.given("guess") && spec.guesses < 1) throw UsageError("--guess takes N >= 1");
        if (job.settings.tableMb < 1) throw UsageError("--table-mb must be at least 1");
        if (evalInit && noEval) throw UsageError("--eval-init and --no-eval-init contradict");
    };
    return runTool(cli, argc, argv, checkArgs, [&] {
        if (!check.empty()) return checkFile(check);
        if (!merge.empty()) {
            std::cout << mergeSplit(merge);
            try {
                std::cout << writeMergedProofs(merge);
            } catch (const std::exception& e) {
                std::cout << "proof: not written: " << e.what() << std::endl;
                return 1;
            }
            return 0;
        }
        if (!buildDb.empty()) {
            const RegionDatabase db = RegionDatabase::build(cells);
            db.save(buildDb);
            std::cout << "region database " << buildDb << ": " << db.size()
                      << " entries, regions up to " << cells << " squares" << std::endl;
            return 0;
        }
        job.settings.evalInit = evalInit;
        job.settings.priorOrder = !cheapOrder;
        job.settings.bounds = !noBounds;
        job.settings.territories = !noTerritories;
        job.settings.weakDelta = !sumDelta;
        job.settings.local = local;
        job.settings.sums = sums;
        std::optional<SplitParent> parent;
        job.root = rootPosition(parseShape(sizeText), position, moves, parent);
        job.stop = &stopRequested;
        std::signal(SIGINT, onSignal);
        std::signal(SIGTERM, onSignal);
        if (!quiet) job.progress = printProgress;
        if (values) {
            std::cout << regionValuesReport(job.root, job.nodes == UINT64_MAX ? 100000 : job.nodes);
            return 0;
        }
        if (!split.empty()) {
            std::cout << writeSplit(job.root, split, parent) << " subproblems in " << split
                      << std::endl;
            return 0;
        }
        if (cli.given("shard")) {
            if (job.checkpointPath == "on") job.checkpointPath = dir;
            runShard(job, dir, spec,
                     [](const std::string& line) { std::cout << line << std::endl; });
            return stopRequested ? 1 : 0;
        }
        if (!quiet) std::cerr << "solve: root " << formatPosition(job.root) << std::endl;
        const SolveReport r = runSolve(job);
        std::cout << r.line() << std::endl;
        return 0;
    });
}
