#include "adapters/text/text_session.h"

#include <chrono>
#include <exception>

#include "adapters/text/text_output.h"
#include "engine/core/notation.h"

namespace hippolyta {

namespace {
constexpr const char* kInvalidMove = "Invalid move. Please try again.";
}  // namespace

TextSession::TextSession(std::ostream& out, std::ostream& err, const EngineConfig& config,
                         const TextOptions& options)
    : out_(out),
      err_(err),
      config_(config),
      engine_(std::make_unique<Engine>(config)),
      budget_(options, config.visits),
      game_(Position::start()) {}

bool TextSession::handleLine(std::string_view line) {
    const TextCommand cmd = parseTextCommand(line, game_.shape());
    if (cmd.kind == TextCommandKind::Quit) return false;
    execute(cmd);
    return true;
}

void TextSession::execute(const TextCommand& cmd) {
    switch (cmd.kind) {
        case TextCommandKind::Empty:
        case TextCommandKind::Quit:
            break;
        case TextCommandKind::New:
            newGame(Position::start(game_.shape()));
            break;
        case TextCommandKind::Position:
            newGame(parsePosition(cmd.position));
            break;
        case TextCommandKind::Move:
            playManualMove(cmd);
            break;
        case TextCommandKind::Seed:
            config_.seed = cmd.seed;
            engine_ = std::make_unique<Engine>(config_);
            break;
        case TextCommandKind::Auto:
        case TextCommandKind::Manual:
            ai_[index(cmd.color)] = cmd.kind == TextCommandKind::Auto;
            break;
        case TextCommandKind::Dump:
            out_ << formatDump(game_.position()) << std::flush;
            break;
        case TextCommandKind::Undo:
            undo();
            break;
        case TextCommandKind::Limit:
            if (cmd.defaultLimits)
                budget_.reset();
            else if (cmd.visits)
                budget_.setVisits(cmd.visits);
            else
                budget_.setSeconds(cmd.seconds);
            break;
        case TextCommandKind::Help:
            out_ << textHelp() << std::flush;
            break;
        case TextCommandKind::Bad:
            err_ << "Error: Bad command: " << cmd.text << std::endl;
            break;
    }
}

void TextSession::playManualMove(const TextCommand& cmd) {
    // After the end only commands are read; a move then is as illegal as any other.
    if (!cmd.move || game_.isOver() || isAi(game_.position().sideToMove()) ||
        !game_.position().isLegal(*cmd.move)) {
        err_ << kInvalidMove << std::endl;
        return;
    }
    commit(*cmd.move);
}

void TextSession::playAiMoves() {
    while (!game_.isOver() && isAi(game_.position().sideToMove())) {
        const Color side = game_.position().sideToMove();
        const SearchLimits limits = budget_.limitsFor(game_.position(), spentSeconds_[index(side)]);
        const auto t0 = std::chrono::steady_clock::now();
        SearchResult result;
        std::string failure = "found no legal move";
        try {
            result = engine_->chooseMove(game_, limits);
        } catch (const std::exception& e) {
            failure = std::string("failed: ") + e.what();
        }
        spentSeconds_[index(side)] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!result.move || !game_.position().isLegal(*result.move)) {
            // The engine contract rules this out; hand the colour to a person rather than loop.
            err_ << "Error: the AI " << failure << " for " << colorName(side)
                 << "; it is now played manually" << std::endl;
            ai_[index(side)] = false;
            return;
        }
        out_ << aiMoveLine(*result.move, game_.shape()) << '\n';
        commit(*result.move);
    }
}

void TextSession::commit(Move m) {
    game_.play(m);
    if (const auto winner = game_.winner()) out_ << winLine(*winner) << '\n';
    out_ << std::flush;
}

void TextSession::undo() {
    // Take back one move, then more while an AI is to move, so that a manual player (if there is
    // one) is to move again; otherwise the AI would at once replay what was taken back.
    if (!game_.undo()) return;
    const bool anyManual = !ai_[0] || !ai_[1];
    while (anyManual && isAi(game_.position().sideToMove()) && game_.undo()) {
    }
}

void TextSession::newGame(const Position& start) {
    game_ = Game(start);
    spentSeconds_ = {0, 0};
    engine_->newGame();
}

std::string TextSession::prompt() const {
    if (game_.isOver()) return "> ";
    return std::string(colorName(game_.position().sideToMove())) + "> ";
}

}  // namespace hippolyta
