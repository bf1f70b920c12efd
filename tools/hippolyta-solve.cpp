// hippolyta-solve: proves small Amazons positions with df-pn, writes and checks proof
// certificates, builds the endgame database of small regions, and splits a root into
// subproblems for shards or a Slurm array. See docs/solver.md.
#include <csignal>
#include <iostream>
#include <optional>
#include <sstream>

#include "adapters/solve/proof_bytes.h"
#include "adapters/solve/solve_job.h"
#include "engine/check/proof_check.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/solve/region_db.h"
#include "engine/solve/region_game.h"
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

// --check: a proof file, plain or gzip-compressed.
int checkFile(const std::string& path) {
    const ProofSummary s = checkProof(readProofBytes(path));
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

// Everything the command line sets; each mode below reads what it needs.
struct Command {
    std::string sizeText = "5";
    int cells = 8;
    std::string position, moves, check, buildDb, split, shardSpec, dir, merge;
    SolveJob job;
    bool evalInit = false, noEval = false, cheapOrder = false, noBounds = false;
    bool noTerritories = false, sumDelta = false, local = false, sums = false;
    bool values = false, quiet = false, shardCheckpoints = false;
    ShardSpec spec;
};

void addOptions(ToolOptions& cli, Command& c) {
    SolveJob& job = c.job;
    // clang-format off
    cli.add()
        ("size", po::value(&c.sizeText)->default_value("5")->value_name("N|WxH"),
            "board of the start: N (square) or W x H (6x5: 6 columns, 5 rows)")
        ("position", po::value(&c.position)->value_name("TEXT"), "start from this position string")
        ("moves", po::value(&c.moves)->value_name("LIST"), "play these moves first (b1-b4/b3 ...)")
        ("seconds", po::value(&job.seconds)->value_name("S"), "give up after S seconds (in all: "
            "a search resumed from its checkpoint counts the seconds recorded there)")
        ("nodes", po::value(&job.nodes)->value_name("N"), "give up after N nodes (in all, as "
            "--seconds)")
        ("table-mb", po::value(&job.settings.tableMb)->default_value(256)->value_name("MB"),
            "transposition table size")
        ("epsilon", po::value(&job.settings.epsilon)->default_value(0.25)->value_name("E"),
            "1+epsilon threshold widening (0: plain df-pn)")
        ("eval-init", po::bool_switch(&c.evalInit),
            "evaluation tie-break in initial proof numbers (fewer nodes, more time)")
        ("no-eval-init", po::bool_switch(&c.noEval), "initial proof numbers without evaluation "
            "(the default; kept for older scripts)")
        ("cheap-order", po::bool_switch(&c.cheapOrder), "hand-set move order, not the prior")
        ("no-bounds", po::bool_switch(&c.noBounds),
            "value only separated positions (no bounds before separation)")
        ("no-territories", po::bool_switch(&c.noTerritories),
            "search every move in one's own territories (not just one that keeps the count)")
        ("no-weak-delta", po::bool_switch(&c.sumDelta),
            "disproof numbers as the sum of the children's (not the largest plus one per other)")
        ("local", po::bool_switch(&c.local),
            "local search of a lone small contested region beside owned ones (fewer nodes, "
            "more time)")
        ("sums", po::bool_switch(&c.sums),
            "add small contested regions' values as combinatorial games to the owned regions' "
            "counts (decides positions with several contested regions)")
        ("db", po::value(&job.databasePath)->value_name("FILE"), "endgame database to use")
        ("checkpoint", po::value(&job.checkpointPath)->value_name("FILE"),
            "resume from FILE if it exists; write it every --checkpoint-minutes and at the end")
        ("checkpoints", po::bool_switch(&c.shardCheckpoints),
            "with --shard: a checkpoint per subproblem in DIR (`--checkpoint on` says the same)")
        ("checkpoint-minutes", po::value(&job.checkpointMinutes)->default_value(5)->value_name("M"),
            "minutes between checkpoints")
        ("proof", po::value(&job.proofPath)->value_name("FILE"), "write the proof when solved")
        ("check", po::value(&c.check)->value_name("PROOF"),
            "check a proof file, plain or gzip-compressed (rules only)")
        ("values", po::bool_switch(&c.values),
            "print each region's value as a combinatorial game (White positive), their sum "
            "and who wins it, and exit (--nodes: regions searched per value, default 100000)")
        ("build-db", po::value(&c.buildDb)->value_name("FILE"), "build the region database")
        ("cells", po::value(&c.cells)->default_value(8)->value_name("K"),
            "largest region of the database, in squares (1..8)")
        ("split", po::value(&c.split)->value_name("DIR"), "one subproblem per legal move in DIR")
        ("shard", po::value(&c.shardSpec)->value_name("K/N"),
            "solve subproblems I with I%N == K (one of each group that are images of each "
            "other under a symmetry of the board)")
        ("dir", po::value(&c.dir)->value_name("DIR"), "the split's folder for --shard")
        ("retry-unknown", po::bool_switch(&c.spec.retryUnknown),
            "with --shard: solve the unknown subproblems again too (a later pass with more "
            "time; closest to a decision first)")
        ("guess", po::value(&c.spec.guesses)->value_name("N"),
            "with --shard: solve each subproblem after its N likeliest winning moves (those "
            "that won its solved siblings), each alone, instead of whole (with --checkpoints, "
            "each guess's search resumes)")
        ("merge", po::value(&c.merge)->value_name("DIR"),
            "combine the subproblems' results; once they decide the root, their proofs too "
            "(DIR/proof.hprf); exit status 3 while the root is undecided")
        ("quiet", po::bool_switch(&c.quiet), "no progress on stderr");
    // clang-format on
}

// K/N of --shard into c.spec.
void parseShard(Command& c) {
    char slash = 0;
    std::istringstream in(c.shardSpec);
    if (!(in >> c.spec.shard >> slash >> c.spec.shards) || slash != '/' || c.spec.shards < 1 ||
        c.spec.shard < 0 || c.spec.shard >= c.spec.shards)
        throw UsageError("--shard takes K/N with 0 <= K < N");
    if (c.dir.empty()) throw UsageError("--shard needs --dir DIR");
    // Each subproblem has its own checkpoint in DIR: a file name would mislead.
    if (c.job.checkpointPath == "on") {
        c.shardCheckpoints = true;
    } else if (!c.job.checkpointPath.empty()) {
        throw UsageError(
            "with --shard, checkpoints are a file per subproblem in DIR: say --checkpoints "
            "(or --checkpoint on), or leave them out");
    }
}

void checkArguments(const ToolOptions& cli, Command& c) {
    try {
        if (!parseShape(c.sizeText).isSupported()) throw NotationError("");
    } catch (const NotationError&) {
        throw UsageError("--size takes N or WxH, each 4..11");
    }
    if (cli.given("shard")) {
        parseShard(c);
    } else if (c.spec.retryUnknown || cli.given("guess") || c.shardCheckpoints) {
        throw UsageError(
            "--retry-unknown, --guess and --checkpoints go with --shard K/N --dir DIR");
    }
    if (cli.given("guess") && c.spec.guesses < 1) throw UsageError("--guess takes N >= 1");
    if (c.job.settings.tableMb < 1) throw UsageError("--table-mb must be at least 1");
    if (c.evalInit && c.noEval) throw UsageError("--eval-init and --no-eval-init contradict");
}

// Exit status of --merge while the subproblems leave the root undecided (1 is a failure, 2 a
// bad command line): a script runs another pass.
constexpr int kUndecided = 3;

int runMerge(const std::string& dir) {
    const SplitMerge merge = mergeSplit(dir);
    std::cout << merge.text;
    try {
        std::cout << writeMergedProofs(dir);
    } catch (const std::exception& e) {
        std::cout << "proof: not written: " << e.what() << std::endl;
        return 1;
    }
    return merge.root == Outcome::Unknown ? kUndecided : 0;
}

int runBuildDb(const std::string& path, int cells) {
    const RegionDatabase db = RegionDatabase::build(cells);
    writeFileAtomically(path, db.serialize());
    std::cout << "region database " << path << ": " << db.size() << " entries, regions up to "
              << cells << " squares" << std::endl;
    return 0;
}

// The solver's settings and the root, for the modes that search.
void prepareJob(Command& c, std::optional<SplitParent>& parent) {
    DfpnSettings& s = c.job.settings;
    s.evalInit = c.evalInit;
    s.priorOrder = !c.cheapOrder;
    s.bounds = !c.noBounds;
    s.territories = !c.noTerritories;
    s.weakDelta = !c.sumDelta;
    s.local = c.local;
    s.sums = c.sums;
    c.job.root = rootPosition(parseShape(c.sizeText), c.position, c.moves, parent);
    c.job.stop = &stopRequested;
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    if (!c.quiet) c.job.progress = printProgress;
}

int runShardMode(Command& c) {
    c.job.checkpointPath = c.shardCheckpoints ? c.dir : "";
    runShard(c.job, c.dir, c.spec, [](const std::string& line) { std::cout << line << std::endl; });
    return stopRequested ? 1 : 0;
}

int runOneSolve(const Command& c) {
    if (!c.quiet) std::cerr << "solve: root " << formatPosition(c.job.root) << std::endl;
    std::cout << runSolve(c.job).line() << std::endl;
    return 0;
}

int run(const ToolOptions& cli, Command& c) {
    if (!c.check.empty()) return checkFile(c.check);
    if (!c.merge.empty()) return runMerge(c.merge);
    if (!c.buildDb.empty()) return runBuildDb(c.buildDb, c.cells);
    std::optional<SplitParent> parent;
    prepareJob(c, parent);
    if (c.values) {
        const uint64_t budget = c.job.nodes == UINT64_MAX ? 100000 : c.job.nodes;
        std::cout << regionValuesReport(c.job.root, budget);
        return 0;
    }
    if (!c.split.empty()) {
        std::cout << writeSplit(c.job.root, c.split, parent) << " subproblems in " << c.split
                  << std::endl;
        return 0;
    }
    if (cli.given("shard")) return runShardMode(c);
    return runOneSolve(c);
}

}  // namespace

int main(int argc, char** argv) {
    Command c;
    ToolOptions cli("hippolyta-solve",
                    "Usage: hippolyta-solve [options] (solve the start or --position/--moves)\n"
                    "       hippolyta-solve --check PROOF | --build-db FILE [--cells K]\n"
                    "       hippolyta-solve --split DIR | --shard K/N --dir DIR | --merge DIR\n"
                    "Proves who wins a small Amazons position with proof-number search (df-pn), "
                    "writes\na proof certificate and checks one (see docs/solver.md).\n"
                    "Exit status: 0 done; 1 a failure, an invalid proof, or a shard stopped by a\n"
                    "signal; 2 a bad command line; 3 --merge with the root still undecided.\n"
                    "Options");
    addOptions(cli, c);
    return runTool(
        cli, argc, argv, [&] { checkArguments(cli, c); }, [&] { return run(cli, c); });
}
