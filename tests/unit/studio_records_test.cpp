// The Studio's pure helpers: pasted move lists, SGF with comments, the engine's analysis and
// territory answers, and the mapping of URLs to the page's files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "adapters/studio/static_files.h"
#include "adapters/studio/studio_records.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "tests/unit/test_dir.h"

using namespace hippolyta;

TEST(StudioRecords, ReadsMoveListsInAnyNotationWithNumbers) {
    const GameRecord r = readMoveList("1. b1-a1/b1 e6-d6/c6\n2.a1F6D4, A5D5B3 3... a2-a3(c5)", 6);
    ASSERT_EQ(r.moves.size(), 5u);
    EXPECT_EQ(formatMove(r.moves[2], 6), "a1-f6/d4");
    EXPECT_EQ(formatMove(r.moves[4], 6), "a2-a3/c5");
    EXPECT_EQ(r.movers[1], Color::Black);
    EXPECT_THROW(readMoveList("b1-a1/b1 b1-a1/b1", 6), RecordError);  // the square is empty now
    EXPECT_THROW(readMoveList("b1-a1", 6), RecordError);
    try {
        readMoveList("b1-a1/b1 zz", 6);
        FAIL();
    } catch (const RecordError& e) {
        EXPECT_NE(std::string(e.what()).find("move 2"), std::string::npos) << e.what();
    }
}

// A pasted illegal move says why, as the engine does.
TEST(StudioRecords, SaysWhyAPastedMoveIsIllegal) {
    try {
        readMoveList("d1-d7/g7 a7-a2/b2", 10);
        FAIL();
    } catch (const RecordError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "move 2 'a7-a2/b2' is illegal: the amazon's path is blocked at a4");
    }
}

// The page's example moves (the Move box and the paste box, "…" for "and so on") are legal on
// the 10x10 board the page starts with.
TEST(StudioRecords, ThePagesExamplesAreLegalGames) {
    std::ifstream in(std::string(HIPPOLYTA_SOURCE_DIR) + "/adapters/studio/page/index.html");
    const std::string page{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    for (const char* id : {"id=\"move-input\"", "id=\"moves-text\""}) {
        const std::size_t at = page.find(id);
        ASSERT_NE(at, std::string::npos) << id;
        const std::size_t from = page.find("placeholder=\"", at) + 13;
        std::string example = page.substr(from, page.find('"', from) - from);
        if (const std::size_t dots = example.find("…"); dots != std::string::npos)
            example.erase(dots);
        ASSERT_FALSE(example.empty()) << id;
        EXPECT_NO_THROW(readMoveList(example, 10)) << id << ": " << example;
    }
}

TEST(StudioRecords, JudgesLossesOnTheFigureShown) {
    EXPECT_DOUBLE_EQ(shownLoss(0.195), 0.20);  // shown as 20%: a blunder, as 0.20 is
    EXPECT_DOUBLE_EQ(shownLoss(0.0951), 0.10);
    EXPECT_DOUBLE_EQ(shownLoss(0.0949), 0.09);
    EXPECT_DOUBLE_EQ(shownLoss(0), 0);
}

// Properties the reader does not interpret (another program's, a private one) stay on their
// nodes, the root's on node 0, and are written back where they were.
TEST(StudioRecords, KeepsOtherPropertiesOfNodesThroughARoundTrip) {
    const std::string text =
        "(;FF[4]GM[18]SZ[6]GN[a game]XX[{\"a\":[1,2\\]}]\n;W[bfbcbd]KT[x][y]"
        "(;B[eadacb])(;B[eacacb]ZZ[z]))";
    MoveTree tree;
    const GameRecord r = readSgf(text, &tree);
    ASSERT_EQ(tree.nodes.size(), 4u);
    ASSERT_EQ(tree.nodes[0].properties.size(), 2u);
    EXPECT_EQ(tree.nodes[0].properties[0].id, "GN");
    EXPECT_EQ(tree.nodes[0].properties[1].values[0], "{\"a\":[1,2]}");
    ASSERT_EQ(tree.nodes[1].properties.size(), 1u);
    EXPECT_EQ(tree.nodes[1].properties[0].id, "KT");
    EXPECT_EQ(tree.nodes[1].properties[0].values, (std::vector<std::string>{"x", "y"}));
    EXPECT_EQ(tree.nodes[3].properties[0].id, "ZZ");
    const std::string again = writeSgfTree(r, tree);
    MoveTree back;
    readSgf(again, &back);
    ASSERT_EQ(back.nodes.size(), 4u);
    for (std::size_t n = 0; n < back.nodes.size(); ++n) {
        ASSERT_EQ(back.nodes[n].properties.size(), tree.nodes[n].properties.size()) << again;
        for (std::size_t k = 0; k < back.nodes[n].properties.size(); ++k) {
            EXPECT_EQ(back.nodes[n].properties[k].id, tree.nodes[n].properties[k].id);
            EXPECT_EQ(back.nodes[n].properties[k].values, tree.nodes[n].properties[k].values);
        }
    }
    EXPECT_EQ(again.find("SZ[6]", again.find("SZ[6]") + 1), std::string::npos) << again;
}

TEST(StudioRecords, WritesCommentsAfterTheirMovesAndStaysReadable) {
    GameRecord r = readMoveList("b1-a1/b1 e6-d6/c6 a1-f6/d4", 6);
    r.whiteName = "human";
    MoveTree tree = treeOfRecord(r);
    const std::vector<int> line = tree.mainLine();
    tree.nodes[line[1]].comment = "first ] odd";
    tree.nodes[line[3]].comment = "third";
    const std::string sgf = writeSgfTree(r, tree);
    EXPECT_NE(sgf.find("C[first \\] odd]"), std::string::npos) << sgf;
    EXPECT_NE(sgf.find("C[third]"), std::string::npos) << sgf;
    EXPECT_EQ(sgf.find("C[]"), std::string::npos) << sgf;
    const GameRecord back = readSgf(sgf);
    ASSERT_EQ(back.moves.size(), 3u);
    EXPECT_EQ(back.moves[2], r.moves[2]);
    // The comments sit in the nodes of the moves they describe.
    EXPECT_LT(sgf.find("C[first"), sgf.find(";B["));
    EXPECT_GT(sgf.find("C[third"), sgf.rfind(";W["));
}

TEST(StudioRecords, ParsesAnalysisLinesWithSeveralCandidates) {
    const auto c = parseAnalysisLine(
        "info move a2-d5/d3 visits 509 winrate 0.5949 prior 1.97 order 0 pv a2-d5/d3 b6-b2/e2 "
        "info move f2-c5/c3 visits 456 winrate 0.5940 prior 1.97 order 1 pv f2-c5/c3");
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].move, "a2-d5/d3");
    EXPECT_EQ(c[0].visits, 509);
    EXPECT_DOUBLE_EQ(c[0].winrate, 0.5949);
    EXPECT_EQ(c[0].pv, (std::vector<std::string>{"a2-d5/d3", "b6-b2/e2"}));
    EXPECT_EQ(c[1].pv.size(), 1u);
    EXPECT_TRUE(parseAnalysisLine("").empty());
    EXPECT_THROW(parseAnalysisLine("info move a1-a2/a3 visits many"), std::runtime_error);
}

