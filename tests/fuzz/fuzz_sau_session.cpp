// Whole SAU sessions: every line of the input goes to one SauSession (the greedy player, no game
// clock), as the front does. Properties: nothing throws; everything written is `name ...` or a
// move of six letters, each legal where it was played; the session's game is its moves replayed
// from the start.
#include <sstream>

#include "adapters/sau/sau_session.h"
#include "engine/core/notation.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    EngineConfig config;
    config.player = "greedy";
    config.memoryMb = 1;
    SauOptions options;
    options.gameSeconds = 0;
    std::ostringstream out, log;
    SauSession session(out, log, config, options);
    const std::string_view text = fuzz::asText(data, size);
    try {
        for (size_t pos = 0; pos <= text.size();) {
            const size_t end = std::min(text.find('\n', pos), text.size());
            const std::string_view line = text.substr(pos, end - pos);
            pos = end + 1;
            bool quit = false;
            for (const SauCommand& cmd : parseSauLine(line))
                quit = quit || !session.handle(cmd, SauSession::Clock::now());
            if (quit) break;
        }
    } catch (const std::exception& e) {
        fuzz::fail(std::string("the session threw: ") + e.what());
    }
    std::istringstream lines(out.str());
    for (std::string l; std::getline(lines, l);)
        FUZZ_CHECK(l.rfind("name ", 0) == 0 ||
                       (l.size() == 11 && l.rfind("move ", 0) == 0 && parseSauMove(l.substr(5))),
                   "not a protocol line: " + quoted(l));
    const Game& game = session.game();
    Position replay = game.start();
    for (const Move m : game.moves()) {
        FUZZ_CHECK(replay.isLegal(m), "the game holds an illegal move");
        replay.makeMove(m);
    }
    FUZZ_CHECK(replay == game.position(), "the game's position is not its moves replayed");
    return 0;
}
