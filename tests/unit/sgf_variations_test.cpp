// SGF variations: read into a MoveTree, written back with writeSgfTree(), for Hippolyta's own
// records and for Quarry's (its files with a branch put in by hand, as Quarry nests them).
#include <gtest/gtest.h>

#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "test_dir.h"

namespace hippolyta {
namespace {

// Every line of a tree as move text, depth first, the first child first.
std::vector<std::string> linesOf(const MoveTree& tree, int size) {
    std::vector<std::string> lines;
    std::vector<std::pair<int, std::string>> todo = {{0, ""}};
    while (!todo.empty()) {
        auto [node, text] = todo.back();
        todo.pop_back();
        if (node != 0) {
            if (!text.empty()) text += ' ';
            text += formatMove(tree.nodes[node].move, size);
        }
        const auto& children = tree.nodes[node].children;
        if (children.empty()) lines.push_back(text);
        for (auto it = children.rbegin(); it != children.rend(); ++it)
            todo.push_back({*it, text});
    }
    return lines;
}

// A legal move of `pos` other than `not_`.
Move anotherMove(const Position& pos, Move not_) {
    MoveList moves;
    pos.generateMoves(moves);
    for (Move m : moves)
        if (!(m == not_)) return m;
    ADD_FAILURE() << "no other move";
    return not_;
}

TEST(SgfVariations, AStudioTreeRoundTripsWithItsComments) {
    GameRecord record;
    record.start = Position::start(6);
    record.whiteName = "human";
    MoveTree tree;
    Position pos = record.start;
    std::vector<int> line = {0};
    std::vector<Position> positions = {pos};
    MoveList moves;
    for (int ply = 0; ply < 6; ++ply) {  // a main line of six moves, the first of each list
        moves.clear();
        pos.generateMoves(moves);
        line.push_back(tree.add(line.back(), moves.front(), pos.sideToMove()));
        pos.makeMove(moves.front());
        positions.push_back(pos);
    }
    tree.nodes[line[3]].comment = "loss 12% [mistake]";
    // Two branches after ply 2 (one two moves long) and one at the start.
    MoveList at2;
    positions[2].generateMoves(at2);
    ASSERT_GE(at2.size(), 3u);
    const int b = tree.add(line[2], at2[1], Color::White);
    Position after = positions[2];
    after.makeMove(at2[1]);
    moves.clear();
    after.generateMoves(moves);
    tree.add(b, moves.back(), Color::Black);
    tree.add(line[2], at2[2], Color::White);
    tree.add(0, anotherMove(positions[0], tree.nodes[line[1]].move), Color::White);

    const std::string text = writeSgfTree(record, tree);
    MoveTree back;
    const GameRecord read = readSgf(text, &back);
    EXPECT_EQ(read.start, record.start);
    EXPECT_EQ(read.moves, tree.movesOf(tree.mainLine()));  // the main line is the record
    EXPECT_EQ(linesOf(back, 6), linesOf(tree, 6));
    EXPECT_EQ(linesOf(back, 6).size(), 4u);
    EXPECT_EQ(back.nodes[back.mainLine()[3]].comment, "loss 12% [mistake]");
    EXPECT_EQ(writeSgfTree(read, back), text);  // and the text is stable
}

TEST(SgfVariations, QuarryFileWithABranchKeepsBothLines) {
    const std::string quarry = quarrySample("full-game.sgf");
    const GameRecord main = readSgf(quarry);
    // Quarry's nesting: the main line and the variation each in parentheses after ply 4.
    std::size_t cut = 0;
    for (int node = 0; node < 6; ++node)
        cut = quarry.find(';', cut + 1);  // past the root and four moves: at the fifth move
    Position pos = main.start;
    for (int i = 0; i < 4; ++i)
        pos.makeMove(main.moves[i]);
    const Move other = anotherMove(pos, main.moves[4]);
    const std::string end = quarry.substr(quarry.rfind(')'));
    const std::string body = quarry.substr(cut, quarry.rfind(')') - cut);
    const std::string branched = quarry.substr(0, cut) + "(" + body + ")\n(;W[" +
                                 sgfPoint(other.from, 10) + sgfPoint(other.to, 10) +
                                 sgfPoint(other.arrow, 10) + "]C[try this])" + end;
    MoveTree tree;
    const GameRecord read = readSgf(branched, &tree);
    EXPECT_EQ(read.moves, main.moves);
    const std::vector<std::string> lines = linesOf(tree, 10);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(tree.moveCount(), 88u);
    const int branch = tree.mainLine()[4];
    ASSERT_EQ(tree.nodes[branch].children.size(), 2u);
    const int second = tree.nodes[branch].children[1];
    EXPECT_EQ(tree.nodes[second].move, other);
    EXPECT_EQ(tree.nodes[second].mover, Color::White);
    EXPECT_EQ(tree.nodes[second].comment, "try this");
    // Written by us and read again: the same two lines.
    MoveTree again;
    readSgf(writeSgfTree(read, tree), &again);
    EXPECT_EQ(linesOf(again, 10), lines);
}

TEST(SgfVariations, AnIllegalMoveOrSetUpInAVariationIsAnError) {
    const std::string head = "(;FF[4]GM[18]SZ[6]PL[W]";
    const GameRecord r = readSgf(head + ")");
    MoveList moves;
    r.start.generateMoves(moves);
    const Move m = moves.front();
    const std::string ok =
        ";W[" + sgfPoint(m.from, 6) + sgfPoint(m.to, 6) + sgfPoint(m.arrow, 6) + "]";
    MoveTree tree;
    EXPECT_NO_THROW(readSgf(head + "(" + ok + ")(" + ok + "))", &tree));
    EXPECT_EQ(tree.moveCount(), 1u);  // the same move twice is one node
    EXPECT_THROW(readSgf(head + "(" + ok + ")(;W[aaaaaa]))", &tree), RecordError);
    EXPECT_THROW(readSgf(head + "(" + ok + ")(;AA[cc]" + ok + "))", &tree), RecordError);
    EXPECT_THROW(readSgf(head + "(" + ok + ")(;W[a", &tree), RecordError);
}

TEST(MoveTree, CutDetachesASubtreeAndLinesFollowFirstChildren) {
    MoveTree tree;
    const Move a{1, 2, 3}, b{4, 5, 6}, c{7, 8, 9};
    const int na = tree.add(0, a, Color::White);
    const int nb = tree.add(na, b, Color::Black);
    const int nc = tree.add(na, c, Color::Black);
    EXPECT_EQ(tree.add(na, b, Color::Black), nb);
    EXPECT_EQ(tree.mainLine(), (std::vector<int>{0, na, nb}));
    EXPECT_EQ(tree.lineFrom(nc), (std::vector<int>{0, na, nc}));
    tree.cut(nb);
    EXPECT_EQ(tree.mainLine(), (std::vector<int>{0, na, nc}));
    EXPECT_EQ(tree.moveCount(), 2u);
    EXPECT_EQ(tree.child(na, b), -1);
}

}  // namespace
}  // namespace hippolyta
