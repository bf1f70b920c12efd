// StudioSession through its message API (docs/studio-protocol.md): a game against the real
// engine, refused moves and messages, an engine that crashes or hangs (and holds up nothing
// else meanwhile), the review and SGF, and what the pages are never told.
#include <gtest/gtest.h>
#include <signal.h>

#include "adapters/studio/studio_session.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "tests/unit/fake_engines.h"
#include "tests/unit/studio_fixture.h"
#include "tests/unit/test_dir.h"

using namespace hippolyta;
using Json = nlohmann::json;

namespace {

using fake_engines::kScripted;
using fake_engines::kSilent;
using namespace studio_test;

}  // namespace

TEST(StudioSession, PlaysAWholeSixBySixGameAgainstTheEngine) {
    Studio studio({hippolytaEngine()});
    auto replies = studio.send({{"type", "new_game"},
                                {"size", 6},
                                {"black", "engine:hippolyta"},
                                {"level", 2},
                                {"id", 1}});
    ASSERT_FALSE(replies.empty());
    EXPECT_EQ(replies.back()["id"], 1);
    EXPECT_EQ(replies.back()["size"], 6);
    int id = 2;
    for (int turn = 0; turn < 40 && studio.session().result() == std::nullopt; ++turn) {
        // White (the human) plays the first legal move of the position.
        Position pos = Position::start(6);
        for (Move m : studio.session().moves())
            pos.makeMove(m);
        ASSERT_EQ(pos.sideToMove(), Color::White);
        MoveList legal;
        pos.generateMoves(legal);
        replies = studio.send({{"type", "play"}, {"move", formatMove(legal[0], 6)}, {"id", id}});
        ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
        EXPECT_EQ(replies.back()["id"], id++);
        if (studio.session().result()) break;
        const std::size_t before = studio.session().moves().size();
        ASSERT_NE(studio.tickUntil([&](const Json& m) {
            return m["type"] == "state" && m["moves"].size() == before + 1;
        }),
                  nullptr)
            << "the engine did not move";
    }
    ASSERT_TRUE(studio.session().result());
    // Every move was legal in turn, and the result names the side that could still move.
    Position pos = Position::start(6);
    for (Move m : studio.session().moves()) {
        ASSERT_TRUE(pos.isLegal(m));
        pos.makeMove(m);
    }
    EXPECT_TRUE(pos.isGameOver());
    EXPECT_EQ(*studio.session().result(),
              std::string(1, colorLetter(opposite(pos.sideToMove()))) + "+");
    const Json state = studio.lastState();
    EXPECT_EQ(state["moves"].size(), studio.session().moves().size());
    EXPECT_EQ(state["thinking"], nullptr);
}

TEST(StudioSession, RefusesIllegalMovesAndOutOfTurnPlay) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "new_game"}, {"size", 6}});
    for (const char* bad : {"b1-b6/b5", "a2-a9/a8", "b1-b4", "hello", "b1-b4/b1x"}) {
        const Json error = errorIn(studio.send({{"type", "play"}, {"move", bad}, {"id", 9}}));
        ASSERT_NE(error, nullptr) << bad;
        EXPECT_EQ(error["code"], "illegal_move") << bad;
        EXPECT_EQ(error["id"], 9);
    }
    EXPECT_TRUE(studio.session().moves().empty());
    // A legal move in another notation is played and answered in the canonical form.
    studio.send({{"type", "play"}, {"move", "B1B4B3"}});
    EXPECT_EQ(studio.lastState()["moves"], Json::array({"b1-b4/b3"}));
    // White's amazon moved on Black's turn: refused.
    EXPECT_EQ(errorIn(studio.send({{"type", "play"}, {"move", "b4-c4/d4"}}))["code"],
              "illegal_move");
    EXPECT_EQ(studio.session().moves().size(), 1u);
    studio.send({{"type", "resign"}});
    EXPECT_EQ(studio.session().result(), std::optional<std::string>("W+R"));  // Black resigned
    EXPECT_EQ(errorIn(studio.send({{"type", "play"}, {"move", "b6-b5/b6"}}))["code"], "game_over");
    // An engine's turn is the engine's.
    studio.send({{"type", "new_game"}, {"size", 6}, {"white", "engine:hippolyta"}, {"level", 1}});
    EXPECT_EQ(errorIn(studio.send({{"type", "play"}, {"move", "b1-b4/b3"}}))["code"],
              "not_your_turn");
}

