// Board and move commands: size, new game, play, generate, undo, show and score.
#include <spdlog/spdlog.h>

#include "engine/core/move_check.h"
#include "engine/core/notation.h"
#include "engine/eval/final_score.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"
#include "protocol/move_budget.h"

namespace hippolyta {

namespace {

std::string genmove(GtpState& state, const GtpArgs& args) {
    args.expectCount(1);
    const Color c = args.color(0);
    const std::optional<Move> m = playEngineMove(state, c, moveLimits(state, c));
    return m ? formatMove(*m, state.boardSize(), MoveStyle::Slash) : "resign";
}

std::string regGenmove(GtpState& state, const GtpArgs& args) {
    args.expectCount(1);
    Game game = state.game();
    const Color c = args.color(0);
    game.setSideToMove(c);
    const std::optional<Move> m = chooseEngineMove(state, game, moveLimits(state, c));
    return m ? formatMove(*m, state.boardSize(), MoveStyle::Slash) : "resign";
}

std::string play(GtpState& state, const GtpArgs& args) {
    args.expectCount(2);
    const Color c = args.color(0);
    const Move m = args.move(1, state.boardSize());
    if (state.play(c, m)) return {};
    // GUIs read the "illegal move" prefix; the reason after it is for the player.
    Position pos = state.game().position();
    pos.setSideToMove(c);
    const std::string why = illegalMoveReason(pos, m);
    throw GtpError(why.empty() ? "illegal move" : "illegal move: " + why);
}

// `boardsize N`, `boardsize W H` or `boardsize WxH`: the board shape, range-checked.
BoardShape boardsizeArgs(const GtpArgs& args) {
    args.expectCount(1, 2);
    long long w = 0, h = 0;
    if (args.size() == 2) {
        w = args.integer(0);
        h = args.integer(1);
    } else if (args[0].find_first_of("xX") == std::string::npos) {
        w = h = args.integer(0);
    } else {
        try {
            const BoardShape s = parseShape(args[0]);
            w = s.width;
            h = s.height;
        } catch (const NotationError&) {
            args.syntaxError("'" + args[0] + "' is not a board size (N, WxH or W H)");
        }
    }
    const auto inRange = [](long long v) { return v >= kMinBoardSize && v <= kMaxBoardSize; };
    if (!inRange(w) || !inRange(h)) throw GtpError("unacceptable size");
    return BoardShape(static_cast<int>(w), static_cast<int>(h));
}

std::string capitalised(const char* name) {
    std::string s(name);
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

}  // namespace

char pieceSymbol(Piece p) {
    switch (p) {
        case Piece::WhiteAmazon:
            return 'W';
        case Piece::BlackAmazon:
            return 'B';
        case Piece::Arrow:
            return 'x';
        case Piece::Empty:
        default:
            return '.';
    }
}

std::string labelledGrid(BoardShape shape, const std::function<char(int)>& symbol) {
    const int w = shape.width;
    std::string files = "  ";
    for (int col = 0; col < w; ++col) {
        files += ' ';
        files += static_cast<char>('a' + col);
    }
    std::string out = "\n" + files + "\n";
    for (int row = shape.height - 1; row >= 0; --row) {
        std::string label(row + 1 < 10 ? 1 : 0, ' ');
        label += std::to_string(row + 1);
        out += label;
        for (int col = 0; col < w; ++col) {
            out += ' ';
            out += symbol(row * w + col);
        }
        out += " " + label + "\n";
    }
    return out + files + "\n";
}

std::string boardDiagram(const Game& game) {
    const Position& pos = game.position();
    std::string out = labelledGrid(pos.shape(), [&](int sq) { return pieceSymbol(pos.at(sq)); });
    const Color side = pos.sideToMove();
    out += capitalised(colorName(side)) + " to move; move " + std::to_string(game.moveNumber()) +
           "; plies played: " + std::to_string(game.moves().size());
    if (!game.moves().empty())
        out += "\nLast move: " + std::string(colorName(game.movers().back())) + " " +
               formatMove(game.moves().back(), pos.shape(), MoveStyle::Slash);
    if (game.isOver())
        out += "\nGame over: " + std::string(colorName(side)) + " has no legal move, " +
               colorName(opposite(side)) + " wins";
    return out;
}

std::string finalScore(const Game& game) {
    const std::optional<FinalScore> score = finalScore(game.position());
    if (!score) return {};
    return finalScoreText(*score);
}

void registerBoardCommands(CommandRegistry& registry) {
    registry.add("boardsize SIZE", [](GtpState& state, const GtpArgs& args) {
        state.newGame(boardsizeArgs(args));
        return std::string();
    });
    registry.add("clear_board", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        state.newGame(state.boardSize());
        return std::string();
    });
    registry.add("komi VALUE", [](GtpState&, const GtpArgs& args) {
        args.expectCount(1);
        args.number(0);  // Amazons has no komi: checked, then ignored
        return std::string();
    });
    registry.add("play COLOR MOVE", play);
    registry.add("genmove COLOR", genmove);
    registry.add("reg_genmove COLOR", regGenmove);
    registry.add("undo", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        if (!state.undo()) throw GtpError("cannot undo");
        return std::string();
    });
    registry.add("showboard", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        return boardDiagram(state.game());
    });
    registry.add("final_score", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        const std::string score = finalScore(state.game());
        if (score.empty()) throw GtpError("cannot score");
        return score;
    });
}

}  // namespace hippolyta
