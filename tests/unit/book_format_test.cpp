#include <gtest/gtest.h>

#include <unistd.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "engine/core/byte_order.h"
#include "engine/core/fnv.h"
#include "engine/core/position.h"
#include "opening-book/book.h"
#include "opening-book/book_file.h"
#include "opening-book/symmetry.h"
#include "tests/unit/random_position.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;
// A small book of `count` positions along random lines, each with up to `perEntry` moves.
Book smallBook(int n, int count, int perEntry, uint64_t seed) {
    std::mt19937_64 rng(seed);
    Book book(n);
    for (int i = 0; book.size() < static_cast<size_t>(count); ++i) {
        BookEntry e;
        e.position = randomPosition(n, i % 4, rng);
        e.searchVisits = 1000 + static_cast<uint32_t>(rng() % 5000);
        MoveList moves;
        e.position.generateMoves(moves);
        for (int k = 0; k < perEntry && !moves.empty(); ++k) {
            const size_t j = rng() % moves.size();
            BookMove bm;
            bm.move = moves[j];
            moves.erase(moves.begin() + static_cast<long>(j));
            bm.visits = static_cast<uint32_t>(rng() % 900);
            bm.value = static_cast<float>(rng() % 10001) / 10000.0f;
            bm.searchValue = static_cast<float>(rng() % 10001) / 10000.0f;
            e.moves.push_back(bm);
        }
        book.store(e);
    }
    return book;
}

void expectSameBook(const Book& a, const Book& b) {
    ASSERT_EQ(a.boardSize(), b.boardSize());
    ASSERT_EQ(a.size(), b.size());
    for (const auto& [key, entry] : a.entries()) {
        const auto it = b.entries().find(key);
        ASSERT_NE(it, b.entries().end());
        EXPECT_EQ(it->second, entry);
    }
}

// Expects parseBook to throw a message starting with "<name>: " and containing `part`.
void expectRefused(const std::string& bytes, const std::string& part) {
    try {
        parseBook(bytes, "test.book");
        FAIL() << "accepted; expected '" << part << "'";
    } catch (const BookError& e) {
        const std::string what = e.what();
        EXPECT_TRUE(what.starts_with("test.book: ")) << what;
        EXPECT_NE(what.find(part), std::string::npos) << what;
    }
}
// After editing the payload: the checksum made right again, so the deeper checks are reached.
void fixChecksum(std::string& b) {
    setLE(b, 32, fnv1a64(std::string_view(b).substr(40)), 8);
}

TEST(BookFormat, HeaderLayoutIsAsDocumented) {
    const Book book = smallBook(6, 5, 3, 1);
    const std::string b = serializeBook(book);
    EXPECT_EQ(b.substr(0, 8), "HIPPBOOK");
    EXPECT_EQ(getLE(b, 8, 4), 1u);
    EXPECT_EQ(getLE(b, 12, 4), 6u);
    EXPECT_EQ(getLE(b, 16, 8), 5u);
    EXPECT_EQ(getLE(b, 24, 8), b.size() - 40);
    EXPECT_EQ(getLE(b, 32, 8), fnv1a64(std::string_view(b).substr(40)));
    // The first entry: the least key, then the squares of its normal-orientation position.
    uint64_t least = ~0ULL;
    for (const auto& [key, entry] : book.entries())
        least = std::min(least, key);
    EXPECT_EQ(getLE(b, 40, 8), least);
    const Position& pos = book.entries().at(least).position;
    for (int sq = 0; sq < 36; ++sq) {
        const unsigned code = (static_cast<unsigned char>(b[48 + sq / 4]) >> (2 * (sq % 4))) & 3;
        EXPECT_EQ(code, static_cast<unsigned>(pos.at(sq))) << "square " << sq;
    }
}