TEST(StudioSession, AnswersMalformedMessagesWithErrorsAndCarriesOn) {
    Studio studio({hippolytaEngine()});
    const std::string deep(100, '[');
    const std::vector<std::pair<Json, std::string>> cases = {
        {Json("{not json"), "bad_json"},
        {Json(deep), "bad_json"},
        {Json("[1,2]"), "bad_message"},
        {Json("{\"id\":1}"), "unknown_type"},
        {Json("{\"type\":\"frobnicate\"}"), "unknown_type"},
        {Json("{\"type\":\"new_game\",\"size\":\"six\"}"), "bad_message"},
        {Json("{\"type\":\"new_game\",\"size\":12}"), "bad_message"},
        {Json("{\"type\":\"new_game\",\"black\":\"engine:nobody\"}"), "bad_message"},
        {Json("{\"type\":\"new_game\",\"level\":11}"), "bad_message"},
        {Json("{\"type\":\"goto\",\"ply\":5}"), "bad_message"},
        {Json("{\"type\":\"undo\"}"), "bad_message"},
        {Json("{\"type\":\"play\",\"move\":\"d1-d7/g7\",\"id\":\"x\"}"), "bad_message"},
        {Json("{\"type\":\"load_sgf\",\"sgf\":\"(;FF[4]GM[1])\"}"), "bad_record"},
        {Json("{\"type\":\"load_moves\",\"text\":\"d1-d7/g7 d1-d7/g7\"}"), "bad_record"},
        {Json("{\"type\":\"load_sgf\",\"sgf\":\"" + std::string(300 * 1024, 'x') + "\"}"),
         "too_large"},
    };
    for (const auto& [text, code] : cases) {
        const auto replies = studio.send(text);
        ASSERT_EQ(replies.size(), 1u) << text;
        EXPECT_EQ(replies[0]["type"], "error") << text;
        EXPECT_EQ(replies[0]["code"], code) << text;
    }
    // Nothing changed, and the session still answers.
    const auto hello = studio.send({{"type", "hello"}});
    ASSERT_EQ(hello.size(), 2u);
    EXPECT_EQ(hello[0]["type"], "engines");
    EXPECT_EQ(hello[1]["size"], 10);
    EXPECT_TRUE(hello[1]["moves"].empty());
}

TEST(StudioSession, RestartsACrashedEngineAndReplaysTheGame) {
    TestDir dir;
    const std::string flag = (dir / "crashed").string();
    Studio studio({{"fake", kScripted + " --fault crash --at 3 --once " + flag, ""}});
    const std::vector<std::string> script = scriptMoves();
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:fake"}});
    for (std::size_t i = 0; i < script.size(); i += 2) {
        ASSERT_EQ(errorIn(studio.send({{"type", "play"}, {"move", script[i]}})), nullptr) << i;
        if (i + 1 >= script.size()) break;
        ASSERT_NE(studio.tickUntil([&](const Json& m) {
            return m["type"] == "state" && m["moves"].size() == i + 2;
        }),
                  nullptr)
            << "no engine move after ply " << i + 1;
    }
    // The third black move crashed the engine; restarted and replayed, it played on.
    const auto reports = studio.all("engine");
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_EQ(reports[0]["status"], "crashed");
    EXPECT_EQ(reports[1]["status"], "restarted");
    std::vector<std::string> played;
    for (Move m : studio.session().moves())
        played.push_back(formatMove(m, 6));
    EXPECT_EQ(played, script);
    EXPECT_EQ(studio.session().result(), std::optional<std::string>("B+"));
}

