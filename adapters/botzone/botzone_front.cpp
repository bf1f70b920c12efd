// Deliberately plain standard C++ (no spdlog, no Boost): this file and adapters/botzone/ go into
// the single source file uploaded to Botzone (tools/botzone-amalgamate.sh).
#include "adapters/botzone/botzone_front.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <random>

#include "adapters/botzone/botzone_budget.h"
#include "adapters/botzone/botzone_input.h"
#include "adapters/botzone/botzone_protocol.h"
#include "engine/core/notation.h"

namespace hippolyta {

namespace {

using BotzoneClock = std::chrono::steady_clock;

constexpr const char* kKeepRunning = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

// One bot: the game as we know it, our colour, and the engine (whose tree lives on between
// turns in keep-running mode).
class BotzoneBot {
  public:
    BotzoneBot(const EngineConfig& config, const BotzoneOptions& options, std::ostream& err)
        : config_(config),
          options_(options),
          err_(err),
          engine_(config),
          book_(usableBook(options.book, err)),
          bookRng_(config.seed) {}

    // Takes in one turn's input; returns the seconds the answer may take from the turn's start.
    double take(const BotzoneTurnInput& input) {
        for (const std::string& p : input.problems)
            report(p);
        if (input.full || !started_) {
            const BotzoneHistory history =
                input.full ? input.history : BotzoneHistory{{input.move}, {}};
            BotzoneReplay replay = replayBotzoneHistory(history);
            for (const std::string& p : replay.problems)
                report(p);
            game_ = replay.game;
            us_ = replay.us;
            engine_.newGame();
            started_ = true;
            // The game's first turn has the longer limit, not a process restarted later on.
            return history.requests.size() <= 1 ? options_.firstTurnSeconds : options_.turnSeconds;
        }
        const std::string problem = playBotzoneOpponentMove(game_, us_, input.move);
        if (!problem.empty()) report(problem + "; answering from the position before it");
        return options_.turnSeconds;
    }

    // Chooses our move within `seconds` (the book's, else a search), plays it, and returns it
    // (all -1 if we cannot move).
    BotzoneMove answer(double seconds, std::string& debug) {
        if (!game_.position().hasLegalMove()) return BotzoneMove{};
        const std::optional<Move> fromBook = bookMove(debug);
        const Move move = fromBook ? *fromBook : searchMove(seconds, debug);
        game_.play(move);
        return fromMove(move);
    }

  private:
    // The book's move when it has a clearly sound one. The engine's tree stays as it is: the
    // next search sees a game that continued and reuses what it can.
    std::optional<Move> bookMove(std::string& debug) {
        // The baseline players stay pure, as in the GTP engine: only MCTS plays from the book.
        if (!book_ || config_.player != "mcts") return std::nullopt;
        const Position& pos = game_.position();
        const std::optional<BookMove> b =
            chooseBookMove(*book_, pos, options_.bookPolicy, bookRng_);
        if (!b || !pos.isLegal(b->move)) return std::nullopt;
        debug = "book move " + formatMove(b->move, kBotzoneBoardSize) + " visits " +
                std::to_string(b->visits) + " value " + std::to_string(b->value).substr(0, 6);
        err_ << "botzone: " << debug << std::endl;
        return b->move;
    }

    Move searchMove(double seconds, std::string& debug) {
        const SearchLimits limits{seconds, config_.visits};
        SearchResult result;
        try {
            result = engine_.chooseMove(game_, limits);
        } catch (const std::exception& e) {
            report(std::string("the engine failed: ") + e.what());
        }
        Move move;
        if (result.move && game_.position().isLegal(*result.move)) {
            move = *result.move;
        } else {
            report("the engine gave no legal move; playing the first legal one");
            MoveList moves;
            game_.position().generateMoves(moves);
            move = moves.front();
        }
        debug = "visits " + std::to_string(result.visits) + " winrate " +
                std::to_string(result.winrate).substr(0, 5) + " move " +
                formatMove(move, kBotzoneBoardSize);
        return move;
    }

    // The book when it is for Botzone's board, else nothing (said once on err).
    static const Book* usableBook(const Book* book, std::ostream& err) {
        if (!book || book->boardSize() == kBotzoneBoardSize) return book;
        err << "botzone: the book is for " << book->boardSize() << "x" << book->boardSize()
            << ", not 8x8; playing without it" << std::endl;
        return nullptr;
    }

    void report(const std::string& problem) { err_ << "botzone: " << problem << std::endl; }

    EngineConfig config_;
    BotzoneOptions options_;
    std::ostream& err_;
    Engine engine_;
    const Book* book_;
    std::mt19937_64 bookRng_;
    Game game_{Position::start(kBotzoneBoardSize)};
    Color us_ = Color::White;
    bool started_ = false;
};

EngineConfig platformConfig(EngineConfig config, const BotzoneOptions& options) {
    config.memoryMb = std::min(config.memoryMb, options.memoryMb);
    return config;
}

}  // namespace

int runBotzoneFront(std::istream& in, std::ostream& out, std::ostream& err,
                    const EngineConfig& config, const BotzoneOptions& options) {
    // The first turn's clock starts with the process, not when its input has been read; later
    // turns start when their request arrives (the wait for the opponent's move is not ours).
    const auto processStart = BotzoneClock::now();
    bool firstTurn = true;
    BotzoneBot bot(platformConfig(config, options), options, err);
    BotzoneTurnBudget budget;
    auto secondsSince = [](BotzoneClock::time_point t) {
        return std::chrono::duration<double>(BotzoneClock::now() - t).count();
    };
    while (const auto input = readBotzoneTurn(in)) {
        const auto turnStart = firstTurn ? processStart : BotzoneClock::now();
        firstTurn = false;
        const double target = bot.take(*input);
        std::string debug;
        const BotzoneMove move =
            bot.answer(budget.searchSeconds(target, secondsSince(turnStart)), debug);
        if (input->format == BotzoneFormat::Json)
            out << formatBotzoneJsonAnswer(move, debug) << '\n';
        else
            out << formatBotzoneMove(move) << '\n';
        if (options.keepRunning) out << kKeepRunning << '\n';
        out << std::flush;
        // Silently: a note on stderr would depend on the machine's load, not on the input.
        budget.record(target, secondsSince(turnStart));
    }
    return 0;
}

}  // namespace hippolyta
