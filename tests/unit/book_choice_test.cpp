#include <gtest/gtest.h>

#include <map>
#include <random>

#include "engine/core/position.h"
#include "opening-book/book.h"
#include "opening-book/symmetry.h"

namespace hippolyta {
namespace {

// White's first move on 10x10 and then a black reply: a position with no symmetry.
Position asymmetricPosition() {
    Position pos = Position::start(10);
    MoveList moves;
    pos.generateMoves(moves);
    pos.makeMove(moves[17]);
    pos.generateMoves(moves);
    pos.makeMove(moves[401]);
    return pos;
}

MoveList legalMoves(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    return moves;
}

// Moves 0..5 of the position: two sound candidates (0 and 1), one well searched just outside
// the variety (2), one searched less than minVisits (3), one far worse (4) and one with the best
// value from a handful of visits (5): noise, never the best nor a candidate.
struct Fixture {
    Position pos = asymmetricPosition();
    MoveList moves = legalMoves(pos);
    Book book{10};
    BookPolicy policy{0.02, 100, 0.40};

    Fixture() {
        BookEntry e;
        e.position = pos;
        e.searchVisits = 5000;
        e.moves = {{moves[0], 1000, 0.60f, 0.6f}, {moves[1], 500, 0.59f, 0.6f},
                   {moves[2], 3000, 0.57f, 0.6f}, {moves[3], 60, 0.60f, 0.6f},
                   {moves[4], 400, 0.30f, 0.3f},  {moves[5], 10, 0.80f, 0.8f}};
        book.store(e);
    }
};

TEST(BookChoice, LookupSortsBestFirstAndMapsBack) {
    Fixture f;
    const auto entry = f.book.lookup(f.pos);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->position, f.pos);
    EXPECT_EQ(entry->searchVisits, 5000u);
    ASSERT_EQ(entry->moves.size(), 6u);
    EXPECT_EQ(entry->moves[0].move, f.moves[5]);  // 0.80
    EXPECT_EQ(entry->moves[1].move, f.moves[0]);  // 0.60, 1000 visits
    EXPECT_EQ(entry->moves[2].move, f.moves[3]);  // 0.60, 60 visits
    EXPECT_EQ(entry->moves[3].move, f.moves[1]);
    EXPECT_EQ(entry->moves[4].move, f.moves[2]);
    EXPECT_EQ(entry->moves[5].move, f.moves[4]);
    EXPECT_TRUE(f.book.contains(f.pos));
    EXPECT_FALSE(f.book.contains(Position::start(10)));
    EXPECT_FALSE(f.book.lookup(Position::start(8)));
}

TEST(BookChoice, EveryImageOfThePositionFindsTheMappedMoves) {
    Fixture f;
    const auto original = *f.book.lookup(f.pos);
    for (int s = 0; s < kSymmetryCount; ++s) {
        const Position img = transformPosition(f.pos, s);
        const auto entry = f.book.lookup(img);
        ASSERT_TRUE(entry) << "s=" << s;
        ASSERT_EQ(entry->moves.size(), original.moves.size());
        for (size_t i = 0; i < original.moves.size(); ++i) {
            EXPECT_EQ(entry->moves[i].move, transformMove(original.moves[i].move, 10, s));
            EXPECT_EQ(entry->moves[i].visits, original.moves[i].visits);
        }
        std::mt19937_64 rng(1);
        BookPolicy best = f.policy;
        best.variety = 0;
        const auto chosen = chooseBookMove(f.book, img, best, rng);
        ASSERT_TRUE(chosen);
        EXPECT_EQ(chosen->move, transformMove(f.moves[0], 10, s));
    }
    EXPECT_EQ(f.book.size(), 1u);
}

TEST(BookChoice, SameSeedSameChoices) {
    Fixture f;
    std::mt19937_64 a(77), b(77), c(78);
    std::vector<uint32_t> sa, sb, sc;
    for (int i = 0; i < 60; ++i) {
        sa.push_back(chooseBookMove(f.book, f.pos, f.policy, a)->move.packed());
        sb.push_back(chooseBookMove(f.book, f.pos, f.policy, b)->move.packed());
        sc.push_back(chooseBookMove(f.book, f.pos, f.policy, c)->move.packed());
    }
    EXPECT_EQ(sa, sb);
    EXPECT_NE(sa, sc);  // both candidates show up: another seed gives another sequence
}

TEST(BookChoice, VarietyZeroAlwaysPlaysTheBestWellSearchedMove) {
    Fixture f;
    f.policy.variety = 0;
    std::mt19937_64 rng(3);
    for (int i = 0; i < 200; ++i)
        ASSERT_EQ(chooseBookMove(f.book, f.pos, f.policy, rng)->move, f.moves[0]);
}

TEST(BookChoice, OddsFollowVisitsAndOutOfRangeMovesNeverPlay) {
    Fixture f;
    std::mt19937_64 rng(12345);
    std::map<uint32_t, int> counts;
    const int draws = 6000;
    for (int i = 0; i < draws; ++i)
        ++counts[chooseBookMove(f.book, f.pos, f.policy, rng)->move.packed()];
    EXPECT_EQ(counts.size(), 2u);
    // Only the two within 0.02 of the best with enough visits: odds 1000 : 500.
    const double best = counts[f.moves[0].packed()] / static_cast<double>(draws);
    EXPECT_NEAR(best, 2.0 / 3.0, 0.04);
    EXPECT_EQ(counts[f.moves[0].packed()] + counts[f.moves[1].packed()], draws);
}

TEST(BookChoice, WiderVarietyAdmitsMoreMoves) {
    Fixture f;
    f.policy.variety = 0.05;  // now move 2 (0.57, 3000 visits) is in; move 3 still too thin
    std::mt19937_64 rng(9);
    std::map<uint32_t, int> counts;
    for (int i = 0; i < 3000; ++i)
        ++counts[chooseBookMove(f.book, f.pos, f.policy, rng)->move.packed()];
    EXPECT_EQ(counts.size(), 3u);
    EXPECT_EQ(counts.count(f.moves[3].packed()), 0u);
    EXPECT_EQ(counts.count(f.moves[4].packed()), 0u);
    EXPECT_EQ(counts.count(f.moves[5].packed()), 0u);
    EXPECT_GT(counts[f.moves[2].packed()], counts[f.moves[0].packed()]);
}

TEST(BookChoice, UnsoundOrMissingGivesNothing) {
    Fixture f;
    std::mt19937_64 rng(1);
    BookPolicy strict = f.policy;
    strict.variety = 0;
    strict.minVisits = 1001;  // move 0 has 1000: the best is now move 2 (3000 visits)
    EXPECT_EQ(chooseBookMove(f.book, f.pos, strict, rng)->move, f.moves[2]);
    strict.minVisits = 3001;  // no move has that many
    EXPECT_FALSE(chooseBookMove(f.book, f.pos, strict, rng));
    strict = f.policy;
    strict.minValue = 0.61;  // the best is worth 0.60
    EXPECT_FALSE(chooseBookMove(f.book, f.pos, strict, rng));
    EXPECT_TRUE(chooseBookMove(f.book, f.pos, f.policy, rng));
    EXPECT_FALSE(chooseBookMove(f.book, Position::start(10), f.policy, rng));
    EXPECT_FALSE(chooseBookMove(Book(10), f.pos, f.policy, rng));
    // An entry with no moves.
    BookEntry bare;
    bare.position = Position::start(10);
    f.book.store(bare);
    EXPECT_FALSE(chooseBookMove(f.book, Position::start(10), f.policy, rng));
}

TEST(BookChoice, NoVisitsAtAllStillGivesTheBest) {
    Fixture f;
    BookEntry e;
    e.position = Position::start(10);
    const MoveList moves = legalMoves(e.position);
    e.moves = {{moves[0], 0, 0.5f, 0.5f}, {moves[1], 0, 0.6f, 0.5f}};
    f.book.store(e);
    f.policy.minVisits = 0;
    std::mt19937_64 rng(4);
    EXPECT_EQ(chooseBookMove(f.book, e.position, f.policy, rng)->move, moves[1]);
}

TEST(BookChoice, LookupGuardsAgainstCollisionsAndIllegalMoves) {
    Fixture f;
    const uint64_t key = normalForm(f.pos).key;
    ASSERT_EQ(f.book.entries().count(key), 1u);
    BookEntry& stored = f.book.entries().at(key);
    // An illegal move planted in storage is dropped by lookup.
    stored.moves.insert(stored.moves.begin(), BookMove{Move{0, 0, 0}, 9999, 0.9f, 0.9f});
    const auto entry = f.book.lookup(f.pos);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->moves.size(), 6u);
    EXPECT_EQ(entry->moves[0].move, f.moves[5]);
    // Another position under the key (a collision) is not taken for this one.
    stored.position = Position::start(10);
    EXPECT_FALSE(f.book.lookup(f.pos));
}

