#include "adapters/sau/sau_session.h"

#include <algorithm>
#include <exception>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/search/levels.h"

namespace hippolyta {

namespace {

TimeManagerOptions clockOptions(const EngineConfig& config, const SauOptions& options) {
    TimeManagerOptions o;
    o.lagBufferSeconds = options.lagBufferSeconds;
    o.fallbackSeconds = config.moveTimeSeconds;
    o.fallbackVisits = config.visits;
    return o;
}

double secondsSince(SauSession::Clock::time_point t) {
    return std::chrono::duration<double>(SauSession::Clock::now() - t).count();
}

// The book when it is for the platform's board, else nothing (said once on the log).
const Book* usableBook(const Book* book, std::ostream& log) {
    if (!book || book->boardSize() == kSauBoardSize) return book;
    log << "sau: the book is for " << book->boardSize() << "x" << book->boardSize()
        << ", not 10x10; playing without it" << std::endl;
    return nullptr;
}

}  // namespace

SauSession::SauSession(std::ostream& out, std::ostream& log, const EngineConfig& config,
                       const SauOptions& options)
    : out_(out),
      log_(log),
      config_(config),
      options_(options),
      engine_(config),
      book_(usableBook(options.book, log)),
      bookRng_(config.seed),
      clock_(options.gameSeconds, clockOptions(config, options)) {}

SauSession::~SauSession() {
    stopPondering();
}

bool SauSession::handle(const SauCommand& cmd, Clock::time_point received) {
    log_ << "sau: received " << cmd.text << std::endl;
    switch (cmd.kind) {
        case SauCommandKind::Name:
            send("name " + options_.name + "\n");
            break;
        case SauCommandKind::New:
            newGame(*cmd.color, received);
            break;
        case SauCommandKind::Move:
            opponentMove(*cmd.move, received);
            break;
        case SauCommandKind::Error:
            moveRefused(received);
            break;
        case SauCommandKind::End:
            gameEnded(cmd);
            break;
        case SauCommandKind::Quit:
            return false;
        case SauCommandKind::Unknown:
            log_ << "sau: not a command; ignored" << std::endl;
            break;
    }
    return true;
}

void SauSession::newGame(SauColor color, Clock::time_point received) {
    game_ = Game(Position::start(kSauBoardSize));
    us_ = toOurColor(color);
    playing_ = true;
    lastOurs_.reset();
    refused_.clear();
    clock_.reset();
    engine_.newGame();
    log_ << "sau: new game, we are " << sauColorName(color) << " (our " << colorName(us_)
         << "), game time " << formatSeconds(clock_.gameSeconds()) << " s" << std::endl;
    moveNow(received);
}

void SauSession::opponentMove(Move m, Clock::time_point received) {
    const Position& pos = game_.position();
    std::string why;
    if (!playing_)
        why = "no game is in progress";
    else if (pos.sideToMove() == us_)
        why = "we are to move";
    else if (sauGameOver(pos))
        why = "the game is over";
    else if (!pos.isLegal(m))
        why = "it is illegal here";
    if (!why.empty()) {
        log_ << "sau: ignored the opponent's move " << describe(m) << ": " << why << std::endl;
        return;
    }
    game_.play(m);
    lastOurs_.reset();
    refused_.clear();
    moveNow(received);
}

void SauSession::moveRefused(Clock::time_point received) {
    if (!playing_ || !lastOurs_) {
        log_ << "sau: error with no move of ours to take back; ignored" << std::endl;
        return;
    }
    const Move m = *lastOurs_;
    game_.undo();
    lastOurs_.reset();
    refused_.push_back(m);
    log_ << "sau: the platform refused " << describe(m) << "; playing another move" << std::endl;
    moveNow(received);
}

void SauSession::gameEnded(const SauCommand& cmd) {
    log_ << "sau: end of the game";
    if (cmd.color) log_ << ", " << sauColorName(*cmd.color) << " wins by the platform";
    if (playing_ && sauGameOver(game_.position()))
        log_ << "; " << sauColorName(toSauColor(sauWinner(game_.position())))
             << " wins by the platform's rule here";
    else if (playing_)
        log_ << " before its end here, after " << game_.moves().size() << " moves";
    log_ << "; " << formatSeconds(clock_.usedSeconds()) << " s used" << std::endl;
    playing_ = false;
    lastOurs_.reset();
}

void SauSession::moveNow(Clock::time_point received) {
    const Position& pos = game_.position();
    if (!playing_ || pos.sideToMove() != us_) return;
    if (sauGameOver(pos)) {
        log_ << "sau: the game is over by the platform's rule; waiting for end" << std::endl;
        return;
    }
    const std::optional<Move> m = chooseMove();
    if (!m) {
        log_ << "sau: no legal move left that the platform has not refused" << std::endl;
        return;
    }
    game_.play(*m);
    lastOurs_ = *m;
    send("move " + formatSauMove(*m) + "\n");
    const double spent = secondsSince(received);
    clock_.charge(spent);
    log_ << "sau: played " << describe(*m) << " in " << formatSeconds(spent) << " s; "
         << formatSeconds(clock_.usedSeconds()) << " s used, "
         << formatSeconds(clock_.leftSeconds()) << " s left" << std::endl;
    if (sauGameOver(game_.position()))
        log_ << "sau: this move ends the game by the platform's rule" << std::endl;
    else
        startPondering();
}

std::optional<Move> SauSession::chooseMove() {
    if (const std::optional<Move> m = bookMove()) return m;
    return searchMove();
}

std::optional<Move> SauSession::bookMove() {
    // As the GTP engine: only the real engine plays from the book, at the levels that use it.
    if (!book_ || config_.player != "mcts") return std::nullopt;
    if (config_.level < kMaxLevel && !levelSettings(config_.level).book) return std::nullopt;
    const Position& pos = game_.position();
    const std::optional<BookMove> b = chooseBookMove(*book_, pos, options_.bookPolicy, bookRng_);
    if (!b || !pos.isLegal(b->move) || refused(b->move)) return std::nullopt;
    log_ << "sau: book move " << describe(b->move) << " visits " << b->visits << " value "
         << fixedDecimals(b->value, 4) << std::endl;
    return b->move;
}

std::optional<Move> SauSession::searchMove() {
    const Position& pos = game_.position();
    const SearchLimits limits = clock_.limited() ? clock_.limitsFor(pos) : engine_.defaultLimits();
    if (clock_.limited()) {
        const TimeBudget b = clock_.budgetFor(pos);
        log_ << "sau: budget optimum " << formatSeconds(b.optimum) << " s, maximum "
             << formatSeconds(b.maximum) << " s (" << b.reason << ")" << std::endl;
    }
    SearchResult result;
    try {
        result = engine_.chooseMove(game_, limits);
    } catch (const std::exception& e) {
        log_ << "sau: the search failed: " << e.what() << std::endl;
    }
    log_ << "sau: searched " << result.visits << " visits in " << formatSeconds(result.seconds)
         << " s, winrate " << fixedDecimals(result.winrate, 3) << std::endl;
    std::vector<Move> choices;
    if (result.move) choices.push_back(*result.move);
    for (const CandidateInfo& c : result.candidates)
        choices.push_back(c.move);
    MoveList all;
    pos.generateMoves(all);
    choices.insert(choices.end(), all.begin(), all.end());
    for (const Move m : choices)
        if (pos.isLegal(m) && !refused(m)) return m;
    return std::nullopt;
}

bool SauSession::refused(Move m) const {
    return std::find(refused_.begin(), refused_.end(), m) != refused_.end();
}

void SauSession::startPondering() {
    if (!options_.ponder || !playing_) return;
    stopPondering();
    ponderStop_ = false;
    ponder_ = std::thread([this, game = game_] {
        try {
            engine_.chooseMove(game, SearchLimits(options_.maxPonderSeconds), ponderStop_);
        } catch (const std::exception& e) {
            ponderFailure_ = e.what();  // logged by stopPondering(), on the front's thread
        }
    });
}

void SauSession::stopPondering() {
    if (!ponder_.joinable()) return;
    ponderStop_ = true;
    ponder_.join();
    if (ponderFailure_.empty()) return;
    log_ << "sau: the ponder search failed: " << ponderFailure_ << std::endl;
    ponderFailure_.clear();
}

void SauSession::send(const std::string& text) {
    out_.write(text.data(), static_cast<std::streamsize>(text.size()));
    out_.flush();
    log_ << "sau: sent " << text.substr(0, text.size() - 1) << std::endl;
}

std::string SauSession::describe(Move m) const {
    return formatSauMove(m) + " (" + formatMove(m, kSauBoardSize) + ")";
}

}  // namespace hippolyta
