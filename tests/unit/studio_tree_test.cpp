// The Studio's game tree: a move at an earlier ply is a variation, both lines are kept, shown
// as branches, saved in SGF and read back; undo and play_line on a tree; the review of a game
// that ends decided; the live analysis stopped while no page watches.
#include <gtest/gtest.h>

#include "adapters/studio/studio_session.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "tests/unit/studio_fixture.h"

using namespace hippolyta;
using namespace hippolyta::studio_test;

namespace {

// The first legal move of `pos` other than `not_`.
std::string otherMove(const Position& pos, const std::string& not_) {
    MoveList moves;
    pos.generateMoves(moves);
    for (Move m : moves)
        if (formatMove(m, pos.width()) != not_) return formatMove(m, pos.width());
    return not_;
}

Position afterPlies(const std::vector<std::string>& moves, std::size_t plies) {
    Position pos = Position::start(6);
    for (std::size_t i = 0; i < plies; ++i)
        pos.makeMove(parseMove(moves[i], 6));
    return pos;
}

// Loads the first `count` moves of the scripted 6x6 game, both sides human.
std::vector<std::string> loadScript(Studio& studio, std::size_t count) {
    const std::vector<std::string> script = scriptMoves();
    std::string list;
    for (std::size_t i = 0; i < count && i < script.size(); ++i)
        list += script[i] + "\n";
    const auto replies = studio.send({{"type", "load_moves"}, {"text", list}, {"size", 6}});
    EXPECT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    return {script.begin(), script.begin() + static_cast<long>(std::min(count, script.size()))};
}

std::size_t leaves(const MoveTree& tree) {
    std::size_t count = 0;
    for (std::size_t n = 0; n < tree.nodes.size(); ++n)
        count += tree.nodes[n].children.empty() && (n == 0 || tree.nodes[n].parent >= 0);
    return count;
}

}  // namespace

