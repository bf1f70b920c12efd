// The SAU Game Platform's coordinates, colours, end rule and command lines (adapters/sau).
#include <gtest/gtest.h>

#include <sstream>

#include "adapters/sau/sau_protocol.h"
#include "adapters/sau/sau_reader.h"
#include "engine/core/notation.h"

namespace hippolyta {
namespace {

Move our(const char* text) {
    return parseMove(text, kSauBoardSize);
}

// The platform's Black starts on AG DJ GJ JG and moves first: our White's amazons at the start
// (a4 d1 g1 j4); its White on AD DA GA JD is our Black. The geometry is the same.
TEST(SauProtocol, StartSquaresAreOursWithTheColoursSwapped) {
    const Position start = Position::start(kSauBoardSize);
    for (const char* sq : {"AG", "DJ", "GJ", "JG"})
        EXPECT_EQ(start.at(sauSquare(sq[0] - 'A', sq[1] - 'A')), Piece::WhiteAmazon) << sq;
    for (const char* sq : {"AD", "DA", "GA", "JD"})
        EXPECT_EQ(start.at(sauSquare(sq[0] - 'A', sq[1] - 'A')), Piece::BlackAmazon) << sq;
    EXPECT_EQ(toOurColor(SauColor::Black), Color::White);
    EXPECT_EQ(toSauColor(Color::Black), SauColor::White);
    EXPECT_EQ(start.sideToMove(), toOurColor(SauColor::Black));
}

TEST(SauProtocol, MovesReadAndWriteInTheWorkedExample) {
    // docs/fronts.md's example: AGIGEG is a4-i4/e4, legal for the first mover.
    EXPECT_EQ(parseSauMove("AGIGEG"), our("a4-i4/e4"));
    EXPECT_EQ(formatSauMove(our("a4-i4/e4")), "AGIGEG");
    EXPECT_TRUE(Position::start(kSauBoardSize).isLegal(*parseSauMove("AGIGEG")));
    // Row A is our rank 10, row J our rank 1; column J our file j.
    EXPECT_EQ(parseSauMove("AAJJAJ"), our("a10-j1/a1"));
    EXPECT_EQ(parseSauMove("agigeg"), parseSauMove("AGIGEG"));  // either case is read
}

TEST(SauProtocol, EverySquareRoundTrips) {
    for (int sq = 0; sq < kSauBoardSize * kSauBoardSize; ++sq) {
        const Move m{static_cast<uint8_t>(sq), static_cast<uint8_t>(99 - sq),
                     static_cast<uint8_t>((sq * 7) % 100)};
        EXPECT_EQ(parseSauMove(formatSauMove(m)), m) << sq;
    }
}

TEST(SauProtocol, MalformedMovesAreRefused) {
    for (const char* bad : {"", "AGIGE", "AGIGEGA", "AGIGEK", "AG IGEG", "AGIG3G", "AGIGE\x01"})
        EXPECT_FALSE(parseSauMove(bad)) << bad;
}

std::vector<SauCommandKind> kinds(std::string_view line) {
    std::vector<SauCommandKind> out;
    for (const SauCommand& c : parseSauLine(line))
        out.push_back(c.kind);
    return out;
}

using K = SauCommandKind;

TEST(SauProtocol, CommandsOfALine) {
    EXPECT_EQ(kinds("name?"), std::vector<K>{K::Name});
    EXPECT_EQ(kinds("  NEW   Black\r"), std::vector<K>{K::New});
    EXPECT_EQ(parseSauLine("new white")[0].color, SauColor::White);
    EXPECT_EQ(parseSauLine("move AGIGEG")[0].move, parseSauMove("AGIGEG"));
    EXPECT_EQ(kinds("error"), std::vector<K>{K::Error});
    EXPECT_EQ(kinds("quit"), std::vector<K>{K::Quit});
    EXPECT_EQ(kinds(""), std::vector<K>{});
    EXPECT_EQ(kinds(std::string("\0\0 \t", 4)), std::vector<K>{});
}

// An old platform wrote a NUL after each command: a NUL separates words like a blank, so one
// line can hold a move and the end of the game.
TEST(SauProtocol, NulsSeparateCommands) {
    const std::string line("move AGIGEG\0end\0", 16);
    EXPECT_EQ(kinds(line), (std::vector<K>{K::Move, K::End}));
    EXPECT_EQ(kinds(std::string("name?\0", 6)), std::vector<K>{K::Name});
}

TEST(SauProtocol, EndNamesAWinnerOrNot) {
    EXPECT_FALSE(parseSauLine("end")[0].color);
    EXPECT_EQ(parseSauLine("end black")[0].color, SauColor::Black);
    EXPECT_EQ(parseSauLine("end WHITE")[0].color, SauColor::White);
    // A word after end that is no colour is a command of its own.
    EXPECT_EQ(kinds("end quit"), (std::vector<K>{K::End, K::Quit}));
}

TEST(SauProtocol, GarbageIsOneUnknownCommand) {
    const std::vector<SauCommand> cmds = parseSauLine("hello there \x01 new purple move XYZ");
    ASSERT_EQ(cmds.size(), 1u);
    EXPECT_EQ(cmds[0].kind, K::Unknown);
    EXPECT_EQ(cmds[0].text, "hello there new purple move XYZ");
    // Garbage between commands does not swallow them.
    EXPECT_EQ(kinds("xx name? yy quit"),
              (std::vector<K>{K::Unknown, K::Name, K::Unknown, K::Quit}));
    EXPECT_EQ(kinds("move"), std::vector<K>{K::Unknown});
    EXPECT_EQ(kinds("new"), std::vector<K>{K::Unknown});
}

// Black's two amazons (a10, j10) walled in by arrows; White's (a1, j1) free.
constexpr const char* kBlackWalled = "Bx6xB/xx6xx/10/10/10/10/10/10/10/W8W";
// Both sides walled in.
constexpr const char* kBothWalled = "Bx6xB/xx6xx/10/10/10/10/10/10/xx6xx/Wx6xW";

TEST(SauProtocol, TheEndRuleIsThePlatforms) {
    EXPECT_FALSE(sauGameOver(Position::start(kSauBoardSize)));
    // White walled Black in: over, White wins, as by the standard rule.
    const Position walled = parsePosition(std::string(kBlackWalled) + " b");
    EXPECT_TRUE(sauGameOver(walled));
    EXPECT_EQ(sauWinner(walled), Color::White);
    // Black walled itself in: the platform stops at once (the standard rule plays on, White to
    // move, and Black loses at its next turn: the same winner).
    const Position self = parsePosition(std::string(kBlackWalled) + " w");
    EXPECT_TRUE(self.hasLegalMove());
    EXPECT_TRUE(sauGameOver(self));
    EXPECT_EQ(sauWinner(self), Color::White);
    // Black's move walled both sides in: the standard rule makes White, to move, lose; the
    // platform awards its Black, our White.
    const Position both = parsePosition(std::string(kBothWalled) + " w");
    EXPECT_FALSE(both.hasLegalMove());
    EXPECT_TRUE(sauGameOver(both));
    EXPECT_EQ(sauWinner(both), Color::White);
}

TEST(SauReader, LinesWithNulsLongLinesAndAMissingLastBreak) {
    std::string input = "name?\n";
    input += "move AGIGEG" + std::string(1, '\0') + "end" + std::string(1, '\0') + "\n";
    input += std::string(10000, 'x') + " quit\n";
    input += "\x1a new white\n";  // 0x1A, the end of input in Windows' text mode, is a byte here
    input += "error";
    std::istringstream in(input);
    SauReader reader(in);
    EXPECT_EQ(reader.nextLine(), "name?");
    EXPECT_EQ(reader.nextLine()->size(), 16u);
    // A line over the cap keeps its start; the rest of it (here the quit) is dropped.
    EXPECT_EQ(reader.nextLine(), std::string(SauReader::kMaxLineBytes, 'x'));
    EXPECT_EQ(kinds(*reader.nextLine()), std::vector<K>{K::New});  // a control byte: a blank
    EXPECT_EQ(reader.nextLine(), "error");
    EXPECT_FALSE(reader.nextLine());
    EXPECT_FALSE(reader.nextLine());
}

TEST(SauReader, NextCommandsSkipsEmptyLines) {
    std::istringstream in("\n\n " + std::string(1, '\0') + "\nname?\n");
    SauReader reader(in);
    const auto cmds = reader.nextCommands();
    ASSERT_TRUE(cmds);
    EXPECT_EQ(cmds->at(0).kind, K::Name);
    EXPECT_FALSE(reader.nextCommands());
}

}  // namespace
}  // namespace hippolyta