TEST(StudioRecords, RefusesDeepNestingOutsideStrings) {
    EXPECT_FALSE(nestedDeeperThan(R"({"a":[[1]],"s":"[[[[[[[["})", 3));
    EXPECT_TRUE(nestedDeeperThan("[[[[1]]]]", 3));
}

TEST(StudioStaticFiles, MapsOnlyPlainNamesInsideTheFolder) {
    EXPECT_EQ(staticFileName("/"), "index.html");
    EXPECT_EQ(staticFileName("/?v=2"), "index.html");
    EXPECT_EQ(staticFileName("/studio.js?v=2"), "studio.js");
    EXPECT_EQ(staticFileName("/img/board.svg"), "img/board.svg");
    for (const char* bad : {"/../etc/passwd", "/a/../../b", "/.git/config", "//etc/passwd",
                            "/%2e%2e/x", "/a\\b", "relative", "/a//b", "/a/b/c/d/e", "/a/"})
        EXPECT_EQ(staticFileName(bad), std::nullopt) << bad;
    EXPECT_EQ(contentType("a.html"), "text/html; charset=utf-8");
    EXPECT_EQ(contentType("a.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(contentType("a.svg"), "image/svg+xml");
    EXPECT_EQ(contentType("a"), "application/octet-stream");
}

TEST(StudioStaticFiles, ReadsNoFileOutsideTheFolderEvenThroughALink) {
    TestDir dir;
    std::filesystem::create_directories(dir / "page");
    std::ofstream(dir / "page" / "index.html") << "<p>hi</p>";
    std::ofstream(dir / "secret.txt") << "secret";
    std::filesystem::create_symlink(dir / "secret.txt", dir / "page" / "leak.txt");
    const std::string root = (dir / "page").string();
    EXPECT_EQ(readStaticFile(root, "index.html", 1000), "<p>hi</p>");
    EXPECT_EQ(readStaticFile(root, "leak.txt", 1000), std::nullopt);
    EXPECT_EQ(readStaticFile(root, "missing.html", 1000), std::nullopt);
    EXPECT_EQ(readStaticFile(root, "index.html", 3), std::nullopt);  // over the cap
    std::string searched;
    EXPECT_EQ(findStudioDirectory(root, &searched), root);
    EXPECT_EQ(findStudioDirectory((dir / "none").string(), &searched), std::nullopt);
    EXPECT_NE(searched.find("none"), std::string::npos);
}
