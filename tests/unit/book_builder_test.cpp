// The opening-book builder: best-first order, exact back-up, resuming after a kill, refusing a
// damaged book, the real analyser's determinism, and the hippolyta-book tool end to end.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "engine/core/notation.h"
#include "opening-book/book_file.h"
#include "opening-book/book_tree.h"
#include "opening-book/builder.h"
#include "opening-book/symmetry.h"
#include "tests/unit/child_wait.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;

class BookBuilderTest : public ::testing::Test {
  protected:
    TestDir dir_;
};

uint64_t mix(uint64_t x) {
    x ^= x >> 31;
    x *= 0x9E3779B97F4A7C15ull;
    return x ^ (x >> 29);
}

// Three moves ranked by a hash of the position and move, with values from the hash: a
// deterministic stand-in for a search.
Analysis hashAnalyser(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    std::vector<std::pair<uint64_t, Move>> ranked;
    for (const Move m : moves)
        ranked.emplace_back(mix(pos.hash() ^ mix(m.packed())), m);
    std::sort(ranked.begin(), ranked.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    Analysis a;
    a.searchVisits = 300;
    for (size_t i = 0; i < std::min<size_t>(3, ranked.size()); ++i) {
        const float v = 0.3f + 0.4f * static_cast<float>(ranked[i].first % 1000) / 1000.0f;
        a.moves.push_back(BookMove{ranked[i].second, static_cast<uint32_t>(100 >> i), v, v});
    }
    return a;
}

// Two moves: A (the first generated) worth 0.5 and B (the last) worth 0.475, so taking B costs
// 2.5 points of value: 2.5 extra plies at drop-out weight 1.
Move moveA(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    return moves.front();
}
Move moveB(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    return moves.back();
}
Analysis twoMoveAnalyser(const Position& pos) {
    return Analysis{
        {BookMove{moveA(pos), 60, 0.5f, 0.5f}, BookMove{moveB(pos), 40, 0.475f, 0.475f}}, 100};
}

// Records the key and depth of every position analysed.
struct Recorder {
    Analyser inner;
    std::vector<std::pair<int, uint64_t>>* seen;
    Analysis operator()(const Position& pos) const {
        seen->emplace_back(plyCount(pos), normalForm(pos).key);
        return inner(pos);
    }
};

// Plays path (A/B letters) with the moves chosen in the normal orientation of each position,
// as the builder sees them.
uint64_t normalKeyAfter(const std::string& path, int n) {
    Position pos = Position::start(n);
    for (const char c : path) {
        pos = transformPosition(pos, normalForm(pos).symmetry);
        pos.makeMove(c == 'A' ? moveA(pos) : moveB(pos));
    }
    return normalForm(pos).key;
}

TEST_F(BookBuilderTest, ExpandsByDropoutCost) {
    std::vector<std::pair<int, uint64_t>> seen;
    BuildConfig config;
    config.boardSize = 6;
    config.maxPositions = 7;
    BookBuilder b(dir_ / "b.hbk", Recorder{twoMoveAnalyser, &seen}, config);
    const std::atomic<bool> stop{false};
    EXPECT_EQ(b.run(stop), BuildStop::Target);
    // Costs: root 0, A 1, AA 2, AAA 3, B 3.5 (one ply + 2.5 points); once B is in the book its
    // move is worth its backed-up 0.5, so BA costs 2 and BAA 3, before AAAA (4).
    const std::vector<std::string> expected = {"", "A", "AA", "AAA", "B", "BA", "BAA"};
    ASSERT_EQ(seen.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_EQ(seen[i].second, normalKeyAfter(expected[i], 6)) << "expansion " << i;
    EXPECT_EQ(b.book().size(), 7u);
    EXPECT_TRUE(fs::exists(dir_ / "b.hbk"));
}

TEST_F(BookBuilderTest, RespectsMaxDepthAndBreaksTiesByKey) {
    std::vector<std::pair<int, uint64_t>> seen;
    BuildConfig config;
    config.boardSize = 6;
    config.rule.maxDepth = 2;
    config.rule.dropoutWeight = 0;  // every move costs one ply: breadth first
    BookBuilder b(dir_ / "d.hbk", Recorder{hashAnalyser, &seen}, config);
    const std::atomic<bool> stop{false};
    EXPECT_EQ(b.run(stop), BuildStop::FrontierEmpty);
    // 1 + 3 + 9 positions unless two lines meet; all within two plies, in (depth, key) order.
    EXPECT_GE(seen.size(), 10u);
    EXPECT_LE(seen.size(), 13u);
    EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
    for (const auto& [depth, key] : seen)
        EXPECT_LE(depth, 2);
    EXPECT_EQ(b.book().size(), seen.size());
    EXPECT_FALSE(b.next().has_value());
}

// A three-level line on 6x6: root, then pa after a (or b), then pac after c (or d), then e.
struct SmallTree {
    SmallTree() {
        MoveList ms;
        root.generateMoves(ms);
        a = ms[0];
        b = ms.back();
        pa = root;
        pa.makeMove(a);
        pa.generateMoves(ms);
        c = ms[0];
        d = ms.back();
        pac = pa;
        pac.makeMove(c);
        pac.generateMoves(ms);
        e = ms[0];
    }
    const int n = 6;
    const Position root = Position::start(6);
    Position pa = root, pac = root;
    Move a, b, c, d, e;
};

TEST_F(BookBuilderTest, BackUpIsExact) {
    // root: a (search 0.6), b (0.4); after a: c (0.7), d (0.2); after a c: e (0.9).
    const SmallTree t;
    const auto& [n, root, pa, pac, a, b, c, d, e] = t;
    Book book(n);
    book.store({root, 100, {{a, 60, 0.6f, 0.6f}, {b, 40, 0.4f, 0.4f}}});
    book.store({pa, 100, {{c, 70, 0.7f, 0.7f}, {d, 30, 0.2f, 0.2f}}});
    book.store({pac, 100, {{e, 90, 0.9f, 0.9f}}});
    EdgeCache edges;
    backUpBook(book, edges);
    // pac: e 0.9 (not in book). pa: c = 1 - 0.9 = 0.1, d = 0.2 (search): d first.
    // root: a = 1 - 0.2 = 0.8, b = 0.4.
    const BookEntry ea = *book.lookup(pa);
    ASSERT_EQ(ea.moves.size(), 2u);
    EXPECT_EQ(ea.moves[0].move, d);
    EXPECT_FLOAT_EQ(ea.moves[0].value, 0.2f);
    EXPECT_FLOAT_EQ(ea.moves[1].value, 0.1f);
    EXPECT_FLOAT_EQ(ea.moves[1].searchValue, 0.7f);
    const BookEntry er = *book.lookup(root);
    EXPECT_EQ(er.moves[0].move, a);
    EXPECT_FLOAT_EQ(er.moves[0].value, 0.8f);
    EXPECT_FLOAT_EQ(er.moves[1].value, 0.4f);
    EXPECT_FLOAT_EQ(bestValue(er), 0.8);
    // Idempotent.
    const std::string once = serializeBook(book);
    backUpBook(book, edges);
    EXPECT_EQ(serializeBook(book), once);
}

// The same tree: the parent's search value of a plus pa's best search value is 1.3, c's plus
// pac's best 1.6; the optimism is half the mean excess, (0.3 + 0.6) / 4, and comes off the
// search values of the moves whose children are not in the book.
TEST_F(BookBuilderTest, CalibratedBackUpTakesTheSearchOptimismOff) {
    const SmallTree t;
    const auto& [n, root, pa, pac, a, b, c, d, e] = t;
    Book book(n);
    EdgeCache edges;
    book.store({root, 100, {{a, 60, 0.6f, 0.6f}, {b, 40, 0.4f, 0.4f}}});
    EXPECT_EQ(searchOptimism(book, edges), 0.0);  // nothing expanded yet
    book.store({pa, 100, {{c, 70, 0.7f, 0.7f}, {d, 30, 0.3f, 0.3f}}});
    book.store({pac, 100, {{e, 90, 0.9f, 0.9f}}});
    EXPECT_NEAR(searchOptimism(book, edges), 0.225, 1e-6);
    backUpCalibrated(book, edges);
    // pac: e 0.675. pa: c = 0.325, d = 0.075. root: a = 0.675, b = 0.175.
    const BookEntry ea = *book.lookup(pa);
    EXPECT_EQ(ea.moves[0].move, c);
    EXPECT_NEAR(ea.moves[0].value, 0.325, 1e-4);
    EXPECT_NEAR(ea.moves[1].value, 0.075, 1e-4);
    const BookEntry er = *book.lookup(root);
    EXPECT_EQ(er.moves[0].move, a);
    EXPECT_NEAR(er.moves[0].value, 0.675, 1e-4);
    EXPECT_NEAR(er.moves[1].value, 0.175, 1e-4);
}

TEST_F(BookBuilderTest, KeepsOneOfMirrorImageMoves) {
    // The start position is symmetric: a move and its mirror image lead to one position.
    const Analyser mirrored = [](const Position& pos) {
        int mirror = 0;
        for (int s = 1; s < kSymmetryCount && !mirror; ++s)
            if (transformPosition(pos, s) == pos) mirror = s;
        EXPECT_NE(mirror, 0);
        const Move a = moveA(pos), b = transformMove(a, pos.width(), mirror), c = moveB(pos);
        EXPECT_TRUE(pos.isLegal(b));
        return Analysis{{{a, 60, 0.5f, 0.5f}, {b, 50, 0.5f, 0.5f}, {c, 40, 0.4f, 0.4f}}, 150};
    };
    BuildConfig config;
    config.boardSize = 6;
    config.maxPositions = 1;
    BookBuilder b(dir_ / "m.hbk", mirrored, config);
    ASSERT_TRUE(b.analyseNext());
    const BookEntry e = b.book().entries().begin()->second;
    ASSERT_EQ(e.moves.size(), 2u);
    EXPECT_EQ(e.moves[0].move, moveA(e.position));
    EXPECT_EQ(e.moves[1].move, moveB(e.position));
}

BuildConfig resumeConfig(size_t positions) {
    BuildConfig c;
    c.boardSize = 6;
    c.maxPositions = positions;
    return c;
}

TEST_F(BookBuilderTest, ResumesAfterAKillAsIfNeverStopped) {
    const std::atomic<bool> stop{false};
    const fs::path pathA = dir_ / "a.hbk", pathB = dir_ / "b.hbk";
    {
        BookBuilder a(pathA, hashAnalyser, resumeConfig(25));
        EXPECT_EQ(a.run(stop), BuildStop::Target);
    }
    {
        // Killed after 9 positions: only the per-position checkpoints remain, and a stray
        // temporary file of a save that never finished.
        BookBuilder b(pathB, hashAnalyser, resumeConfig(9));
        b.run(stop);
    }
    std::ofstream(dir_ / "b.hbk.tmp-123") << "half a book";
    {
        // Killed between analysing the 10th position and writing it: that one is lost.
        BookBuilder b(pathB, hashAnalyser, resumeConfig(25));
        EXPECT_EQ(b.startEntries(), 9u);
        ASSERT_TRUE(b.analyseNext());
        EXPECT_EQ(b.book().size(), 10u);
    }
    EXPECT_EQ(loadBook(pathB).size(), 9u);
    BookBuilder b(pathB, hashAnalyser, resumeConfig(25));
    EXPECT_EQ(b.startEntries(), 9u);
    EXPECT_EQ(b.run(stop), BuildStop::Target);
    EXPECT_EQ(serializeBook(loadBook(pathA)), serializeBook(loadBook(pathB)));
    EXPECT_EQ(serializeBook(b.book()), serializeBook(loadBook(pathA)));
}

TEST_F(BookBuilderTest, StopsOnRequestWithoutStoringTheCutSearch) {
    std::atomic<bool> stop{false};
    int calls = 0;
    const Analyser stopping = [&](const Position& pos) {
        if (++calls == 3) stop = true;  // Ctrl-C during the third search
        return hashAnalyser(pos);
    };
    BookBuilder b(dir_ / "s.hbk", stopping, resumeConfig(10));
    EXPECT_EQ(b.run(stop), BuildStop::Interrupted);
    EXPECT_EQ(b.book().size(), 2u);
    EXPECT_EQ(loadBook(dir_ / "s.hbk").size(), 2u);
}

TEST_F(BookBuilderTest, RefusesADamagedOrForeignBookWithoutTouchingIt) {
    const fs::path path = dir_ / "bad.hbk";
    std::string bytes = "HIPPBOOK";
    bytes += std::string(40, '\x01');
    std::ofstream(path, std::ios::binary) << bytes;
    EXPECT_THROW(BookBuilder(path, hashAnalyser, resumeConfig(5)), BookError);
    EXPECT_EQ(fileBytes(path), bytes);

    const fs::path six = dir_ / "six.hbk";
    {
        BookBuilder b(six, hashAnalyser, resumeConfig(2));
        b.run(std::atomic<bool>{false});
    }
    const std::string good = fileBytes(six);
    BuildConfig eight = resumeConfig(5);
    eight.boardSize = 8;
    try {
        BookBuilder b(six, hashAnalyser, eight);
        ADD_FAILURE() << "a 6x6 book opened for an 8x8 build";
    } catch (const BookError& e) {
        EXPECT_NE(std::string(e.what()).find("6x6"), std::string::npos) << e.what();
    }
    EXPECT_EQ(fileBytes(six), good);
}

TEST_F(BookBuilderTest, RealAnalyserIsDeterministicAndLegal) {
    EngineAnalyserConfig ec;
    ec.memoryMb = 32;
    ec.seed = 7;
    ec.visits = 300;
    ec.movesPerPosition = 4;
    const std::atomic<bool> stop{false};
    std::string first;
    for (int round = 0; round < 2; ++round) {
        const fs::path path = dir_ / ("real" + std::to_string(round) + ".hbk");
        BookBuilder b(path, makeEngineAnalyser(ec), resumeConfig(4));
        EXPECT_EQ(b.run(stop), BuildStop::Target);
        for (const auto& [key, e] : b.book().entries()) {
            EXPECT_GE(e.searchVisits, 300u);
            ASSERT_FALSE(e.moves.empty());
            EXPECT_LE(e.moves.size(), 4u);
            for (const BookMove& m : e.moves) {
                EXPECT_TRUE(e.position.isLegal(m.move));
                EXPECT_GE(m.visits * 100, e.searchVisits);
            }
        }
        if (round == 0)
            first = serializeBook(b.book());
        else
            EXPECT_EQ(serializeBook(b.book()), first);
    }
}

TEST(BookAnalysis, KeepsTheMostVisitedMovesWithOnePercent) {
    SearchResult r;
    r.visits = 1000;
    r.move = Move{1, 2, 3};
    for (uint8_t i = 0; i < 6; ++i) {
        CandidateInfo c;
        c.move = Move{1, static_cast<uint8_t>(2 + i), 3};
        c.visits = std::vector<uint64_t>{600, 200, 100, 50, 9, 5}[i];
        c.winrate = 0.5 + 0.01 * i;
        c.proven = i == 3;
        r.candidates.push_back(c);
    }
    const Analysis a = analysisFromSearch(r, 8);
    ASSERT_EQ(a.moves.size(), 4u);  // 9 and 5 visits are under 1% of 1000
    EXPECT_EQ(a.searchVisits, 1000u);
    EXPECT_EQ(a.moves[3].value, 1.0f);  // proven: exactly 1
    EXPECT_EQ(analysisFromSearch(r, 2).moves.size(), 2u);
    r.visits = 1000000;  // even the most visited is under 1%: it stays
    EXPECT_EQ(analysisFromSearch(r, 8).moves.size(), 1u);
}

// The tool, run as a process.
struct ToolRun {
    int code = -1;
    std::string out, err;
};

class BookToolTest : public BookBuilderTest {
  protected:
    ToolRun tool(const std::vector<std::string>& args) {
        const fs::path bin = fs::path(HIPPOLYTA_BIN_DIR) / "hippolyta-book";
        ToolRun r;
        if (!fs::exists(bin)) {
            ADD_FAILURE() << bin << ": build the hippolyta-book target";
            return r;
        }
        const fs::path out = dir_ / "stdout", err = dir_ / "stderr";
        fs::remove(out);  // the redirection does not truncate
        fs::remove(err);
        bp::child c(bin.string(), bp::args(args), bp::std_in<bp::null, bp::std_out> out.string(),
                    bp::std_err > err.string());
        if (!exitedWithin(c, std::chrono::seconds(60))) {
            c.terminate();
            c.wait();
            ADD_FAILURE() << "hippolyta-book did not finish";
        }
        r.code = c.exit_code();
        r.out = fileBytes(out);
        r.err = fileBytes(err);
        return r;
    }
    std::string path(const char* name) const { return (dir_ / name).string(); }
};

TEST_F(BookToolTest, BuildInspectExportImport) {
    const std::string book = path("t.hbk");
    ToolRun r = tool({"build", "--book", book, "--size", "6", "--visits", "100", "--positions", "3",
                      "--memory", "32"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("3 positions"), std::string::npos) << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;  // one summary line
    EXPECT_NE(r.err.find("3/3"), std::string::npos) << r.err;             // progress

    r = tool({"stats", "--book", book});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("board size 6x6"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("entries 3"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("main line "), std::string::npos) << r.out;

    r = tool({"show", "--book", book, "--depth", "2"});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("[book]"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  visits "), std::string::npos) << r.out;

    const std::string text = path("t.txt"), copy = path("copy.hbk");
    ASSERT_EQ(tool({"export", "--book", book, "--out", text}).code, 0);
    r = tool({"import", "--in", text, "--book", copy});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fileBytes(copy), fileBytes(book));
    r = tool({"export", "--book", copy});
    EXPECT_EQ(r.out, fileBytes(text));

    r = tool({"merge", "--out", path("m.hbk"), book, copy});
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fileBytes(path("m.hbk")), fileBytes(book));

    // Resuming with the target reached adds nothing and leaves the file as it was.
    const std::string before = fileBytes(book);
    r = tool({"build", "--book", book, "--size", "6", "--visits", "100", "--positions", "3"});
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(fileBytes(book), before);
}

TEST_F(BookToolTest, BadUsageAndBadFiles) {
    ToolRun r = tool({"build", "--size", "6", "--visits", "10"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("book"), std::string::npos) << r.err;
    r = tool({"build", "--book", path("x.hbk"), "--size", "6"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("--visits"), std::string::npos) << r.err;
    r = tool({"frobnicate"});
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown subcommand"), std::string::npos) << r.err;
    EXPECT_EQ(tool({}).code, 2);
    EXPECT_EQ(tool({"stats", "--book", path("missing.hbk")}).code, 1);
    std::ofstream(path("junk.hbk")) << "not a book";
    r = tool({"build", "--book", path("junk.hbk"), "--size", "6", "--visits", "10"});
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(fileBytes(path("junk.hbk")), "not a book");
    EXPECT_EQ(tool({"build", "--help"}).code, 0);
}

}  // namespace
}  // namespace hippolyta