TEST(StudioSession, GivesUpOnAnEngineThatHangsAndKeepsTheGame) {
    Studio studio({{"fake", kScripted + " --fault hang", ""}}, 0.3);
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:fake"}});
    studio.send({{"type", "play"}, {"move", "b1-a1/b1"}});
    studio.tickUntil([](const Json& m) { return m["type"] == "state"; }, 1);  // thinking
    const int pid = studio.session().enginePid(Color::Black);
    const Json failed = studio.tickUntil(
        [](const Json& m) { return m["type"] == "engine" && m["status"] == "failed"; }, 20);
    ASSERT_NE(failed, nullptr);
    const auto reports = studio.all("engine");
    ASSERT_EQ(reports.size(), 6u);  // crashed, then 2 x (restarted, crashed), then failed
    EXPECT_NE(reports[0]["message"].get<std::string>().find("no reply to 'genmove black'"),
              std::string::npos);
    EXPECT_TRUE(processGone(pid));
    EXPECT_EQ(studio.session().moves().size(), 1u);  // the player's move is kept
    EXPECT_EQ(studio.lastState()["thinking"], nullptr);
}

TEST(StudioSession, UndoAgainstAnEngineGoesBackToTheHumansTurn) {
    Studio studio({{"fake", kScripted, ""}});
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:fake"}});
    studio.send({{"type", "play"}, {"move", "b1-a1/b1"}});
    ASSERT_NE(studio.tickUntil([](const Json& m) { return m["moves"].size() == 2; }), nullptr);
    studio.send({{"type", "undo"}});
    EXPECT_TRUE(studio.session().moves().empty());
    EXPECT_EQ(studio.lastState()["to_move"], "white");
}

