// What the Studio's review says, checked through its messages: the territory figure (its sign,
// its calm over quiet moves, the squares a move gives away), marks judged on the figure shown,
// the review kept in SGF and read back, the result as RE[W+N], why a move is illegal, a line
// played for study that no engine plays on, and an engine that is not there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "adapters/studio/studio_session.h"
#include "adapters/studio/studio_territory.h"
#include "engine/core/notation.h"
#include "engine/eval/final_score.h"
#include "tests/unit/studio_fixture.h"

using namespace hippolyta;
using namespace hippolyta::studio_test;

namespace {

// 6x6, walled apart by the arrows of rank 4: White's side (ranks 1-3, two arrows on c2 and c3)
// has 14 vacant squares, Black's (ranks 5-6) 10; White to move. a1-d1/c1 walls a1, b1, a2, b2,
// a3 and b3 off from every amazon: 6 squares given away.
constexpr const char* kWalled = "B4B/6/xxxxxx/2x3/2x3/W4W w";
constexpr const char* kWalledSgf =
    "(;FF[4]GM[18]SZ[6]AW[af][ff]AB[aa][fa]AA[ac][bc][cc][dc][ec][fc][cd][ce]PL[W]"
    ";W[afdfcf])";

// Three quiet plies of a 10x10 opening (Hippolyta's own at 0.2 s a move): the count of who
// reaches a square first reads 0, +15, +4, +17 over them.
const std::vector<std::string> kOpening = {"d1-d9/g9", "a7-e3/g3", "j4-h6/j6"};

Json reviewed(Studio& studio, double seconds = 0.1) {
    studio.send({{"type", "review"}, {"seconds", seconds}});
    const Json done = studio.tickUntil(
        [](const Json& m) { return m["type"] == "state" && m["reviewing"] == false; }, 120);
    EXPECT_NE(done, nullptr);
    return studio.lastState();
}

// The fake analyst of tests/fake-engines/winrate-engine.py with these arguments (the win rates
// it gives position by position, after the move it names, if any).
StudioEngine winrateEngine(const std::string& args) {
    return {"fake",
            std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/winrate-engine.py " + args,
            ""};
}

// Loads the first four moves of the 6x6 script.
void loadFourMoves(Studio& studio) {
    const std::vector<std::string> script = scriptMoves();
    studio.send({{"type", "load_moves"},
                 {"text", script[0] + " " + script[1] + " " + script[2] + " " + script[3]},
                 {"size", 6}});
}

}  // namespace

TEST(StudioTerritory, CountsRegionsAsTheirOwnersAndTheMoveInHandAsHalfASquare) {
    const TerritoryEstimate w = estimateTerritory(parsePosition(kWalled));
    EXPECT_DOUBLE_EQ(w.lead, 14 - 10 - 0.5);  // White's, less the square White's move fills
    const TerritoryEstimate b = estimateTerritory(parsePosition("B4B/6/xxxxxx/2x3/2x3/W4W b"));
    EXPECT_DOUBLE_EQ(b.lead, 14 - 10 + 0.5);
    // The colours swapped: Black has the 14.
    const TerritoryEstimate m = estimateTerritory(parsePosition("W4W/6/xxxxxx/2x3/2x3/B4B w"));
    EXPECT_DOUBLE_EQ(m.lead, 10 - 14 - 0.5);
    EXPECT_EQ(w.squares[0], 0);   // a1: an amazon
    EXPECT_EQ(w.squares[1], 1);   // b1: White's
    EXPECT_EQ(w.squares[30], 0);  // a6: an amazon
    EXPECT_EQ(w.squares[31], -1);
    EXPECT_EQ(w.squares[18], 0);  // a4: an arrow
    // The board's shading: certain squares as the estimate has them; contested ones by who
    // reaches them first (on the 6x6 start, White's b1 reaches c1 in one move, Black in two).
    EXPECT_EQ(territoryPicture(parsePosition(kWalled)), w.squares);
    const std::vector<double> start = territoryPicture(Position::start(6));
    EXPECT_EQ(start[2], kReachedFirst);    // c1
    EXPECT_EQ(start[32], -kReachedFirst);  // c6
}