TEST(BookFormat, SaveLoadRoundTrip) {
    TestDir dir;
    const Book book = smallBook(10, 12, 5, 2);
    const fs::path path = dir.path() / "a.book";
    saveBook(book, path);
    const Book back = loadBook(path);
    expectSameBook(book, back);
    EXPECT_EQ(serializeBook(back), serializeBook(book));
    // Overwriting keeps exactly one complete file and no temporary beside it.
    saveBook(smallBook(10, 3, 2, 3), path);
    EXPECT_EQ(loadBook(path).size(), 3u);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

TEST(BookFormat, SaveIntoAMissingDirectoryFailsCleanly) {
    TestDir dir;
    const fs::path path = dir.path() / "no-such-dir" / "a.book";
    EXPECT_THROW(saveBook(smallBook(6, 2, 2, 4), path), BookError);
    EXPECT_FALSE(fs::exists(path));
}

TEST(BookFormat, SerializeIsDeterministic) {
    const Book a = smallBook(8, 10, 4, 5);
    EXPECT_EQ(serializeBook(a), serializeBook(a));
    // The same entries stored in the opposite order give the same bytes.
    std::vector<BookEntry> stored;
    for (const auto& [key, entry] : a.entries())
        stored.push_back(entry);
    Book forward(8), backward(8);
    for (const BookEntry& e : stored)
        forward.store(e);
    for (auto it = stored.rbegin(); it != stored.rend(); ++it)
        backward.store(*it);
    EXPECT_EQ(serializeBook(forward), serializeBook(a));
    EXPECT_EQ(serializeBook(backward), serializeBook(a));
    // An empty book is a header only.
    EXPECT_EQ(serializeBook(Book(5)).size(), 40u);
    EXPECT_EQ(parseBook(serializeBook(Book(5)), "empty").boardSize(), 5);
}

TEST(BookFormat, RefusesWrongMagicVersionAndSize) {
    const std::string good = serializeBook(smallBook(6, 4, 3, 6));
    std::string b = good;
    b[0] = 'X';
    expectRefused(b, "not a Hippolyta book");
    expectRefused("", "not a Hippolyta book");
    expectRefused("HIPP", "not a Hippolyta book");
    b = good;
    setLE(b, 8, 2, 4);
    expectRefused(b, "version 2, this engine reads 1");
    for (uint64_t size : {0u, 3u, 12u, 1000u}) {
        b = good;
        setLE(b, 12, size, 4);
        expectRefused(b, "board size " + std::to_string(size) + " is not 4..11");
    }
    // A valid other size is just another book.
    EXPECT_EQ(parseBook(serializeBook(smallBook(7, 3, 2, 6)), "seven").boardSize(), 7);
}

TEST(BookFormat, RefusesEveryTruncation) {
    const std::string good = serializeBook(smallBook(5, 4, 3, 7));
    ASSERT_NO_THROW(parseBook(good, "test.book"));
    for (size_t len = 0; len < good.size(); ++len)
        EXPECT_THROW(parseBook(good.substr(0, len), "test.book"), BookError) << "length " << len;
    expectRefused(good.substr(0, good.size() - 1), "truncated");
    expectRefused(good + "x", "damaged");
}

TEST(BookFormat, RefusesEveryFlippedByte) {
    const std::string good = serializeBook(smallBook(5, 4, 3, 8));
    for (size_t i = 0; i < good.size(); ++i) {
        for (unsigned mask : {0x01u, 0x80u, 0xffu}) {
            std::string b = good;
            b[i] = static_cast<char>(b[i] ^ mask);
            EXPECT_THROW(parseBook(b, "test.book"), BookError) << "byte " << i << " mask " << mask;
        }
    }
    std::string b = good;
    b[50] = static_cast<char>(b[50] ^ 4);
    expectRefused(b, "damaged: checksum mismatch");
}

TEST(BookFormat, RefusesImplausibleEntryCountBeforeAllocating) {
    std::string b = serializeBook(smallBook(6, 2, 1, 9));
    setLE(b, 16, ~0ULL, 8);
    expectRefused(b, "can't fit");
}

TEST(BookFormat, RefusesInconsistentEntriesEvenWithAGoodChecksum) {
    const Book book = smallBook(6, 1, 2, 10);
    const std::string good = serializeBook(book);
    const BookEntry& entry = book.entries().begin()->second;
    const size_t squares = 48, side = 48 + 9, movesAt = side + 1 + 4 + 2;
    ASSERT_EQ(getLE(good, side + 5, 2), entry.moves.size());

    std::string b = good;  // another key: a planted entry
    setLE(b, 40, getLE(b, 40, 8) ^ 1, 8);
    fixChecksum(b);
    expectRefused(b, "key does not match");

    b = good;  // side to move 2
    b[side] = 2;
    fixChecksum(b);
    expectRefused(b, "side to move");

    b = good;  // the other side to move: white's moves are illegal for black
    b[side] = static_cast<char>(b[side] ^ 1);
    fixChecksum(b);
    expectRefused(b, "entry 1: an illegal move");

    b = good;  // the pieces of one colour removed
    for (int sq = 0; sq < 36; ++sq) {
        const size_t at = squares + sq / 4;
        if (((static_cast<unsigned char>(b[at]) >> (2 * (sq % 4))) & 3) == 2)
            b[at] = static_cast<char>(b[at] & ~(3 << (2 * (sq % 4))));
    }
    fixChecksum(b);
    expectRefused(b, "amazons");

    b = good;  // a move from an empty square
    setLE(b, movesAt, 35, 1);
    ASSERT_EQ(entry.position.at(35), Piece::Empty);
    fixChecksum(b);
    expectRefused(b, "illegal move");

    b = good;  // a move off the board
    setLE(b, movesAt + 1, 200, 1);
    fixChecksum(b);
    expectRefused(b, "illegal move");

    for (float bad : {std::nanf(""), -0.0f, -0.5f, 1.5f, INFINITY}) {
        b = good;
        setLE(b, movesAt + 7, std::bit_cast<uint32_t>(bad), 4);
        fixChecksum(b);
        expectRefused(b, "outside [0,1]");
    }

    b = good;  // the two moves swapped: not the book's order
    ASSERT_EQ(entry.moves.size(), 2u);
    std::string first = b.substr(movesAt, 15);
    b.replace(movesAt, 15, b.substr(movesAt + 15, 15));
    b.replace(movesAt + 15, 15, first);
    fixChecksum(b);
    if (!(entry.moves[0].value == entry.moves[1].value &&
          entry.moves[0].visits == entry.moves[1].visits))
        expectRefused(b, "order");

    b = good;  // the same move twice
    b.replace(movesAt + 15, 3, b.substr(movesAt, 3));
    fixChecksum(b);
    expectRefused(b, "twice");
}

TEST(BookFormat, SurvivesRandomDamageBehindAGoodChecksum) {
    // Hostile bytes with the checksum made right reach the entry checks: each try must either
    // load a consistent book or throw BookError (no crash, no hang).
    const std::string good = serializeBook(smallBook(6, 6, 4, 13));
    std::mt19937_64 rng(2024);
    int accepted = 0;
    for (int trial = 0; trial < 3000; ++trial) {
        std::string b = good;
        const int flips = 1 + static_cast<int>(rng() % 4);
        for (int k = 0; k < flips; ++k)
            b[40 + rng() % (b.size() - 40)] = static_cast<char>(rng());
        fixChecksum(b);
        try {
            const Book book = parseBook(b, "fuzz");
            for (const auto& [key, entry] : book.entries())
                ASSERT_EQ(normalForm(entry.position).key, key);
            ++accepted;
        } catch (const BookError& e) {
            ASSERT_TRUE(std::string(e.what()).starts_with("fuzz: ")) << e.what();
        }
    }
    // Only changes to visits (or values that stay in order) can pass.
    EXPECT_LT(accepted, 3000);
}

TEST(BookFormat, RefusesKeysOutOfOrder) {
    const Book book = smallBook(6, 2, 0, 11);
    std::string b = serializeBook(book);
    const size_t entryBytes = (b.size() - 40) / 2;  // no moves: both entries have one size
    const std::string first = b.substr(40, entryBytes);
    b.replace(40, entryBytes, b.substr(40 + entryBytes, entryBytes));
    b.replace(40 + entryBytes, entryBytes, first);
    fixChecksum(b);
    expectRefused(b, "increasing order");
}

TEST(BookFormat, LoadNamesMissingAndEmptyFiles) {
    TestDir dir;
    const fs::path missing = dir.path() / "missing.book";
    try {
        loadBook(missing);
        FAIL();
    } catch (const BookError& e) {
        EXPECT_EQ(std::string(e.what()), missing.string() + ": no such file");
    }
    const fs::path empty = dir.path() / "empty.book";
    std::ofstream(empty).close();
    try {
        loadBook(empty);
        FAIL();
    } catch (const BookError& e) {
        EXPECT_EQ(std::string(e.what()), empty.string() + ": not a Hippolyta book");
    }
    EXPECT_THROW(loadBook(dir.path()), BookError);  // a directory
}

TEST(BookFormat, TextRoundTripIsByteIdentical) {
    for (int n : {4, 10}) {
        const Book book = smallBook(n, 8, 4, 12);
        std::stringstream text;
        exportBookText(book, text);
        const Book back = importBookText(text);
        expectSameBook(book, back);
        EXPECT_EQ(serializeBook(back), serializeBook(book));
    }
    // Values not rounded by store() (storeExact) still come back exactly.
    Book exact(6);
    BookEntry e;
    e.position = Position::start(6);
    MoveList moves;
    e.position.generateMoves(moves);
    e.moves = {{moves[0], 7, 0.123456789f, 1.0f}, {moves[5], 9, 1e-7f, 0.33333334f}};
    exact.storeExact(e);
    std::stringstream text;
    exportBookText(exact, text);
    EXPECT_NE(text.str().find("value 0.12345679 search 1.0000"), std::string::npos) << text.str();
    EXPECT_EQ(serializeBook(importBookText(text)), serializeBook(exact));
    // An empty book keeps its size through the text.
    std::stringstream empty;
    exportBookText(Book(9), empty);
    EXPECT_EQ(importBookText(empty).boardSize(), 9);
}

TEST(BookFormat, TextShowsFourDecimalsForStoredValues) {
    Book book(6);
    BookEntry e;
    e.position = Position::start(6);
    MoveList moves;
    e.position.generateMoves(moves);
    e.moves = {{moves[3], 120, 0.61237f, 0.5f}};
    book.store(e);
    std::stringstream text;
    exportBookText(book, text);
    EXPECT_NE(text.str().find(" visits 120 value 0.6124 search 0.5000\n"), std::string::npos)
        << text.str();
    EXPECT_EQ(book.lookup(e.position)->moves[0].value, 0.6124f);
}

TEST(BookFormat, TextAcceptsHandWrittenPositionsInAnyOrientation) {
    // Written from the position's own orientation (not the normal one) with comments.
    std::istringstream text(
        "# a hand-made book\n"
        "\n"
        "position 1B2/4/4/W3 w visits 50\n"
        "  move a1-a2/a1 visits 10 value 0.5 search 0.5\n"
        "  # moves may be commented out\n"
        "  move a1-b2/c3 visits 20 value 0.75 search 0.7\n");
    const Book book = importBookText(text);
    ASSERT_EQ(book.boardSize(), 4);
    Position pos = Position::emptyBoard(4);
    pos.place(0, Piece::WhiteAmazon);
    pos.place(13, Piece::BlackAmazon);
    const auto entry = book.lookup(pos);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->searchVisits, 50u);
    ASSERT_EQ(entry->moves.size(), 2u);
    EXPECT_EQ(entry->moves[0].move, (Move{0, 5, 10}));  // best first
    EXPECT_EQ(entry->moves[0].visits, 20u);
    EXPECT_EQ(entry->moves[1].move, (Move{0, 4, 0}));
}