TEST(StudioTree, AMoveAtAnEarlierPlyIsAVariationAndBothLinesAreKept) {
    Studio studio({});
    const std::vector<std::string> script = loadScript(studio, 8);
    studio.send({{"type", "goto"}, {"ply", 4}});
    // The line's own next move is a step forward, no branch.
    studio.send({{"type", "play"}, {"move", script[4]}});
    EXPECT_EQ(studio.lastState()["ply"], 5);
    EXPECT_EQ(studio.lastState()["moves"].size(), 8u);
    EXPECT_TRUE(studio.lastState()["branches"].empty());
    // Another move branches off: the new line is shown, the old one kept.
    studio.send({{"type", "goto"}, {"ply", 4}});
    const std::string other = otherMove(afterPlies(script, 4), script[4]);
    const auto replies = studio.send({{"type", "play"}, {"move", other}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    Json state = studio.lastState();
    EXPECT_EQ(state["moves"].size(), 5u);
    EXPECT_EQ(state["moves"][4], other);
    ASSERT_EQ(state["branches"].size(), 1u);
    const Json branch = state["branches"][0];
    EXPECT_EQ(branch["ply"], 5);
    ASSERT_EQ(branch["moves"].size(), 2u);
    EXPECT_EQ(branch["moves"][0]["move"], script[4]);
    EXPECT_EQ(branch["moves"][0]["current"], false);
    EXPECT_EQ(branch["moves"][1]["current"], true);
    // Back to the first line by its node: all eight moves again.
    studio.send({{"type", "goto"}, {"node", branch["moves"][0]["node"]}});
    EXPECT_EQ(studio.lastState()["moves"].size(), 8u);
    EXPECT_EQ(studio.lastState()["ply"], 5);
    // Saved: the main line and the variation; loaded again: both lines there.
    const Json saved = studio.send({{"type", "save_sgf"}}).at(0);
    MoveTree tree;
    const GameRecord record = readSgf(saved["sgf"].get<std::string>(), &tree);
    EXPECT_EQ(record.moves.size(), 8u);
    EXPECT_EQ(leaves(tree), 2u);
    EXPECT_EQ(saved["filename"].get<std::string>().rfind("human-vs-human-6x6-", 0), 0u);
    studio.send({{"type", "load_sgf"}, {"sgf", saved["sgf"]}});
    state = studio.lastState();
    EXPECT_EQ(state["moves"].size(), 8u);
    ASSERT_EQ(state["branches"].size(), 1u);
    EXPECT_EQ(state["branches"][0]["moves"][1]["move"], other);
    EXPECT_EQ(leaves(studio.session().tree()), 2u);
}

TEST(StudioTree, UndoTakesBackOnlyTheShownLinesMoves) {
    Studio studio({});
    const std::vector<std::string> script = loadScript(studio, 8);
    studio.send({{"type", "goto"}, {"ply", 4}});
    const std::string other = otherMove(afterPlies(script, 4), script[4]);
    studio.send({{"type", "play"}, {"move", other}});
    studio.send({{"type", "undo"}});
    const Json state = studio.lastState();
    EXPECT_EQ(state["moves"].size(), 4u);
    ASSERT_EQ(state["branches"].size(), 1u);  // the first line goes on from here
    ASSERT_EQ(state["branches"][0]["moves"].size(), 1u);
    EXPECT_EQ(state["branches"][0]["moves"][0]["move"], script[4]);
    EXPECT_EQ(studio.session().tree().moveCount(), 8u);
}

TEST(StudioTree, PlayLineAddsAWholeVariationOrNothing) {
    Studio studio({});
    const std::vector<std::string> script = loadScript(studio, 8);
    studio.send({{"type", "goto"}, {"ply", 4}});
    const std::string first = otherMove(afterPlies(script, 4), script[4]);
    Position pos = afterPlies(script, 4);
    pos.makeMove(parseMove(first, 6));
    const std::string second = otherMove(pos, "");
    auto replies = studio.send({{"type", "play_line"}, {"moves", {first, "a1-a1/a1"}}});
    ASSERT_NE(errorIn(replies), nullptr);
    EXPECT_EQ(errorIn(replies)["code"], "illegal_move");
    EXPECT_EQ(studio.session().tree().moveCount(), 8u);
    EXPECT_NE(errorIn(studio.send({{"type", "play_line"}, {"moves", 3}})), nullptr);
    EXPECT_NE(errorIn(studio.send({{"type", "goto"}, {"node", 999}})), nullptr);
    replies = studio.send({{"type", "play_line"}, {"moves", {first, second}}});
    ASSERT_EQ(errorIn(replies), nullptr) << errorIn(replies);
    EXPECT_EQ(studio.lastState()["moves"].size(), 6u);
    EXPECT_EQ(studio.lastState()["ply"], 5);  // shown at its first move
    EXPECT_EQ(studio.session().tree().moveCount(), 10u);
}

TEST(StudioTree, AReviewNeverMakesUpAFigureForADecidedPosition) {
    Studio studio({hippolytaEngine()});
    const std::vector<std::string> script = loadScript(studio, 100);
    studio.send({{"type", "review"}, {"seconds", 0.1}});
    ASSERT_NE(
        studio.tickUntil(
            [](const Json& m) { return m["type"] == "state" && m["reviewing"] == false; }, 120),
        nullptr);
    const Json state = studio.lastState();
    const Json review = state["review"];
    ASSERT_EQ(review.size(), script.size());
    bool sawDecided = false;
    Json decidedBefore = nullptr;
    for (const Json& r : review) {
        if (!r["decided"].is_null()) {
            sawDecided = true;
            // A decided position has its exact value: the winner's, 1 or 0.
            const double exact = r["decided"].get<std::string>()[0] == 'W' ? 1.0 : 0.0;
            EXPECT_EQ(r["winrate"], exact) << r;
            // Walled apart and counted (W+N): the exact moves left are known too.
            if (r["decided"].get<std::string>().size() > 2) {
                EXPECT_TRUE(r["moves_left"].is_string()) << r;
            }
            // A move between two positions decided for the same side lost nothing.
            if (!decidedBefore.is_null() &&
                decidedBefore.get<std::string>()[0] == r["decided"].get<std::string>()[0]) {
                EXPECT_EQ(r["loss"], 0.0) << r;
                EXPECT_TRUE(r["mark"].is_null()) << r;
            }
        }
        // Every move's position before it had moves: the engine's choice there is named, a lost
        // position's too.
        EXPECT_FALSE(r["best"].get<std::string>().empty()) << r;
        if (r["loss"].is_null()) {
            EXPECT_TRUE(r["mark"].is_null()) << r;
        }
        EXPECT_TRUE(r["lead"].is_number() || r["ply"] == script.size()) << r;
        decidedBefore = r["decided"];
    }
    EXPECT_TRUE(sawDecided);
    // The graph holds the review's figures and the territory leads, for a page that reloads.
    ASSERT_EQ(state["winrates"].size(), script.size() + 1);
    ASSERT_EQ(state["leads"].size(), script.size() + 1);
    EXPECT_TRUE(state["leads"][1].is_number());
    // The game is over: its score is asked of the engine and shown.
    ASSERT_NE(studio.tickUntil(
                  [](const Json& m) { return m["type"] == "state" && !m["score"].is_null(); }),
              nullptr);
    EXPECT_EQ(studio.lastState()["score"].get<std::string>().substr(0, 2),
              state["result"].get<std::string>().substr(0, 2));
}

TEST(StudioTree, TheLiveAnalysisStopsWhileNoPageWatches) {
    Studio studio({hippolytaEngine()});
    studio.send({{"type", "new_game"}, {"size", 6}});
    studio.send({{"type", "analysis"}, {"on", true}});
    auto analysed = [](const Json& m) {
        return m["type"] == "analysis" && !m["candidates"].empty();
    };
    ASSERT_NE(studio.tickUntil(analysed), nullptr);
    studio.session().setWatchers(0);
    studio.session().tick();
    EXPECT_FALSE(studio.session().active());
    const std::size_t before = studio.all("analysis").size();
    for (int i = 0; i < 100; ++i)
        studio.session().tick();  // lines in flight are dropped, none new asked for
    EXPECT_EQ(studio.all("analysis").size(), before);
    studio.session().setWatchers(1);
    EXPECT_NE(studio.tickUntil(analysed), nullptr);
}

// After the scripted game's 11th move Black's only winning move is b4-a3/b2 (the solver's,
// found once by trying every legal move); its 12th move, f5-f4/e4, loses.
TEST(StudioTree, AHintNamesTheOnlyWinningMoveAndTeachingTakesBackALosingOne) {
    Studio studio({hippolytaEngine()});
    loadScript(studio, 11);
    studio.send({{"type", "hint"}});
    const Json hint = studio.tickUntil([](const Json& m) { return m["type"] == "hint"; });
    ASSERT_NE(hint, nullptr);
    EXPECT_EQ(hint["move"], "b4-a3/b2");
    EXPECT_EQ(hint["ply"], 11);
    auto replies = studio.send({{"type", "teaching"}, {"on", true}, {"threshold", 0.1}});
    ASSERT_EQ(errorIn(replies), nullptr);
    EXPECT_EQ(studio.lastState()["teaching"], true);
    studio.send({{"type", "play"}, {"move", "f5-f4/e4"}});
    const Json verdict = studio.tickUntil([](const Json& m) { return m["type"] == "teach"; });
    ASSERT_NE(verdict, nullptr);
    EXPECT_EQ(verdict["taken_back"], true);
    EXPECT_EQ(verdict["better"], "b4-a3/b2");
    EXPECT_GT(verdict["loss"].get<double>(), 0.1);
    EXPECT_EQ(studio.session().moves().size(), 11u);
    // The winning move stands.
    studio.send({{"type", "play"}, {"move", "b4-a3/b2"}});
    const Json kept = studio.tickUntil([](const Json& m) { return m["type"] == "teach"; });
    ASSERT_NE(kept, nullptr);
    EXPECT_EQ(kept["taken_back"], false);
    EXPECT_EQ(studio.session().moves().size(), 12u);
}

TEST(StudioTree, BadHintAndTeachingMessagesGetErrors) {
    Studio studio({});
    loadScript(studio, 4);
    EXPECT_EQ(errorIn(studio.send({{"type", "hint"}}))["code"], "engine");
    EXPECT_EQ(errorIn(studio.send({{"type", "teaching"}, {"threshold", 2}}))["code"],
              "bad_message");
    EXPECT_EQ(errorIn(studio.send({{"type", "teaching"}, {"on", "yes"}}))["code"], "bad_message");
    EXPECT_EQ(errorIn(studio.send({{"type", "goto"}, {"node", "x"}}))["code"], "bad_message");
    EXPECT_EQ(studio.lastState()["teaching"], false);
}