TEST(StudioSession, ReviewsAGameMarksLossesAndSavesThemAsSgf) {
    Studio studio({hippolytaEngine()});
    std::string list;
    const std::vector<std::string> script = scriptMoves();
    for (std::size_t i = 0; i < 8; ++i)
        list += std::to_string(i / 2 + 1) + ". " + script[i] + "\n";
    auto replies = studio.send({{"type", "load_moves"}, {"text", list}, {"size", 6}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    EXPECT_EQ(studio.lastState()["moves"].size(), 8u);
    studio.send({{"type", "review"}, {"seconds", 0.1}});
    ASSERT_NE(studio.tickUntil(
                  [](const Json& m) { return m["type"] == "state" && m["reviewing"] == false; }),
              nullptr);
    const Json review = studio.lastState()["review"];
    ASSERT_EQ(review.size(), 8u);
    for (std::size_t i = 0; i < review.size(); ++i) {
        ASSERT_TRUE(review[i]["loss"].is_number()) << review[i];
        EXPECT_EQ(review[i]["ply"], i + 1);
        EXPECT_GE(review[i]["loss"].get<double>(), 0.0);
        EXPECT_LE(review[i]["winrate"].get<double>(), 1.0);
        const double loss = review[i]["loss"];
        EXPECT_EQ(review[i]["mark"], loss >= kBlunderLoss   ? Json("blunder")
                                     : loss >= kMistakeLoss ? Json("mistake")
                                                            : Json(nullptr));
    }
    const Json graph = studio.lastState()["winrates"];
    ASSERT_EQ(graph.size(), 9u);
    for (std::size_t ply = 1; ply < graph.size(); ++ply)
        EXPECT_EQ(graph[ply], review[ply - 1]["winrate"]) << ply;
    EXPECT_TRUE(graph[0].is_number());
    const auto progress = studio.all("progress");
    ASSERT_EQ(progress.size(), 9u);
    EXPECT_EQ(progress.back()["done"], 9);
    EXPECT_EQ(progress.back()["total"], 9);
    const Json sgf = studio.send({{"type", "save_sgf"}, {"id", 4}}).at(0);
    EXPECT_EQ(sgf["id"], 4);
    const std::string text = sgf["sgf"];
    EXPECT_NE(text.find("C[win rate (White) "), std::string::npos);
    const GameRecord back = readSgf(text);  // the comments keep it readable, moves intact
    ASSERT_EQ(back.moves.size(), 8u);
    EXPECT_EQ(formatMove(back.moves[7], 6), script[7]);
}

TEST(StudioSession, StreamsLiveAnalysisOfTheShownPosition) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "new_game"}, {"size", 6}});
    studio.send({{"type", "play"}, {"move", "b1-b4/b3"}});
    studio.send({{"type", "analysis"}, {"on", true}});
    const Json first = studio.tickUntil([](const Json& m) {
        return m["type"] == "analysis" && m["ply"] == 1 && !m["candidates"].empty();
    });
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(first["to_move"], "black");
    ASSERT_EQ(first["territory"].size(), 6u);
    EXPECT_EQ(first["territory"][0].size(), 6u);
    const Json best = first["candidates"][0];
    EXPECT_GT(best["visits"].get<long>(), 0);
    EXPECT_EQ(best["pv"][0], best["move"]);
    Position pos = Position::start(6);
    pos.makeMove(parseMove("b1-b4/b3", 6));
    EXPECT_TRUE(pos.isLegal(parseMove(best["move"].get<std::string>(), 6)));
    EXPECT_DOUBLE_EQ(first["winrate"].get<double>(), 1 - best["winrate"].get<double>());
    // Going back to the start analyses the start, for White.
    studio.send({{"type", "goto"}, {"ply", 0}});
    const Json start = studio.tickUntil([](const Json& m) {
        return m["type"] == "analysis" && m["ply"] == 0 && !m["candidates"].empty();
    });
    ASSERT_NE(start, nullptr);
    EXPECT_EQ(start["to_move"], "white");
    EXPECT_TRUE(Position::start(6).isLegal(
        parseMove(start["candidates"][0]["move"].get<std::string>(), 6)));
    // A page that says hello gets the graph's points so far.
    const auto hello = studio.send({{"type", "hello"}});
    ASSERT_GE(hello.size(), 2u);
    EXPECT_EQ(hello[1]["winrates"][0], start["winrate"]);
}

TEST(StudioSession, ASideWhoseClockRunsOutLoses) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "new_game"}, {"size", 6}, {"clock", {{"main", 0.2}, {"increment", 0}}}});
    EXPECT_EQ(studio.lastState()["clock"]["running"], "white");
    ASSERT_NE(studio.tickUntil([](const Json& m) { return m["type"] == "state"; }, 5), nullptr);
    EXPECT_EQ(studio.session().result(), std::optional<std::string>("B+T"));
    EXPECT_EQ(studio.lastState()["clock"]["white"], 0.0);
    EXPECT_EQ(studio.lastState()["clock"]["running"], nullptr);
    EXPECT_EQ(errorIn(studio.send({{"type", "play"}, {"move", "b1-b4/b3"}}))["code"], "game_over");
}

// A hung engine is waited for by nobody: the tick that gives it a command returns before the
// engine could ever answer, the pages are answered meanwhile, and the hang is reported once
// the command's deadline has passed. (Before, that tick blocked the Studio for the deadline.)
TEST(StudioSession, AHungEngineHoldsUpNoTickAndNoPage) {
    Studio studio({{"silent", kSilent, ""}}, 30, 2);
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:silent"}});
    studio.send({{"type", "play"}, {"move", "b1-a1/b1"}});
    studio.session().tick();  // starts the engine and sends boardsize, which it never answers
    EXPECT_TRUE(studio.all("engine").empty()) << "the tick waited for the engine";
    EXPECT_EQ(studio.lastState()["thinking"], "black");
    // Another page is answered while the engine hangs.
    const auto hello = studio.send({{"type", "hello"}, {"id", 5}}, 1);
    ASSERT_EQ(hello.size(), 2u);
    EXPECT_EQ(hello[1]["id"], 5);
    EXPECT_EQ(hello[1]["moves"].size(), 1u);
    const auto back = studio.send({{"type", "goto"}, {"ply", 0}, {"id", 6}}, 1);
    ASSERT_FALSE(back.empty());
    EXPECT_EQ(back.back()["ply"], 0);
    studio.send({{"type", "goto"}, {"ply", 1}}, 1);
    const Json hung = studio.tickUntil(
        [](const Json& m) { return m["type"] == "engine" && m["status"] == "hung"; }, 20);
    ASSERT_NE(hung, nullptr);
    EXPECT_NE(hung["message"].get<std::string>().find("no reply to 'boardsize 6'"),
              std::string::npos)
        << hung;
}

