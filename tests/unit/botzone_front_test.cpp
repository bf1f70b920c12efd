// The Botzone front driven through runBotzoneFront with string streams.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "adapters/botzone/botzone_protocol.h"
#include "adapters/botzone_front.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

constexpr int kN = kBotzoneBoardSize;
constexpr const char* kMarker = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";

struct BotzoneRun {
    std::vector<std::string> lines;  // stdout
    std::string err;
    int code = -1;
};

// Small budgets keep the tests fast; `seconds` large makes the visit cap decide alone, so that
// two runs give the same answers.
BotzoneRun runBotzone(const std::string& input, bool keepRunning = true, double seconds = 0.05) {
    std::istringstream in(input);
    std::ostringstream out, err;
    EngineConfig config;
    config.seed = 3;
    config.visits = 200;
    BotzoneOptions options;
    options.turnSeconds = seconds;
    options.firstTurnSeconds = seconds;
    options.keepRunning = keepRunning;
    BotzoneRun run;
    run.code = runBotzoneFront(in, out, err, config, options);
    std::istringstream lines(out.str());
    for (std::string line; std::getline(lines, line);)
        run.lines.push_back(line);
    run.err = err.str();
    return run;
}

// Plays a Botzone answer line on game (for the side to move); fails the test if it is illegal.
void expectLegalAnswer(Game& game, const std::string& line) {
    const auto m = parseBotzoneMove(line);
    ASSERT_TRUE(m.has_value()) << line;
    const auto move = toMove(*m);
    ASSERT_TRUE(move.has_value()) << line;
    EXPECT_TRUE(game.play(*move)) << "illegal answer " << line << " in "
                                  << formatPosition(game.position());
}