TEST(BookChoice, StoreRefusesBadEntries) {
    Book book(10);
    BookEntry e;
    e.position = Position::start(8);
    EXPECT_THROW(book.store(e), BookError);  // another size
    e.position = Position::start(10);
    e.moves = {{Move{0, 1, 2}, 10, 0.5f, 0.5f}};
    EXPECT_THROW(book.store(e), BookError);  // illegal
    const MoveList moves = legalMoves(e.position);
    e.moves = {{moves[0], 10, 0.5f, 0.5f}, {moves[0], 11, 0.5f, 0.5f}};
    EXPECT_THROW(book.store(e), BookError);  // twice
    e.moves = {{moves[0], 10, 1.2f, 0.5f}};
    EXPECT_THROW(book.store(e), BookError);
    e.moves = {{moves[0], 10, 0.5f, std::numeric_limits<float>::quiet_NaN()}};
    EXPECT_THROW(book.store(e), BookError);
    EXPECT_TRUE(book.empty());
    EXPECT_THROW(Book(3), BookError);
    EXPECT_THROW(Book(12), BookError);
}

TEST(BookMerge, AddsNewPositionsAndKeepsTheBetterSearched) {
    const Position p = asymmetricPosition();
    const Position q = Position::start(10);
    const MoveList pm = legalMoves(p), qm = legalMoves(q);
    Book a(10), b(10);
    a.store({p, 1000, {{pm[0], 500, 0.55f, 0.5f}, {pm[1], 400, 0.52f, 0.5f}}});
    // b saw p (mirrored) with a bigger search: its numbers win; pm[2] is new; pm[1] stays.
    const Position mirror = transformPosition(p, 4);
    b.store({mirror,
             4000,
             {{transformMove(pm[0], 10, 4), 2500, 0.58f, 0.57f},
              {transformMove(pm[2], 10, 4), 1200, 0.60f, 0.61f}}});
    b.store({q, 300, {{qm[7], 200, 0.5f, 0.5f}}});
    mergeBook(a, b);
    ASSERT_EQ(a.size(), 2u);
    const auto e = a.lookup(p);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->searchVisits, 4000u);
    ASSERT_EQ(e->moves.size(), 3u);
    EXPECT_EQ(e->moves[0].move, pm[2]);  // re-sorted best first
    EXPECT_EQ(e->moves[1].move, pm[0]);
    EXPECT_EQ(e->moves[1].visits, 2500u);
    EXPECT_EQ(e->moves[2].move, pm[1]);
    EXPECT_EQ(e->moves[2].visits, 400u);
    EXPECT_TRUE(a.contains(q));
    // b is unchanged, and merging again changes nothing.
    EXPECT_EQ(b.size(), 2u);
    const Book before = a;
    mergeBook(a, b);
    EXPECT_EQ(a.entries(), before.entries());
}

TEST(BookMerge, TheBiggerSearchInAWinsToo) {
    const Position p = asymmetricPosition();
    const MoveList pm = legalMoves(p);
    Book a(10), b(10);
    a.store({p, 9000, {{pm[0], 500, 0.55f, 0.5f}}});
    b.store({p, 100, {{pm[0], 50, 0.9f, 0.9f}, {pm[3], 40, 0.2f, 0.2f}}});
    mergeBook(a, b);
    const auto e = a.lookup(p);
    ASSERT_TRUE(e);
    EXPECT_EQ(e->searchVisits, 9000u);
    ASSERT_EQ(e->moves.size(), 2u);
    EXPECT_EQ(e->moves[0].move, pm[0]);
    EXPECT_EQ(e->moves[0].value, 0.55f);
    EXPECT_EQ(e->moves[1].move, pm[3]);
}

TEST(BookMerge, RefusesOtherBoardSizes) {
    Book a(10), b(8);
    EXPECT_THROW(mergeBook(a, b), BookError);
}

}  // namespace
}  // namespace hippolyta