// The analyst hangs on its first command; the player engine moves all the same, long before
// the analyst's hang is found out.
TEST(StudioSession, AHungAnalystHoldsUpNoPlayer) {
    Studio studio({{"silent", kSilent, ""}, {"fake", kScripted, ""}}, 30, 3);
    const std::vector<std::string> script = scriptMoves();
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:fake"}});
    studio.send({{"type", "analysis"}, {"on", true}});
    studio.session().tick();  // the analyst gets boardsize, and hangs
    studio.send({{"type", "play"}, {"move", script[0]}});
    ASSERT_NE(studio.tickUntil(
                  [](const Json& m) { return m["type"] == "engine" && m["status"] == "hung"; }),
              nullptr);
    const long moved = studio.indexOf(
        [](const Json& m) { return m["type"] == "state" && m["moves"].size() == 2; });
    const long hung = studio.indexOf(
        [](const Json& m) { return m["type"] == "engine" && m["status"] == "hung"; });
    ASSERT_GE(moved, 0) << "the player engine did not move";
    EXPECT_LT(moved, hung) << "the player waited for the hung analyst";
    EXPECT_EQ(studio.sent()[hung].second["name"], "silent");
}

// The pages learn the engines' names, never their command lines (folders, options), not even
// in the report of an engine that cannot start.
TEST(StudioSession, PagesNeverSeeTheEnginesCommandLines) {
    const std::string secret = "/no/such/secret-folder/engine --weights /no/such/secret.weights";
    Studio studio({hippolytaEngine(), {"broken", "exec " + secret, ""}}, 30, 5);
    const auto hello = studio.send({{"type", "hello"}});
    ASSERT_FALSE(hello.empty());
    const Json engines = hello[0];
    ASSERT_EQ(engines["type"], "engines");
    ASSERT_EQ(engines["engines"].size(), 2u);
    for (const Json& e : engines["engines"]) {
        EXPECT_FALSE(e.contains("command")) << e;
        EXPECT_EQ(e.size(), 2u) << e;  // name and status
    }
    EXPECT_EQ(engines["engines"][1]["name"], "broken");
    studio.send({{"type", "new_game"}, {"size", 6}, {"black", "engine:broken"}});
    studio.send({{"type", "play"}, {"move", "b1-a1/b1"}});
    ASSERT_NE(studio.tickUntil(
                  [](const Json& m) { return m["type"] == "engine" && m["status"] == "failed"; }),
              nullptr);
    for (const auto& [client, m] : studio.sent()) {
        const std::string text = m.dump();
        EXPECT_EQ(text.find("secret"), std::string::npos) << text;
        EXPECT_EQ(text.find(HIPPOLYTA_BIN_DIR), std::string::npos) << text;
    }
}

namespace hippolyta {
namespace {

TEST(StudioRecipients, OneAllAndAllButPickThePages) {
    for (const int page : {0, 1, 7}) {
        EXPECT_TRUE(Recipients::all().includes(page));
        EXPECT_EQ(Recipients::one(1).includes(page), page == 1);
        EXPECT_EQ(Recipients::allBut(1).includes(page), page != 1);
    }
}

}  // namespace
}  // namespace hippolyta
