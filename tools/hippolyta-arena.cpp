// hippolyta-arena: quick in-process strength checks. Two engine configurations play N games,
// one at a time, colours alternating; each pair of games starts from the same seeded random
// short opening. Prints one line per game and the score of A with a 95% interval.
//
//   hippolyta-arena --a mcts --b alphabeta2 --games 20 --time 0.3 --size 10
//   hippolyta-arena --a mcts --b mcts --b-set exploration=0.4 --visits 3000
#include <boost/program_options.hpp>
#include <chrono>
#include <cmath>
#include <iostream>
#include <random>

#include "engine/core/notation.h"
#include "engine/search/engine.h"
#include "engine/search/move_order.h"
#include "engine/search/parameters.h"
#include "tools/common/build_info.h"

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
    for (const std::string& a : s.settings)
        if (!setParameter(c, a)) throw std::invalid_argument("bad setting '" + a + "'");
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

}  // namespace

int main(int argc, char** argv) {
    Side a, b;
    int games = 20, size = 10, openingPlies = 4, width = 12, memoryMb = 512;
    double time = 0;
    uint64_t visits = 0, seed = 1;
    bool verbose = false;
    po::options_description opts("Usage: hippolyta-arena [options]");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("a", po::value(&a.player)->default_value("mcts"), "player A: mcts, alphabeta2, greedy")
        ("b", po::value(&b.player)->default_value("alphabeta2"), "player B")
        ("games", po::value(&games)->default_value(20), "number of games (pairs share openings)")
        ("size", po::value(&size)->default_value(10), "board size")
        ("time", po::value(&time)->default_value(0), "seconds per move for both")
        ("visits", po::value(&visits)->default_value(0), "simulations per move for both")
        ("a-time", po::value(&a.seconds), "seconds per move for A")
        ("b-time", po::value(&b.seconds), "seconds per move for B")
        ("a-visits", po::value(&a.visits), "simulations per move for A")
        ("b-visits", po::value(&b.visits), "simulations per move for B")
        ("a-threads", po::value(&a.threads), "threads for A")
        ("b-threads", po::value(&b.threads), "threads for B")
        ("a-set", po::value(&a.settings)->composing(), "A parameter name=value (repeatable)")
        ("b-set", po::value(&b.settings)->composing(), "B parameter name=value (repeatable)")
        ("opening-plies", po::value(&openingPlies)->default_value(4), "random opening plies")
        ("opening-width", po::value(&width)->default_value(12), "opening moves chosen among")
        ("memory", po::value(&memoryMb)->default_value(512), "tree memory cap per engine, MB")
        ("seed", po::value(&seed)->default_value(1), "seed of the openings and engines")
        ("verbose,v", po::bool_switch(&verbose), "print every move");
    // clang-format on
    po::variables_map vm;
    try {
        po::store(po::parse_command_line(argc, argv, opts), vm);
        po::notify(vm);
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n" << opts << "\n";
        return 1;
    }
    if (vm.count("version")) {
        std::cout << versionText("hippolyta-arena");
        return 0;
    }
    if (vm.count("help")) {
        std::cout << opts << "\n";
        return 0;
    }
    if (!vm.count("a-time")) a.seconds = time;
    if (!vm.count("b-time")) b.seconds = time;
    if (!vm.count("a-visits")) a.visits = visits;
    if (!vm.count("b-visits")) b.visits = visits;

    std::mt19937_64 rng(seed);
    double scoreA = 0;
    int played = 0;
    Game opening;
    for (int g = 0; g < games; ++g) {
        if (g % 2 == 0) opening = randomOpening(size, openingPlies, width, rng);
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
