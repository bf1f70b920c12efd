// The SAU front in one process (adapters/sau/sau_session.h, sau_front.h): what it answers to
// each command, checked by our rules core; bad input, an `error`, a repeated `new`, an `end`
// mid-game and the end of the input never stop it. No game clock here (game time 0, fixed
// visits), so nothing depends on timing.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "adapters/sau/sau_front.h"
#include "adapters/sau/sau_session.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

EngineConfig quickEngine(const std::string& player = "greedy") {
    EngineConfig c;
    c.player = player;
    c.visits = 64;
    c.memoryMb = 16;
    c.seed = 3;
    return c;
}

SauOptions noClock() {
    SauOptions o;
    o.gameSeconds = 0;
    return o;
}

// A session and the platform's view of the game, which every answer is checked against.
class SauSessionTest : public ::testing::Test {
  protected:
    explicit SauSessionTest(EngineConfig config = quickEngine(), SauOptions options = noClock())
        : session_(out_, log_, config, options) {}

    // Sends one line; returns what the front wrote for it.
    std::string send(const std::string& line) {
        out_.str("");
        for (const SauCommand& cmd : parseSauLine(line))
            quit_ = quit_ || !session_.handle(cmd, SauSession::Clock::now());
        return out_.str();
    }

    // The move in `answer` ("move XXXXXX\n"), checked legal for the side to move of game_ and
    // played there.
    Move takeMove(const std::string& answer) {
        EXPECT_EQ(answer.size(), 12u) << answer;
        EXPECT_EQ(answer.substr(0, 5), "move ");
        EXPECT_EQ(answer.back(), '\n');
        const std::optional<Move> m = parseSauMove(answer.substr(5, 6));
        EXPECT_TRUE(m && game_.position().isLegal(*m)) << answer;
        if (m) game_.play(*m);
        return m.value_or(Move{});
    }

    // Our opponent's move: the first legal one.
    std::string opponentMove() {
        MoveList moves;
        game_.position().generateMoves(moves);
        game_.play(moves.front());
        return "move " + formatSauMove(moves.front());
    }

    std::ostringstream out_, log_;
    SauSession session_;
    Game game_{Position::start(kSauBoardSize)};
    bool quit_ = false;
};

TEST_F(SauSessionTest, AnswersNameAndMovesFirstAsBlack) {
    EXPECT_EQ(send("name?"), "name Hippolyta\n");
    takeMove(send("new black"));
    EXPECT_EQ(session_.us(), Color::White);
    EXPECT_EQ(session_.game().moves(), game_.moves());
}

TEST_F(SauSessionTest, AsWhiteItWaitsForTheFirstMove) {
    EXPECT_EQ(send("new white"), "");
    EXPECT_EQ(session_.us(), Color::Black);
    takeMove(send(opponentMove()));
    takeMove(send(opponentMove()));
    EXPECT_EQ(session_.game().moves(), game_.moves());
}

// `error`: the platform refused our move and waits for another. Each refused move is taken back
// and never offered again in that position.
TEST_F(SauSessionTest, ErrorGetsAnotherLegalMoveNeverTheSame) {
    const Move first = takeMove(send("new black"));
    std::vector<Move> refused{first};
    for (int i = 0; i < 5; ++i) {
        game_.undo();
        const Move next = takeMove(send("error"));
        for (const Move r : refused)
            EXPECT_NE(next, r) << formatSauMove(next);
        refused.push_back(next);
    }
    // Accepted at last: the game goes on from the last one.
    takeMove(send(opponentMove()));
    EXPECT_EQ(session_.game().moves(), game_.moves());
}

TEST_F(SauSessionTest, ErrorWithNoMoveOfOursIsIgnored) {
    EXPECT_EQ(send("error"), "");  // before any game
    send("new white");
    EXPECT_EQ(send("error"), "");  // the opponent has not moved yet
    takeMove(send(opponentMove()));
    EXPECT_EQ(send(opponentMove()).size(), 12u);
    EXPECT_EQ(session_.game().moves().size(), 4u);
}

TEST_F(SauSessionTest, GarbageNulsAndMovesOutOfTurnChangeNothing) {
    takeMove(send("new black"));
    const std::string garbage[] = {
        "hello",  std::string("\0\0\0", 3), "move", "move ZZZZZZ", "new purple",
        "accept", "\x01\x02\x1a\x7f"};
    for (const std::string& g : garbage)
        EXPECT_EQ(send(g), "") << g;
    // Our own move sent back, and an illegal one: not the opponent's, so ignored.
    EXPECT_EQ(send("move " + formatSauMove(game_.moves().back())), "");
    EXPECT_EQ(send("move AAAAAA"), "");
    EXPECT_EQ(session_.game().moves(), game_.moves());
    // A move with a NUL after it is read.
    takeMove(send(opponentMove() + std::string("\0", 1)));
    EXPECT_NE(log_.str().find("ignored"), std::string::npos);
}

