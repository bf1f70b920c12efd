// The headless SAU referee (adapters/sau_referee): its own board against our rules core, its
// reading of an engine's output as the platform's, and whole games between real processes (our
// engine without a clock, the scripted opponent of tests/fake-engines/sau-opponent.py), every
// move checked, the records written and read back.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <random>

#include "adapters/sau_referee/platform_board.h"
#include "adapters/sau_referee/platform_channel.h"
#include "adapters/sau_referee/sau_referee.h"
#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "tests/unit/fake_engines.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

PlatformStep stepOf(Move m) {
    PlatformStep s;
    const std::string text = formatSauMove(m);
    for (int i = 0; i < 6; ++i)
        s.v[static_cast<size_t>(i)] = text[static_cast<size_t>(i)] - 'A';
    return s;
}

// Random games (fixed seed): at every position the platform's rules accept exactly our legal
// moves among legal ones and near misses (another arrow, another landing, the other side's
// amazon), and see a side walled in exactly when our rules find it without a move.
TEST(SauPlatformBoard, AgreesWithOurRulesCore) {
    std::mt19937_64 rng(11);
    for (int g = 0; g < 20; ++g) {
        PlatformBoard board;
        Position pos = Position::start(kSauBoardSize);
        while (!sauGameOver(pos)) {
            MoveList moves;
            pos.generateMoves(moves);
            for (int k = 0; k < 40; ++k) {
                Move m = moves[rng() % moves.size()];
                if (k % 2) m.arrow = static_cast<uint8_t>(rng() % 100);
                if (k % 3 == 1) m.to = static_cast<uint8_t>(rng() % 100);
                if (k % 5 == 4) m.from = static_cast<uint8_t>(rng() % 100);
                ASSERT_EQ(board.fits(stepOf(m)), pos.isLegal(m))
                    << formatSauMove(m) << " in " << formatPosition(pos);
            }
            const Move m = moves[rng() % moves.size()];
            board.play(stepOf(m));
            pos.makeMove(m);
            for (const Color c : {Color::White, Color::Black})
                ASSERT_EQ(board.walledIn(toSauColor(c)), !pos.hasLegalMove(c));
            if (!board.winner()) board.next();
        }
        ASSERT_TRUE(board.winner());
        EXPECT_EQ(toOurColor(*board.winner()), sauWinner(pos));
    }
}

TEST(SauPlatformBoard, ReadsMovesAsThePlatformDoes) {
    const PlatformStep s = *readPlatformStep("move AGIGEG");
    EXPECT_TRUE(s.onBoard());
    EXPECT_EQ(s.v, (std::array<int, 6>{0, 6, 8, 6, 4, 6}));
    EXPECT_TRUE(PlatformBoard().fits(s));
    // Short, lower-case or foreign text lands off the board: refused, never read past its end.
    for (const char* bad : {"move AGIG", "move agigeg", "move AGIGEZ", "move "})
        EXPECT_FALSE(PlatformBoard().fits(*readPlatformStep(bad))) << bad;
    EXPECT_FALSE(readPlatformStep("mov AGIGEG"));
    // The first mover is Black: White's amazon cannot start.
    EXPECT_FALSE(PlatformBoard().fits(*readPlatformStep("move ADBDCD")));
}

TEST(SauPlatformChannel, CommandsArePickedOutAsThePlatformDoes) {
    PlatformScan s = scanPlatformCommand("move AGIGEG", "move");
    EXPECT_EQ(s.command, "move AGIGEG");
    s = scanPlatformCommand("thinking... best move AGIGEG\tscore 3", "move");
    EXPECT_EQ(s.command, "move AGIGEG");  // a word "move" anywhere is taken: logs must not say it
    EXPECT_EQ(s.skipped, "thinking... best ");
    EXPECT_EQ(s.rest, "score 3");
    s = scanPlatformCommand(std::string("x\0move ABCDEF\0", 15), "move");
    EXPECT_EQ(s.command, "move ABCDEF");
    for (const char* none : {"remove AGIGEG", "move", "moveAGIGEG", "\rmove AGIGEG", "name x"})
        EXPECT_FALSE(scanPlatformCommand(none, "move").command) << none;
    EXPECT_EQ(scanPlatformCommand("name Hippolyta 0.2", "name").command, "name Hippolyta 0.2");
}

TEST(SauReferee, EscapesBytes) {
    EXPECT_EQ(escapeBytes("move AB\nend" + std::string(1, '\0') + "\t\\\x1a\xff"),
              "move AB\\nend\\0\\t\\\\\\x1a\\xff");
}

std::string engine(const std::string& options) {
    return std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta --sau --game-time 0 --no-book " + options;
}

std::string opponent(const std::string& options = "") {
    return "python3 " + fake_engines::kDir + "sau-opponent.py " + options;
}