TEST(BotzoneFront, FirstMoverAnswersALegalWhiteMoveThenTheMarker) {
    const BotzoneRun run = runBotzone("1\n-1 -1 -1 -1 -1 -1\n");
    EXPECT_EQ(run.code, 0);
    ASSERT_EQ(run.lines.size(), 2u);
    Game game(Position::start(kN));
    expectLegalAnswer(game, run.lines[0]);
    EXPECT_EQ(run.lines[1], kMarker);
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(BotzoneFront, SecondMoverAnswersForBlack) {
    const BotzoneRun run = runBotzone("1\n5 0 3 2 6 5\n");
    ASSERT_EQ(run.lines.size(), 2u);
    Game game(Position::start(kN));
    ASSERT_TRUE(game.play(parseMove("f1-d3/g6", kN)));
    expectLegalAnswer(game, run.lines[0]);
}

TEST(BotzoneFront, WithoutKeepRunningNoMarker) {
    const BotzoneRun run = runBotzone("1\n-1 -1 -1 -1 -1 -1\n", false);
    ASSERT_EQ(run.lines.size(), 1u);
}

TEST(BotzoneFront, JsonInputGetsAJsonAnswer) {
    const BotzoneRun run =
        runBotzone(R"(  {"requests":[{"x0":5,"y0":0,"x1":3,"y1":2,"x2":6,"y2":5}],"responses":[],)"
                   R"("data":"","time_limit":1})"
                   "\n");
    ASSERT_EQ(run.lines.size(), 2u);
    const auto j = nlohmann::json::parse(run.lines[0]);
    ASSERT_TRUE(j.contains("response"));
    const auto& r = j["response"];
    const std::string line =
        std::to_string(r["x0"].get<int>()) + " " + std::to_string(r["y0"].get<int>()) + " " +
        std::to_string(r["x1"].get<int>()) + " " + std::to_string(r["y1"].get<int>()) + " " +
        std::to_string(r["x2"].get<int>()) + " " + std::to_string(r["y2"].get<int>());
    Game game(Position::start(kN));
    ASSERT_TRUE(game.play(parseMove("f1-d3/g6", kN)));
    expectLegalAnswer(game, line);
    EXPECT_EQ(run.lines[1], kMarker);
}

TEST(BotzoneFront, KeepRunningAnswersEachLaterRequest) {
    // Turn 1 as the first mover, then the opponent's replies one line at a time (blank lines,
    // such as Botzone's data lines, are skipped). Each reply answers our previous answer, so the
    // test plays them on its own copy of the game.
    std::string input = "1\n-1 -1 -1 -1 -1 -1\n\n";
    Game game(Position::start(kN));
    std::string firstAnswer;
    {
        const BotzoneRun first = runBotzone(input, true, 30);
        ASSERT_EQ(first.lines.size(), 2u);
        firstAnswer = first.lines[0];
    }
    expectLegalAnswer(game, firstAnswer);
    // One thread, the same seed and a visit cap give the same first answer, so the reply fits.
    MoveList replies;
    game.position().generateMoves(replies);
    Game mirror = game;
    mirror.play(replies.back());
    input += formatBotzoneMove(fromMove(replies.back())) + "\n";
    const BotzoneRun run = runBotzone(input, true, 30);
    ASSERT_EQ(run.lines.size(), 4u) << run.err;
    EXPECT_EQ(run.lines[0], firstAnswer);
    EXPECT_EQ(run.lines[3], kMarker);
    expectLegalAnswer(mirror, run.lines[2]);
    EXPECT_TRUE(run.err.empty()) << run.err;
}

TEST(BotzoneFront, KeepRunningAcceptsAJsonMoveObject) {
    const BotzoneRun run = runBotzone(
        R"({"requests":[{"x0":-1,"y0":-1,"x1":-1,"y1":-1,"x2":-1,"y2":-1}],"responses":[]})"
        "\n"
        R"({"x0":0,"y0":5,"x1":0,"y1":3,"x2":1,"y2":4})"
        "\n");
    ASSERT_EQ(run.lines.size(), 4u) << run.err;
    EXPECT_TRUE(nlohmann::json::parse(run.lines[2]).contains("response"));
}

// A seeded random game to its end: the loser is to move with no legal move.
Game randomFinishedGame(uint64_t seed) {
    Game game(Position::start(kN));
    std::mt19937_64 rng(seed);
    MoveList moves;
    while (!game.isOver()) {
        game.position().generateMoves(moves);
        game.play(moves[rng() % moves.size()]);
    }
    return game;
}

// The simple-interaction input that puts the side to move of game on turn, as Botzone gives it.
std::string simpleInputFor(const Game& game) {
    const Color us = game.position().sideToMove();
    std::vector<std::string> requests, responses;
    if (us == Color::White) requests.push_back("-1 -1 -1 -1 -1 -1");
    for (size_t i = 0; i < game.moves().size(); ++i) {
        const std::string line = formatBotzoneMove(fromMove(game.moves()[i]));
        (game.movers()[i] == us ? responses : requests).push_back(line);
    }
    std::string input = std::to_string(requests.size()) + "\n";
    for (size_t i = 0; i < requests.size(); ++i) {
        input += requests[i] + "\n";
        if (i < responses.size()) input += responses[i] + "\n";
    }
    return input;
}

TEST(BotzoneFront, NoLegalMoveGivesTheNoMoveLine) {
    for (uint64_t seed : {1, 2}) {
        const Game game = randomFinishedGame(seed);
        const BotzoneRun run = runBotzone(simpleInputFor(game));
        ASSERT_EQ(run.lines.size(), 2u) << run.err;
        EXPECT_EQ(run.lines[0], "-1 -1 -1 -1 -1 -1");
        EXPECT_TRUE(run.err.empty()) << run.err;
    }
}

TEST(BotzoneFront, ALateTurnHistoryIsRebuilt) {
    // A game cut before its end: the full history of a late turn gives a legal answer.
    Game game = randomFinishedGame(7);
    while (game.moves().size() > 30)
        game.undo();
    const BotzoneRun run = runBotzone(simpleInputFor(game));
    ASSERT_EQ(run.lines.size(), 2u) << run.err;
    EXPECT_TRUE(run.err.empty()) << run.err;
    expectLegalAnswer(game, run.lines[0]);
}

TEST(BotzoneFront, BadInputGetsADiagnosticAndStillALegalAnswer) {
    struct Case {
        const char* input;
        const char* diagnostic;
    };
    const Case cases[] = {
        {R"({"requests":[{"x0":-1,"y0":-1,)", "bad JSON"},
        {R"({"requests": nonsense})", "bad JSON"},
        {"3\n-1 -1 -1 -1 -1 -1\n5 0 3 2 6 5\n", "ended after 2 of 5"},
        {"0\n-1 -1 -1 -1 -1 -1\n", "turn count 0"},
        {"2\n-1 -1 -1 -1 -1 -1\n5 0 3 2 6 5\n5 0 5 1 5 2\n", "illegal"},
        {"1\n1 2 3\n", "unreadable"},
        {"1\n-1 -1 -1 -1 -1 -1\nhello\n", "unreadable request line: hello"},
        {"1\n-1 -1 -1 -1 -1 -1\n7 7 7 7 7 7\n", "illegal"},
    };
    for (const Case& c : cases) {
        const BotzoneRun run = runBotzone(c.input);
        EXPECT_EQ(run.code, 0) << c.input;
        EXPECT_NE(run.err.find(c.diagnostic), std::string::npos) << c.input << "\n" << run.err;
        ASSERT_GE(run.lines.size(), 2u) << c.input;
        // Every answer is six numbers on the board, or JSON.
        for (size_t i = 0; i < run.lines.size(); i += 2) {
            const std::string& line = run.lines[i];
            if (line[0] == '{') {
                EXPECT_TRUE(nlohmann::json::parse(line).contains("response")) << line;
            } else {
                const auto m = parseBotzoneMove(line);
                ASSERT_TRUE(m.has_value()) << line;
                EXPECT_TRUE(toMove(*m).has_value()) << c.input << " -> " << line;
            }
            EXPECT_EQ(run.lines[i + 1], kMarker);
        }
    }
}

TEST(BotzoneFront, EmptyInputEndsQuietly) {
    const BotzoneRun run = runBotzone("\n\n");
    EXPECT_EQ(run.code, 0);
    EXPECT_TRUE(run.lines.empty());
}

}  // namespace
}  // namespace hippolyta
