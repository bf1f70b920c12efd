// Whole text-mode sessions: every line goes to one TextSession, and the AI moves after each
// one, as the front does. Properties: nothing throws, the game stays consistent (its position
// is the start replayed with its moves) and no output line is an internal failure.
//
// Kept cheap: the AI searches 16 visits (the first byte picks mcts or greedy and the start),
// `limit` lines asking for seconds or more visits are dropped, and `auto` is dropped when the other
// colour is already AI (a whole AI-against-AI game would take seconds).
#include <spdlog/spdlog.h>

#include <sstream>

#include "adapters/text/text_command.h"
#include "adapters/text/text_session.h"
#include "engine/core/notation.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

namespace {

constexpr uint64_t kVisits = 16;

bool tooCostly(const TextSession& session, std::string_view line) {
    const TextCommand cmd = parseTextCommand(line, session.game().shape());
    if (cmd.kind == TextCommandKind::Limit)
        return !cmd.defaultLimits && (cmd.visits == 0 || cmd.visits > kVisits);
    if (cmd.kind == TextCommandKind::Auto) return session.isAi(opposite(cmd.color));
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    EngineConfig config;
    config.player = data[0] & 1 ? "greedy" : "mcts";
    config.memoryMb = 1;
    // The endgame solver and region counting keep their code paths but with small budgets.
    config.search.endgameBudget = 300;
    config.search.regionBudgetRoot = 300;
    config.search.regionBudgetTree = 50;
    config.visits = kVisits;
    config.seed = data[0] >> 3;
    TextOptions options;
    options.moveVisits = kVisits;
    options.maxMoveSeconds = 0.05;
    options.sideGameSeconds = 1;
    std::ostringstream out, err;
    TextSession session(out, err, config, options);
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    try {
        // Bits 1-2: most sessions start on a smaller board's start (cheaper AI moves).
        if (const int small = data[0] >> 1 & 3)
            session.handleLine("position " + formatPosition(Position::start(5 + small)));
        session.playAiMoves();
        for (size_t pos = 0; pos <= text.size();) {
            const size_t end = std::min(text.find('\n', pos), text.size());
            const std::string_view line = text.substr(pos, end - pos);
            pos = end + 1;
            if (tooCostly(session, line)) continue;
            if (!session.handleLine(line)) break;
            session.playAiMoves();
        }
    } catch (const std::exception& e) {
        fuzz::fail(std::string("the text session threw: ") + e.what());
    }
    const Game& game = session.game();
    Position replay = game.start();
    for (size_t i = 0; i < game.moves().size(); ++i) {
        if (replay.sideToMove() != game.movers()[i]) replay.setSideToMove(game.movers()[i]);
        FUZZ_CHECK(replay.isLegal(game.moves()[i]), "the game holds an illegal move");
        replay.makeMove(game.moves()[i]);
    }
    FUZZ_CHECK(replay == game.position(), "the game's position is not its moves replayed");
    // (A bad command's echo may contain anything, so only whole lines count.)
    FUZZ_CHECK(("\n" + err.str()).find("\nError: the AI") == std::string::npos,
               "the AI failed:\n" + err.str());
    FUZZ_CHECK(!session.prompt().empty(), "no prompt");
    return 0;
}