// The sign on a position whose territory is known, and a move that gives away a known number
// of squares, through the review as the page gets it.
TEST(StudioTerritory, TheReviewShowsTheSquaresAMoveGivesAway) {
    Studio studio({hippolytaEngine()});
    const auto replies = studio.send({{"type", "load_sgf"}, {"sgf", kWalledSgf}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    const Json state = reviewed(studio);
    ASSERT_EQ(state["review"].size(), 1u);
    EXPECT_DOUBLE_EQ(state["leads"][0].get<double>(), 3.5);  // White's 14 to Black's 10
    EXPECT_DOUBLE_EQ(state["leads"][1].get<double>(), -2.5);
    EXPECT_DOUBLE_EQ(state["review"][0]["lead_loss"].get<double>(), 6.0) << state["review"];
}

// Over quiet plies the lead stays within 3 squares whoever is to move.
TEST(StudioTerritory, QuietPliesKeepTheLeadSteady) {
    Position pos = Position::start(10);
    std::vector<double> leads = {estimateTerritory(pos).lead};
    for (const std::string& m : kOpening) {
        pos.makeMove(parseMove(m, 10));
        leads.push_back(estimateTerritory(pos).lead);
    }
    const auto [low, high] = std::minmax_element(leads.begin(), leads.end());
    EXPECT_LT(*high - *low, 3.0) << leads[0] << " " << leads[1] << " " << leads[2] << " "
                                 << leads[3];
}

// The same through the review, as the page gets it.
TEST(StudioTerritory, QuietPliesKeepTheReviewsLeadSteady) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "load_moves"},
                 {"text", kOpening[0] + " " + kOpening[1] + " " + kOpening[2]},
                 {"size", 10}});
    const Json leads = reviewed(studio)["leads"];
    ASSERT_EQ(leads.size(), 4u);
    double low = 1e9, high = -1e9;
    for (const Json& lead : leads) {
        ASSERT_TRUE(lead.is_number()) << leads;
        low = std::min(low, lead.get<double>());
        high = std::max(high, lead.get<double>());
    }
    EXPECT_LT(high - low, 3.0) << leads;
}

// Losses of 19.6%, 9.7%, 9.4% and 10.4% are shown as 20%, 10%, 9% and 10%, and marked so:
// a blunder, a mistake, nothing, a mistake.
TEST(StudioReview, MarksMovesOnTheLossShown) {
    Studio studio({winrateEngine("0.6 0.596 0.501 0.593 0.511")});
    loadFourMoves(studio);
    const Json review = reviewed(studio)["review"];
    ASSERT_EQ(review.size(), 4u);
    const double shown[] = {0.20, 0.10, 0.09, 0.10};
    const Json marks[] = {"blunder", "mistake", nullptr, "mistake"};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_DOUBLE_EQ(review[i]["loss"].get<double>(), shown[i]) << review[i];
        EXPECT_EQ(review[i]["mark"], marks[i]) << review[i];
    }
}

// The engine's own choice loses nothing: the third move, the candidate the analyst names, is
// worth 30% less after it than before by the (noisy) searches, and is neither a loss nor marked.
TEST(StudioReview, TheEnginesOwnChoiceLosesNothing) {
    const std::vector<std::string> script = scriptMoves();
    Studio studio({winrateEngine(script[2] + " 0.6 0.596 0.5 0.8 0.511")});
    loadFourMoves(studio);
    const Json review = reviewed(studio)["review"];
    ASSERT_EQ(review.size(), 4u);
    EXPECT_EQ(review[2]["best"], script[2]);
    EXPECT_EQ(review[2]["loss"], 0.0) << review[2];
    EXPECT_TRUE(review[2]["mark"].is_null());
    EXPECT_EQ(review[1]["mark"], "mistake");  // 0.596 - (1 - 0.5): the others still judged
}

