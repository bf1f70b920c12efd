// The engine's use of the opening book through GTP: --book, amz-book, a damaged file, the
// baseline players, and the fallback to search out of book.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/core/notation.h"
#include "opening-book/book_file.h"
#include "protocol/gtp_session.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

// A 6x6 book of one position, the start, with two sound moves and one barely searched.
Book startBook() {
    Book book(6);
    BookEntry entry;
    entry.position = Position::start(6);
    entry.searchVisits = 3000;
    entry.moves = {{parseMove("b1-b5/e2", 6), 2000, 0.56f, 0.55f},
                   {parseMove("e1-e5/b2", 6), 900, 0.55f, 0.54f},
                   {parseMove("a2-a4/d1", 6), 10, 0.70f, 0.70f}};
    book.store(entry);
    return book;
}

class GtpBookTest : public ::testing::Test {
  protected:
    GtpBookTest() { saveBook(startBook(), dir_ / "6x6.book"); }

    static EngineConfig config(const std::string& player = "mcts") {
        EngineConfig c;
        c.seed = 11;
        c.visits = 200;
        c.player = player;
        return c;
    }
    static GtpOptions withBook(const fs::path& file) {
        GtpOptions options;
        options.book.file = file.string();
        options.book.policy.variety = 0.05;
        options.book.seed = 5;
        return options;
    }
    // The result of a command that must succeed.
    static std::string ok(GtpSession& s, const std::string& line) {
        const std::string r = s.execute(line);
        EXPECT_TRUE(r.starts_with("= ")) << line << " -> " << r;
        return r.substr(2, r.size() - 4);
    }

    TestDir dir_;
};

TEST_F(GtpBookTest, GenmovePlaysASoundBookMoveAndListsTheBook) {
    GtpSession s(config(), withBook(dir_ / "6x6.book"));
    ok(s, "boardsize 6");
    EXPECT_EQ(ok(s, "amz-book"),
              "a2-a4/d1 visits 10 value 0.7000 search 0.7000\n"
              "b1-b5/e2 visits 2000 value 0.5600 search 0.5500\n"
              "e1-e5/b2 visits 900 value 0.5500 search 0.5400");
    const std::string move = ok(s, "genmove w");
    EXPECT_TRUE(move == "b1-b5/e2" || move == "e1-e5/b2") << move;  // never the unsound one
    EXPECT_EQ(ok(s, "amz-book"), "");  // out of book now: the engine searched for Black
    EXPECT_NE(ok(s, "amz-book info").find("1 positions"), std::string::npos);
}

TEST_F(GtpBookTest, TheChoiceIsTheSameForTheSameSeed) {
    std::string first;
    for (int run = 0; run < 3; ++run) {
        GtpSession s(config(), withBook(dir_ / "6x6.book"));
        ok(s, "boardsize 6");
        std::string moves;
        for (int game = 0; game < 20; ++game) {
            ok(s, "clear_board");
            moves += ok(s, "reg_genmove w") + " ";
        }
        if (run == 0) first = moves;
        EXPECT_EQ(moves, first);
    }
    // Both sound moves come up (variety), the barely searched one never.
    EXPECT_NE(first.find("b1-b5/e2"), std::string::npos) << first;
    EXPECT_NE(first.find("e1-e5/b2"), std::string::npos) << first;
    EXPECT_EQ(first.find("a2-a4/d1"), std::string::npos) << first;
}

// The book knows Black's answer after b1-b5/e2; after the mirror image e1-e5/b2 it answers with
// the mirror image of that answer.
TEST_F(GtpBookTest, AMirroredPositionGetsTheMirroredMove) {
    Book book = startBook();
    BookEntry reply;
    reply.position = Position::start(6);
    reply.position.makeMove(parseMove("b1-b5/e2", 6));
    reply.searchVisits = 1000;
    reply.moves = {{parseMove("a5-a3/c3", 6), 800, 0.5f, 0.5f}};
    book.store(reply);
    saveBook(book, dir_ / "two.book");
    GtpOptions options = withBook(dir_ / "two.book");
    options.book.policy.variety = 0;  // always the best
    GtpSession s(config(), options);
    ok(s, "boardsize 6");
    EXPECT_EQ(ok(s, "reg_genmove w"), "b1-b5/e2");
    ok(s, "play w e1-e5/b2");
    EXPECT_EQ(ok(s, "amz-book"), "f5-f3/d3 visits 800 value 0.5000 search 0.5000");
    EXPECT_EQ(ok(s, "genmove b"), "f5-f3/d3");
}

TEST_F(GtpBookTest, ADamagedBookIsReportedAndTheEngineSearches) {
    const fs::path bad = dir_ / "bad.book";
    std::ofstream(bad, std::ios::binary) << "HIPPBOOK this is not a book";
    GtpSession s(config(), withBook(bad));
    ok(s, "boardsize 6");
    const std::string answer = s.execute("amz-book");
    EXPECT_TRUE(answer.starts_with("? no book: ")) << answer;
    EXPECT_NE(answer.find("bad.book"), std::string::npos) << answer;
    const Move m = parseMove(ok(s, "genmove w"), 6);
    EXPECT_TRUE(Position::start(6).isLegal(m));
}

TEST_F(GtpBookTest, ABookOfAnotherSizeIsNotUsed) {
    GtpSession s(config(), withBook(dir_ / "6x6.book"));
    ok(s, "boardsize 7");
    EXPECT_NE(s.execute("amz-book").find("is a 6x6 book"), std::string::npos);
    ok(s, "boardsize 6");
    EXPECT_FALSE(ok(s, "amz-book").empty());
}

TEST_F(GtpBookTest, TheDefaultDirectoryAndNoBook) {
    GtpOptions byDir;
    // The first directory lacks the book: the search goes on to the next one.
    byDir.book.directories = {(dir_ / "missing").string(), dir_.string()};
    GtpSession s(config(), byDir);
    ok(s, "boardsize 6");
    EXPECT_FALSE(ok(s, "amz-book").empty());
    ok(s, "boardsize 8");
    // Not found anywhere: the answer names every place searched.
    const std::string answer = s.execute("amz-book");
    EXPECT_NE(
        answer.find("8x8.book not found in " + (dir_ / "missing").string() + ", " + dir_.string()),
        std::string::npos)
        << answer;
    GtpSession none(config(), GtpOptions{});
    EXPECT_EQ(ok(none, "amz-book info"), "no book (disabled)");
}

TEST_F(GtpBookTest, TheBaselinePlayersIgnoreTheBook) {
    GtpOptions options = withBook(dir_ / "6x6.book");
    options.book.policy.variety = 0;
    GtpSession s(config("greedy"), options);
    ok(s, "boardsize 6");
    GtpSession plain(config("greedy"), GtpOptions{});
    ok(plain, "boardsize 6");
    EXPECT_EQ(ok(s, "genmove w"), ok(plain, "genmove w"));
}

}  // namespace
}  // namespace hippolyta
