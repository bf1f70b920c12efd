// Display commands: amz-territory against hand-made positions and the reference distances,
// amz-explain against evaluate(), and the gogui-analyze_commands list.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/eval/evaluation.h"
#include "gtp_fixture.h"
#include "reference_distances.h"

namespace hippolyta {
namespace {

// 4x4, a4 against d1: four squares each side reaches first and six at equal distance (the
// long diagonal, a1, d4, and b2 and c3 at distance 2).
const std::string kTies = "W3/4/4/3B w";
// 5x5: White's a5 is walled in and e5 is cut off from everyone.
const std::string kWalled = "Wx1x1/xx1xx/5/5/4B w";

std::vector<std::string> lines(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// The index-th word (from 1) after `prefix` on the line starting with it, as a number: for
// "t1", 1 is the raw value, 2 the weight and 3 the contribution.
double field(const std::string& text, const std::string& prefix, int index) {
    for (const std::string& line : lines(text)) {
        if (!line.starts_with(prefix + " ")) continue;
        std::istringstream in(line.substr(prefix.size()));
        std::string word;
        for (int i = 0; i < index; ++i)
            in >> word;
        return std::stod(word);
    }
    ADD_FAILURE() << "no line '" << prefix << "' in\n" << text;
    return 0;
}

TEST_F(GtpSessionTest, TerritoryDboardMarksTiesAsZero) {
    ok("amz-position " + kTies);
    EXPECT_EQ(ok("amz-territory"),
              "\n0 -1 -1 0"
              "\n-1 0 0 1"
              "\n-1 0 0 1"
              "\n0 1 1 0");
}

TEST_F(GtpSessionTest, TerritoryDboardWalledRegionAndUnreachableSquare) {
    ok("amz-position " + kWalled);
    EXPECT_EQ(ok("amz-territory"),
              "\n0 0 1 0 0"
              "\n0 0 1 0 0"
              "\n1 1 1 1 1"
              "\n1 1 1 1 1"
              "\n1 1 1 1 0");
}

TEST_F(GtpSessionTest, TerritoryTextBoardForHumans) {
    ok("amz-position " + kTies);
    EXPECT_EQ(ok("amz-territory text"),
              "\n   a b c d"
              "\n 4 W w w =  4"
              "\n 3 w = = b  3"
              "\n 2 w = = b  2"
              "\n 1 = b b B  1"
              "\n   a b c d"
              "\nFirst: white 4, black 4; equal 6; nobody 0");
    ok("amz-position " + kWalled);
    EXPECT_TRUE(ok("amz-territory text").ends_with("First: white 0, black 16; equal 0; nobody 1"));
}

// Black's first (+1), White's first (-1), else 0, from breadth-first distances.
int referenceOwner(const Position& pos, int sq) {
    if (pos.at(sq) != Piece::Empty) return 0;
    const int w = referenceDistances(pos, Color::White, true)[sq];
    const int b = referenceDistances(pos, Color::Black, true)[sq];
    return b < w ? 1 : w < b ? -1 : 0;
}

TEST_F(GtpSessionTest, TerritoryMatchesReferenceDistancesOnPlayedPositions) {
    std::mt19937_64 rng(11);
    for (int trial = 0; trial < 8; ++trial) {
        Position pos = Position::start(trial % 2 ? 10 : 8);
        MoveList moves;
        for (int i = 0; i < 10 + 4 * trial; ++i) {
            pos.generateMoves(moves);
            if (moves.empty()) break;
            pos.makeMove(moves[rng() % moves.size()]);
        }
        ok("amz-position " + formatPosition(pos));
        std::istringstream board(ok("amz-territory"));
        const int n = pos.width();
        for (int row = n - 1; row >= 0; --row)
            for (int col = 0; col < n; ++col) {
                int v = 99;
                board >> v;
                EXPECT_EQ(v, referenceOwner(pos, row * n + col))
                    << formatPosition(pos) << " at " << squareName(row * n + col, n);
            }
    }
}

TEST_F(GtpSessionTest, TerritoryErrorsKeepThePosition) {
    const std::string before = position();
    EXPECT_EQ(fail("amz-territory all"),
              "syntax error: expected 'text' (usage: amz-territory [text])");
    EXPECT_EQ(fail("amz-territory text now"),
              "wrong number of arguments (usage: amz-territory [text])");
    EXPECT_EQ(position(), before);
}

TEST_F(GtpSessionTest, ExplainAgreesWithEvaluate) {
    ok("play w d1-d7/g7");
    ok("play b d10-c9/h4");
    const std::string text = ok("amz-explain");
    Position pos = parsePosition(position());
    const EvalWeights weights = testConfig().eval;
    EvalTerms t;
    const double score = evaluate(pos, weights, &t);
    EXPECT_EQ(lines(text).front(), "Side to move: white");
    const std::pair<const char*, double> raw[] = {
        {"t1", t.t1}, {"t2", t.t2}, {"c1", t.c1}, {"c2", t.c2}, {"mobility", t.mobility}};
    const std::array<TermWeights, kEvalTerms> ws = termWeightsFor(weights, pos.width());
    double sum = 0;
    for (int i = 0; i < kEvalTerms; ++i) {
        EXPECT_NEAR(field(text, raw[i].first, 1), raw[i].second, 5e-4) << raw[i].first;
        EXPECT_NEAR(field(text, raw[i].first, 2), ws[i].at(t.phase), 5e-4) << raw[i].first;
        sum += field(text, raw[i].first, 3);
    }
    EXPECT_NEAR(sum, score, 3e-3);
    EXPECT_NEAR(field(text, "Score:", 1), score, 5e-4);
    EXPECT_NEAR(field(text, "Win probability:", 1), winProbability(score, weights), 5e-4);
    // Per amazon, lowest square first: g1 a4 j4 d7 for White, a7 j7 c9 g10 for Black.
    const auto& m = t.ownMobility;
    const auto& o = t.oppMobility;
    const auto s = [](int x) { return std::to_string(x); };
    EXPECT_NE(text.find("\nMobility white: g1 " + s(m[0]) + " a4 " + s(m[1]) + " j4 " + s(m[2]) +
                        " d7 " + s(m[3]) + "\nMobility black: a7 " + s(o[0]) + " j7 " + s(o[1]) +
                        " c9 " + s(o[2]) + " g10 " + s(o[3]) + "\n"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("\n\n"), std::string::npos);
}

TEST_F(GtpSessionTest, ExplainSaysWhenTheGameIsOver) {
    ok("amz-position Wx2/xx2/4/3B w");
    const std::string text = ok("amz-explain");
    EXPECT_NE(text.find("\nGame over: white has no legal move, black wins\n"), std::string::npos)
        << text;
    EXPECT_TRUE(text.ends_with("Win probability: 0.000 (white)")) << text;
    EXPECT_EQ(fail("amz-explain now"), "wrong number of arguments (usage: amz-explain)");
}

TEST_F(GtpSessionTest, ExplainListsEveryAmazonOfASetUpPosition) {
    // Five white amazons on rank 1; the fifth is past what EvalTerms keeps.
    ok("amz-position 3B1/5/5/5/WWWWW b");
    const std::string text = ok("amz-explain");
    const Position pos = parsePosition(position());
    EXPECT_NE(text.find("\nMobility white: a1 " + std::to_string(amazonMobility(pos, 0)) + " b1 " +
                        std::to_string(amazonMobility(pos, 1)) + " c1 " +
                        std::to_string(amazonMobility(pos, 2)) + " d1 " +
                        std::to_string(amazonMobility(pos, 3)) + " e1 " +
                        std::to_string(amazonMobility(pos, 4)) + "\n"),
              std::string::npos)
        << text;
}

TEST_F(GtpSessionTest, GoguiAnalyzeCommandsAreWellFormedAndKnown) {
    const std::set<std::string> types = {"bwboard", "cboard", "dboard",  "gfx",    "hstring",
                                         "none",    "plist",  "pspairs", "sboard", "string"};
    std::set<std::string> seen;
    for (const std::string& line : lines(ok("gogui-analyze_commands"))) {
        const size_t a = line.find('/'), b = line.find('/', a + 1);
        ASSERT_NE(b, std::string::npos) << line;
        EXPECT_EQ(line.find('/', b + 1), std::string::npos) << line;
        EXPECT_TRUE(types.contains(line.substr(0, a))) << line;
        EXPECT_GT(b, a + 1) << "empty label: " << line;
        const std::string command = line.substr(b + 1);
        const std::string name = command.substr(0, command.find(' '));
        seen.insert(line.substr(0, a) + " " + command);
        EXPECT_FALSE(name.find("analyze") != std::string::npos) << "streaming: " << line;
        EXPECT_EQ(ok("known_command " + name), "true") << line;
        ok(command);  // every listed command runs in the start position
    }
    EXPECT_TRUE(seen.contains("dboard amz-territory"));
    EXPECT_TRUE(seen.contains("string amz-explain"));
    EXPECT_TRUE(seen.contains("string showboard"));
    EXPECT_TRUE(seen.contains("string amz-time_debug"));
    EXPECT_EQ(fail("gogui-analyze_commands x"),
              "wrong number of arguments (usage: gogui-analyze_commands)");
}

}  // namespace
}  // namespace hippolyta
