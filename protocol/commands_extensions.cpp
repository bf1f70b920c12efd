// Our extensions (prefix amz-): perft, the position string, the legal move list, the book and
// the strength level.
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/search/levels.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

namespace {

std::string perftCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(1);
    const long long depth = args.integer(0);
    if (depth < 0 || depth > kMaxPerftDepth)
        throw GtpError("perft depth must be 0.." + std::to_string(kMaxPerftDepth));
    Position pos = state.game().position();
    return std::to_string(perft(pos, static_cast<int>(depth)));
}

std::string positionCommand(GtpState& state, const GtpArgs& args) {
    if (args.empty()) return formatPosition(state.game().position());
    try {
        state.setPosition(parsePosition(args.joined()));
    } catch (const NotationError& e) {
        throw GtpError(e.what());
    }
    return {};
}

std::string legalMovesCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    if (args.size() == 1 && args[0] != "count") args.syntaxError("expected 'count'");
    const Position& pos = state.game().position();
    if (args.size() == 1) return std::to_string(pos.countMoves());
    MoveList moves;
    pos.generateMoves(moves);
    std::string out;
    for (const Move m : moves) {
        if (!out.empty()) out += ' ';
        out += formatMove(m, pos.shape(), MoveStyle::Slash);
    }
    return out;
}

// The book moves of the current position, best first, a line each: MOVE visits N value V
// search S (values: win probability for the side to move). Empty when out of book.
// `info` names the book in use instead.
std::string bookCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    if (args.size() == 1 && args[0] != "info") args.syntaxError("expected 'info'");
    const Position& pos = state.game().position();
    const Book* book = state.book().bookFor(pos.shape());
    if (args.size() == 1) return state.book().describe(pos.shape());
    if (!book) throw GtpError(state.book().describe(pos.shape()));
    const std::optional<BookEntry> entry = book->lookup(pos);
    std::string out;
    for (const BookMove& m : entry ? entry->moves : std::vector<BookMove>{}) {
        if (!out.empty()) out += '\n';
        out += formatMove(m.move, pos.shape(), MoveStyle::Slash) + " visits " +
               std::to_string(m.visits) + " value " + fixedDecimals(m.value, 4) + " search " +
               fixedDecimals(m.searchValue, 4);
    }
    return out;
}

// The strength level 1..10 (engine/search/levels.h); without an argument, the current one.
std::string levelCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    if (args.empty()) return std::to_string(state.engine().config().level);
    const std::optional<int> level = parseLevel(args[0].c_str());
    if (!level)
        throw GtpError("level must be a whole number from " + std::to_string(kMinLevel) + " to " +
                       std::to_string(kMaxLevel));
    state.engine().setLevel(*level);  // below 10 it does not ponder (GtpState::startPonder)
    return {};
}

}  // namespace

void registerExtensionCommands(CommandRegistry& registry) {
    registry.add("amz-perft DEPTH", perftCommand);
    registry.add("amz-position [POSITION]", positionCommand);
    registry.add("amz-legal_moves [count]", legalMovesCommand);
    registry.add("amz-book [info]", bookCommand);
    registry.add("amz-level [LEVEL]", levelCommand);
}

}  // namespace hippolyta
