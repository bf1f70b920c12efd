// Our extensions (prefix amz-): perft, the position string, and the legal move list.
#include "engine/core/notation.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

namespace {

// Deeper perft runs for hours on big boards and cannot be interrupted.
constexpr int kMaxPerftDepth = 6;

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
        out += formatMove(m, pos.size(), MoveStyle::Slash);
    }
    return out;
}

}  // namespace

void registerExtensionCommands(CommandRegistry& registry) {
    registry.add("amz-perft DEPTH", perftCommand);
    registry.add("amz-position [POSITION]", positionCommand);
    registry.add("amz-legal_moves [count]", legalMovesCommand);
}

}  // namespace hippolyta