void expectTextError(const std::string& text, const std::string& message) {
    std::istringstream in(text);
    try {
        importBookText(in);
        FAIL() << "accepted:\n" << text;
    } catch (const BookError& e) {
        EXPECT_TRUE(std::string(e.what()).starts_with(message)) << e.what();
    }
}

TEST(BookFormat, TextErrorsNameTheLine) {
    const std::string pos = "position 1B2/4/4/W3 w visits 50\n";
    expectTextError("# c\nbogus 1\n", "line 2: unknown line 'bogus'");
    expectTextError("  move a1-a2/a1 visits 1 value 0.5 search 0.5\n",
                    "line 1: a move before any position");
    expectTextError("position 1B2/4/4/W3 x visits 5\n", "line 1: bad position string");
    expectTextError("position 1B2/4/4/W3 w visits -5\n", "line 1: bad visits '-5'");
    expectTextError("position 1B2/4/4/W3 w visit 5\n", "line 1: expected 'visits'");
    expectTextError(pos + "  move a1-b4/a1 visits 1 value 0.5 search 0.5\n",
                    "line 2: illegal move a1-b4/a1");
    expectTextError(pos + "  move a1-a9/a1 visits 1 value 0.5 search 0.5\n", "line 2: bad move");
    expectTextError(pos + "  move a1-a2/a1 visits 1 value 1.5 search 0.5\n",
                    "line 2: bad value '1.5'");
    expectTextError(pos + "  move a1-a2/a1 visits 1 value 0.5 search nan\n",
                    "line 2: bad search value 'nan'");
    expectTextError(pos + "  move a1-a2/a1 visits 1 value 0.5\n", "line 2: expected 'move");
    expectTextError(pos + "  move a1-a2/a1 visits 1 value 0.5 search 0.5\n" +
                        "  move a1-a2/a1 visits 2 value 0.5 search 0.5\n",
                    "line 3: move a1-a2/a1 listed twice");
    expectTextError(pos + "\n" + pos, "line 3: position listed twice");
    // Its left-right mirror is the same book position.
    expectTextError(pos + "position 2B1/4/4/3W w visits 5\n", "line 2: position listed twice");
    expectTextError(pos + "position 1B3/5/5/5/W4 w visits 5\n", "line 2: a 5x5 position");
    expectTextError("board 6\n" + pos, "line 2: a 4x4 position in a book for 6x6");
    expectTextError("board 12\n", "line 1: board size 12 is not 4..11");
    expectTextError(pos + "board 4\n", "line 2: 'board' must come once");
    expectTextError("position 1W2/4/4/W3 w visits 50\n", "line 1: bad position string");
    expectTextError("position 1B2/4/B3/W3 w visits 50\n", "line 1: can't store");
    expectTextError("# nothing\n", "line 1: no board size");
}

}  // namespace
}  // namespace hippolyta