// The review's marks, losses and graph come back from the saved SGF: in comments, and in the
// private property HS that the Studio reads back.
TEST(StudioReview, IsKeptInTheSgfAndReadBack) {
    Studio studio({winrateEngine("0.6 0.596 0.501 0.593 0.511")});
    loadFourMoves(studio);
    const Json before = reviewed(studio);
    const std::vector<Json> saved = studio.send({{"type", "save_sgf"}});
    ASSERT_FALSE(saved.empty());
    const std::string sgf = saved.back()["sgf"];
    EXPECT_NE(sgf.find("C[win rate (White)"), std::string::npos) << sgf;
    EXPECT_NE(sgf.find("HS[{"), std::string::npos) << sgf;
    studio.send({{"type", "new_game"}, {"size", 6}});
    EXPECT_TRUE(studio.lastState()["review"].empty());
    const auto replies = studio.send({{"type", "load_sgf"}, {"sgf", sgf}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    const Json after = studio.lastState();
    EXPECT_EQ(after["review"], before["review"]);
    EXPECT_EQ(after["winrates"], before["winrates"]);
    EXPECT_EQ(after["leads"], before["leads"]);
    // Saved again, the file is the same: the property is not doubled.
    const std::vector<Json> again = studio.send({{"type", "save_sgf"}});
    EXPECT_EQ(again.back()["sgf"], sgf);
}

// A property HS that is not the Studio's (not JSON, nested deep, fields of other types or out of
// their ranges) is left out, field by field; the game loads.
TEST(StudioReview, AForeignReviewPropertyIsLeftOut) {
    Studio studio({});
    const std::string deep(5000, '[');
    const std::string sgf = "(;FF[4]GM[18]SZ[6]HS[not json];W[bfbcbd]HS[" + deep +
                            "];B[eadacb]HS[{\"reviewed\":\"yes\",\"loss\":0.5}]"
                            ";W[bcbbbc]HS[{\"reviewed\":true,\"loss\":7,\"lead_loss\":2.5,"
                            "\"winrate\":0.25,\"lead\":\"x\",\"best\":3,\"decided\":\"no\"}])";
    const auto replies = studio.send({{"type", "load_sgf"}, {"sgf", sgf}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    const Json state = studio.lastState();
    ASSERT_EQ(state["moves"].size(), 3u);
    ASSERT_EQ(state["review"].size(), 1u) << state["review"];
    const Json r = state["review"][0];
    EXPECT_EQ(r["ply"], 3);
    EXPECT_TRUE(r["loss"].is_null());
    EXPECT_EQ(r["lead_loss"], 2.5);
    EXPECT_EQ(r["winrate"], 0.25);
    EXPECT_TRUE(r["lead"].is_null());
    EXPECT_EQ(r["best"], "");
    EXPECT_TRUE(r["decided"].is_null());
    EXPECT_TRUE(r["mark"].is_null());
}

// A game that ended as the other side could not move is written RE[B+N], N the winner's
// territory, as the engine's printsgf and the match runner write it.
TEST(StudioReview, WritesTheResultWithTheWinnersTerritory) {
    Studio studio({});
    std::string list;
    for (const std::string& m : scriptMoves())
        list += m + "\n";
    studio.send({{"type", "load_moves"}, {"text", list}, {"size", 6}});
    ASSERT_EQ(studio.lastState()["result"], "B+");
    const std::string sgf = studio.send({{"type", "save_sgf"}}).back()["sgf"];
    Position end = Position::start(6);
    for (const std::string& m : scriptMoves())
        end.makeMove(parseMove(m, 6));
    EXPECT_EQ(gameOverText(end), "B+0");
    EXPECT_NE(sgf.find("RE[B+0]"), std::string::npos) << sgf;
}

TEST(StudioReview, SaysWhyAMoveIsIllegal) {
    Studio studio({});
    studio.send({{"type", "new_game"}, {"size", 10}});
    const Json error = errorIn(studio.send({{"type", "play"}, {"move", "a4-a8/a9"}}));
    ASSERT_NE(error, nullptr);
    EXPECT_EQ(error["message"], "illegal move a4-a8/a9: the amazon's path is blocked at a7");
}

// "Play the better line" against an engine: stepped to its end, where the engine would be to
// move, the line is shown and nobody plays on.
TEST(StudioReview, NoEngineMovesOnALinePlayedForStudy) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "new_game"},
                 {"size", 6},
                 {"white", "human"},
                 {"black", "engine:hippolyta"},
                 {"level", 1}});
    const std::vector<std::string> script = scriptMoves();
    studio.send({{"type", "play"}, {"move", script[0]}});
    ASSERT_NE(studio.tickUntil([](const Json& m) {
        return m["type"] == "state" && m["moves"].size() == 2 && m["thinking"].is_null();
    }),
              nullptr);
    studio.send({{"type", "goto"}, {"ply", 0}});
    const std::string other = script[0] == "b1-b4/b3" ? "b1-b5/b4" : "b1-b4/b3";
    studio.send({{"type", "play_line"}, {"moves", {other}}});
    const Json shown = studio.lastState();
    ASSERT_EQ(shown["moves"].size(), 1u);
    ASSERT_EQ(shown["ply"], 1);
    ASSERT_EQ(shown["to_move"], "black");
    for (int i = 0; i < 5; ++i)
        studio.session().tick();
    const Json state = studio.lastState();
    EXPECT_TRUE(state["thinking"].is_null()) << state;
    EXPECT_EQ(state["moves"].size(), 1u);
    // The game's own line, back at its end, is played on as before.
    studio.send({{"type", "goto"}, {"node", shown["branches"][0]["moves"][0]["node"]}});
    EXPECT_EQ(studio.lastState()["moves"].size(), 2u);
}

// An engine whose program was not found: the pages are told at once, in its own words.
TEST(StudioReview, AnEngineThatIsNotThereIsSaidPlainly) {
    const std::string why = "the engine program hippolyta was not found beside hippolyta-studio";
    Studio studio({{"hippolyta", "", why}});
    const std::vector<Json> hello = studio.send({{"type", "hello"}});
    ASSERT_FALSE(hello.empty());
    EXPECT_EQ(hello[0]["engines"][0]["status"], "failed");
    EXPECT_EQ(hello[0]["engines"][0]["message"], why);
    studio.send({{"type", "analysis"}, {"on", true}});
    const Json told = studio.tickUntil([](const Json& m) { return m["type"] == "engine"; }, 10);
    ASSERT_NE(told, nullptr);
    EXPECT_EQ(told["status"], "failed");
    EXPECT_EQ(told["message"], why);
    EXPECT_EQ(studio.lastState()["analysis"], false);
}