SauGameResult referee(const std::string& black, const std::string& white, const std::string& out,
                      int maxErrors = 10) {
    SauRefereeConfig config;
    config.commands = {black, white};
    config.moveSeconds = 60;
    config.maxErrors = maxErrors;
    config.outDir = out;
    return playSauGame(config, {});
}

// The records hold the game: legal from the start, in our colours, with the result.
void expectRecords(const std::string& dir, const SauGameResult& r) {
    const GameRecord sgf = readSgf(readWholeFile(dir + "/game.sgf"));
    const GameRecord text = readTextRecord(readWholeFile(dir + "/game.txt"));
    EXPECT_EQ(sgf.moves, r.moves);
    EXPECT_EQ(text.moves, r.moves);
    EXPECT_EQ(sgf.whiteName, r.names[0]);
    EXPECT_EQ(sgf.result, r.recordResult);
    EXPECT_EQ(text.result, r.recordResult);
}

TEST(SauReferee, EngineAgainstTheScriptedOpponentBothWays) {
    TestDir dir;
    for (const bool engineFirst : {true, false}) {
        const std::string out = dir.string() + (engineFirst ? "/a" : "/b");
        const std::string ours = engine("--player greedy");
        const SauGameResult r =
            engineFirst ? referee(ours, opponent(), out) : referee(opponent(), ours, out);
        EXPECT_EQ(r.reason, "walled in");
        EXPECT_TRUE(r.disagreements.empty()) << r.disagreements.front();
        EXPECT_EQ(r.refused[0] + r.refused[1] + r.ignored[0] + r.ignored[1], 0);
        EXPECT_EQ(r.names[engineFirst ? 0 : 1], "Hippolyta");
        EXPECT_EQ(r.recordResult.substr(1), "+");
        expectRecords(out, r);
        // The last move and `end` reach the other side in one write.
        const std::string transcript = readWholeFile(out + "/transcript.txt");
        EXPECT_NE(transcript.find("\\nend\n"), std::string::npos);
    }
}

// The opponent's faults: illegal moves answered by `error` until a legal one comes, noise on
// stdout and stderr and moves out of turn thrown away, NULs after commands.
TEST(SauReferee, MisbehavingOpponentIsRefusedAndIgnored) {
    TestDir dir;
    const SauGameResult r = referee(opponent("--illegal 2 --noise --out-of-turn --nul --seed 5"),
                                    engine("--player greedy"), dir.string());
    EXPECT_EQ(r.reason, "walled in");
    EXPECT_TRUE(r.disagreements.empty());
    EXPECT_EQ(r.refused[0], 2 * r.moveCount[0]);
    EXPECT_EQ(r.refused[1], 0);
    EXPECT_GE(r.ignored[0], 3 * r.moveCount[0] - 1);
    expectRecords(dir.path(), r);
}

TEST(SauReferee, FaultsLoseTheGame) {
    TestDir dir;
    SauGameResult r = referee(opponent("--exit-after 3"), opponent(), dir.string() + "/exit");
    EXPECT_EQ(r.winner, SauColor::White);
    EXPECT_EQ(r.reason, "black lost: its engine exited with code 0");
    EXPECT_EQ(r.recordResult, "B+F");
    r = referee(opponent(), opponent("--illegal 3"), dir.string() + "/errors", 3);
    EXPECT_EQ(r.winner, SauColor::Black);
    EXPECT_EQ(r.reason, "white lost: 3 moves refused in one turn");
    SauRefereeConfig config;
    config.commands = {opponent("--silent"), opponent()};
    config.nameSeconds = 0.5;
    r = playSauGame(config, {});
    EXPECT_FALSE(r.winner);
    EXPECT_EQ(r.reason, "black gave no name (closed its output): no game");
}

// A stop (the tool raises it on SIGINT or SIGTERM) ends the game soon, even while an engine
// thinks: both engines go, and the records stay, the result Void.
TEST(SauReferee, AStopEndsTheGameAndKeepsTheRecords) {
    TestDir dir;
    std::atomic<bool> stop{false};
    SauRefereeConfig config;
    config.commands = {opponent(), engine("--move-time 60 --memory 64")};
    config.outDir = dir.string();
    config.stop = &stop;
    // Raised once White has Black's first move, so that White is thinking.
    std::chrono::steady_clock::time_point raised;
    const SauGameResult r = playSauGame(config, [&](const std::string& line) {
        if (line.rfind("> white: move", 0) != 0) return;
        raised = std::chrono::steady_clock::now();
        stop = true;
    });
    EXPECT_LT(std::chrono::steady_clock::now() - raised, std::chrono::seconds(10));
    EXPECT_FALSE(r.winner);
    EXPECT_EQ(r.reason, "interrupted");
    EXPECT_EQ(r.moves.size(), 1u);
    EXPECT_EQ(readSgf(readWholeFile(dir.string() + "/game.sgf")).result, "Void");
}

}  // namespace
}  // namespace hippolyta
