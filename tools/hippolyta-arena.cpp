// hippolyta-arena: quick in-process strength checks. Two engine configurations play N games,
// one at a time, colours alternating; each pair of games starts from the same seeded random
// short opening. Prints one line per game and the score of A with a 95% interval.
//
//   hippolyta-arena --a mcts --b alphabeta2 --games 20 --move-time 0.3 --size 10
//   hippolyta-arena --a mcts --b mcts --b-param exploration=0.4 --visits 3000
#include <chrono>
#include <cmath>
#include <iostream>
#include <random>

#include "engine/core/notation.h"
#include "engine/search/engine.h"
#include "engine/search/move_order.h"
#include "engine/search/parameters.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

namespace {

struct Side {
    std::string player = "mcts";
    double seconds = 0;
    uint64_t visits = 0;
    int threads = 1;
    std::vector<std::string> settings;
};

EngineConfig makeConfig(const Side& s, uint64_t seed, int memoryMb) {
    EngineConfig c;
    c.player = s.player;
    c.threads = s.threads;
    c.seed = seed;
    c.memoryMb = memoryMb;
    applyParams(c, s.settings);
    return c;
}

// A random opening: each ply picks at random among the `width` best moves by the cheap
// ordering, so openings are varied but not absurd.
Game randomOpening(int n, int plies, int width, std::mt19937_64& rng) {
    Game g(Position::start(n));
    std::vector<ScoredMove> moves;
    for (int i = 0; i < plies && !g.isOver(); ++i) {
        scoreMovesCheap(g.position(), moves);
        sortMoves(moves);
        const size_t k = std::min<size_t>(moves.size(), width);
        g.play(moves[rng() % k].move);
    }
    return g;
}

int playArena(const Side& a, const Side& b, int games, int size, int randomPlies, int width,
              int memoryMb, uint64_t seed, bool verbose) {
    std::mt19937_64 rng(seed);
    double scoreA = 0;
    int played = 0;
    Game opening;
    for (int g = 0; g < games; ++g) {
        if (g % 2 == 0) opening = randomOpening(size, randomPlies, width, rng);
        const bool aWhite = g % 2 == 0;
        // The opening may leave either side to move: A plays White in even games.
        Engine ea(makeConfig(a, seed * 1000 + g, memoryMb));
        Engine eb(makeConfig(b, seed * 1000 + g + 500, memoryMb));
        Game game = opening;
        double timeA = 0, timeB = 0;
        int movesA = 0, movesB = 0;
        while (!game.isOver()) {
            const bool aToMove = (game.position().sideToMove() == Color::White) == aWhite;
            Engine& e = aToMove ? ea : eb;
            const Side& s = aToMove ? a : b;
            SearchLimits limits;
            limits.seconds = s.seconds;
            limits.visits = s.visits;
            const auto t0 = std::chrono::steady_clock::now();
            const SearchResult r = e.chooseMove(game, limits);
            const double dt =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            (aToMove ? timeA : timeB) += dt;
            ++(aToMove ? movesA : movesB);
            if (!r.move || !game.play(*r.move)) {
                std::cerr << "illegal or missing move from " << (aToMove ? "A" : "B") << " in "
                          << formatPosition(game.position()) << " visits " << r.visits << " proven "
                          << r.proven << " reused " << r.reusedTree << " move "
                          << (r.move ? formatMove(*r.move, size) : "-") << "\n";
                return 2;
            }
            if (verbose)
                std::cout << (aToMove ? "A " : "B ") << formatMove(*r.move, size) << " winrate "
                          << r.winrate << " sims " << r.simulations << "\n";
        }
        const bool whiteWon = game.winner() == Color::White;
        const bool aWon = whiteWon == aWhite;
        scoreA += aWon;
        ++played;
        std::cout << "game " << g + 1 << ": A " << (aWhite ? "white" : "black") << ", "
                  << (aWon ? "A" : "B") << " wins after " << game.moves().size()
                  << " plies; avg s/move A " << timeA / std::max(movesA, 1) << " B "
                  << timeB / std::max(movesB, 1) << "; score A " << scoreA << "/" << played
                  << std::endl;
    }
    const double p = scoreA / played;
    const double half = 1.96 * std::sqrt(std::max(p * (1 - p), 0.25 / played) / played);
    std::cout << "result: A " << scoreA << "/" << played << " = " << 100 * p << "% +- "
              << 100 * half << "%" << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    Side a, b;
    int games = 20, size = 10, randomPlies = 4, width = 12, memoryMb = 512;
    double time = 0;
    uint64_t visits = 0, seed = 1;
    bool verbose = false;
    ToolOptions cli("hippolyta-arena",
                    "Usage: hippolyta-arena [options]\n"
                    "Two engine configurations, A and B, play in process, colours alternating; "
                    "each pair\nof games starts from the same seeded random opening.\nOptions");
    // clang-format off
    cli.add()
        ("a", po::value(&a.player)->default_value("mcts")->value_name("PLAYER"),
            "player A: mcts, alphabeta2, greedy")
        ("b", po::value(&b.player)->default_value("alphabeta2")->value_name("PLAYER"), "player B")
        ("games", po::value(&games)->default_value(20)->value_name("N"),
            "number of games (pairs share openings)")
        ("size", po::value(&size)->default_value(10)->value_name("N"), "board size 4..11")
        ("move-time", po::value(&time)->default_value(0)->value_name("S"),
            "seconds per move for both")
        ("visits", po::value(&visits)->default_value(0)->value_name("N"),
            "simulations per move for both")
        ("a-move-time", po::value(&a.seconds)->value_name("S"), "seconds per move for A")
        ("b-move-time", po::value(&b.seconds)->value_name("S"), "seconds per move for B")
        ("a-visits", po::value(&a.visits)->value_name("N"), "simulations per move for A")
        ("b-visits", po::value(&b.visits)->value_name("N"), "simulations per move for B")
        ("a-threads", po::value(&a.threads)->value_name("N"), "threads for A")
        ("b-threads", po::value(&b.threads)->value_name("N"), "threads for B");
    cli.addParams(a.settings, "a-param", "A's constant");
    cli.addParams(b.settings, "b-param", "B's constant");
    cli.add()
        ("random-plies", po::value(&randomPlies)->default_value(4)->value_name("N"),
            "plies of each random opening")
        ("opening-width", po::value(&width)->default_value(12)->value_name("N"),
            "each opening ply is drawn from this many best moves by the cheap ordering")
        ("memory", po::value(&memoryMb)->default_value(512)->value_name("MB"),
            "tree memory cap per engine, MB")
        ("seed", po::value(&seed)->default_value(1)->value_name("N"),
            "seed of the openings and engines")
        ("verbose,v", po::bool_switch(&verbose), "print every move");
    // clang-format on
    // The spellings before 0.2, as the other tools name the same things.
    cli.deprecated("time", "move-time");
    cli.deprecated("a-time", "a-move-time");
    cli.deprecated("b-time", "b-move-time");
    cli.deprecated("a-set", "a-param");
    cli.deprecated("b-set", "b-param");
    cli.deprecated("opening-plies", "random-plies");
    const auto check = [&] {
        if (size < kMinBoardSize || size > kMaxBoardSize) throw UsageError("--size must be 4..11");
        if (games < 1 || randomPlies < 0 || width < 1 || memoryMb < 1 || a.threads < 1 ||
            b.threads < 1)
            throw UsageError("games, widths, threads and memory must be positive");
        if (!cli.given("a-move-time")) a.seconds = time;
        if (!cli.given("b-move-time")) b.seconds = time;
        if (!cli.given("a-visits")) a.visits = visits;
        if (!cli.given("b-visits")) b.visits = visits;
        makeConfig(a, seed, memoryMb);  // a bad --a-param or --b-param is a usage error
        makeConfig(b, seed, memoryMb);
    };
    return runTool(cli, argc, argv, check, [&] {
        return playArena(a, b, games, size, randomPlies, width, memoryMb, seed, verbose);
    });
}