TEST_F(SauSessionTest, RepeatedNewStartsAgain) {
    takeMove(send("new black"));
    takeMove(send(opponentMove()));
    game_ = Game(Position::start(kSauBoardSize));
    EXPECT_EQ(send("new white"), "");
    EXPECT_TRUE(session_.game().moves().empty());
    takeMove(send(opponentMove()));
    game_ = Game(Position::start(kSauBoardSize));
    takeMove(send("new black"));
    EXPECT_EQ(session_.game().moves(), game_.moves());
}

TEST_F(SauSessionTest, EndMidGameStopsItUntilTheNextNew) {
    takeMove(send("new black"));
    EXPECT_EQ(send("end"), "");
    EXPECT_FALSE(session_.playing());
    EXPECT_EQ(send(opponentMove()), "");  // after the end, moves are ignored
    EXPECT_EQ(send("error"), "");
    EXPECT_EQ(send("end white"), "");
    game_ = Game(Position::start(kSauBoardSize));
    takeMove(send("new black"));
    EXPECT_TRUE(session_.playing());
}

TEST_F(SauSessionTest, QuitEndsTheSession) {
    send("name?");
    EXPECT_FALSE(quit_);
    send("quit");
    EXPECT_TRUE(quit_);
}

// A whole game against the first-legal-move opponent, both colours: every answer legal, and
// once the platform's rule ends the game (a side walled in) the front stops moving, and its
// `end` arrives with the last move.
TEST_F(SauSessionTest, WholeGamesEndByThePlatformsRule) {
    for (const char* colour : {"black", "white"}) {
        game_ = Game(Position::start(kSauBoardSize));
        std::string answer = send(std::string("new ") + colour);
        while (true) {
            if (!answer.empty()) takeMove(answer);
            if (sauGameOver(game_.position())) break;
            const std::string move = opponentMove();
            if (sauGameOver(game_.position())) {
                EXPECT_EQ(send(move + "\nend"), "");  // one line: the platform's one write
                break;
            }
            answer = send(move);
            ASSERT_FALSE(answer.empty()) << formatPosition(game_.position());
        }
        EXPECT_EQ(session_.game().moves(), game_.moves()) << colour;
        send("end");
        EXPECT_FALSE(session_.playing());
    }
}

// The front over streams: every line of output is a protocol line, and the end of the input
// without `quit` ends it with code 0 (also in the middle of a game).
TEST(SauFront, ClosedInputMidGameEndsCleanly) {
    std::istringstream in("name?\n" + std::string(1, '\0') +
                          "garbage\x01\nnew black\nerror\nend\nnew white\nmove AGIGEG");
    std::ostringstream out, log;
    EXPECT_EQ(runSauFront(in, out, log, quickEngine(), noClock()), 0);
    std::istringstream lines(out.str());
    std::string line;
    int moves = 0;
    while (std::getline(lines, line)) {
        EXPECT_TRUE(line == "name Hippolyta" || (line.rfind("move ", 0) == 0 && line.size() == 11))
            << line;
        moves += line[0] == 'm';
    }
    EXPECT_EQ(moves, 3);  // new black, error, and the answer to AGIGEG
    EXPECT_NE(log.str().find("end of input"), std::string::npos);
}

// The real engine with its book and pondering on: a few moves each way, every answer legal,
// pondering stopped by each line.
class SauPonderTest : public SauSessionTest {
  protected:
    SauPonderTest() : SauSessionTest(quickEngine("mcts"), ponderOptions()) {}
    static SauOptions ponderOptions() {
        SauOptions o = noClock();
        o.ponder = true;
        o.maxPonderSeconds = 5;
        return o;
    }
};

TEST_F(SauPonderTest, PonderingNeverDelaysOrChangesLegality) {
    takeMove(send("new black"));
    for (int i = 0; i < 6; ++i) {
        session_.stopPondering();  // as the front does when a line arrives
        takeMove(send(opponentMove()));
    }
    session_.stopPondering();
    EXPECT_EQ(session_.game().moves(), game_.moves());
}

}  // namespace
}  // namespace hippolyta
