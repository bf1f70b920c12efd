// Line cleaning, command parsing, response framing and the capped line reader.
#include <gtest/gtest.h>

#include <sstream>

#include "protocol/gtp_framing.h"

namespace hippolyta {
namespace {

using namespace std::string_literals;

TEST(CleanLine, DropsCarriageReturnAndControlCharacters) {
    EXPECT_EQ(cleanLine("1 name\r"), "1 name");
    EXPECT_EQ(cleanLine("\x01na\x7fme\x1b"s), "name");
    EXPECT_EQ(cleanLine("na\0me"s), "name");
}

TEST(CleanLine, TabsBecomeSpaces) {
    EXPECT_EQ(cleanLine("play\tw\td1-d7/g7"), "play w d1-d7/g7");
}

TEST(CleanLine, CutsComments) {
    EXPECT_EQ(cleanLine("name # who are you"), "name ");
    EXPECT_EQ(cleanLine("# a whole comment line"), "");
    // A control character inside the command part is dropped before the cut.
    EXPECT_EQ(cleanLine("na\x02me#x"), "name");
}

TEST(CleanLine, KeepsHighBytesForTheParserToReject) {
    EXPECT_EQ(cleanLine("n\xc3\xa4me"), "n\xc3\xa4me");
    EXPECT_TRUE(hasNonAscii(cleanLine("n\xc3\xa4me")));
    EXPECT_FALSE(hasNonAscii(cleanLine("name # caf\xc3\xa9")));
}

TEST(IsBlank, OnlySpaces) {
    EXPECT_TRUE(isBlank(""));
    EXPECT_TRUE(isBlank("    "));
    EXPECT_FALSE(isBlank("  x "));
}

TEST(ParseCommand, IdNameAndArguments) {
    const GtpCommand cmd = parseCommand("  12   play  w   d1-d7/g7 ");
    ASSERT_TRUE(cmd.id);
    EXPECT_EQ(*cmd.id, "12");
    EXPECT_EQ(cmd.name, "play");
    EXPECT_EQ(cmd.args, (std::vector<std::string>{"w", "d1-d7/g7"}));
}

TEST(ParseCommand, NoId) {
    const GtpCommand cmd = parseCommand("name");
    EXPECT_FALSE(cmd.id);
    EXPECT_EQ(cmd.name, "name");
    EXPECT_TRUE(cmd.args.empty());
}

TEST(ParseCommand, IdOnlyDigitsAndKeptVerbatim) {
    EXPECT_EQ(parseCommand("007 name").id, "007");
    const GtpCommand notId = parseCommand("1a name");
    EXPECT_FALSE(notId.id);
    EXPECT_EQ(notId.name, "1a");
    const GtpCommand onlyId = parseCommand("42");
    EXPECT_EQ(onlyId.id, "42");
    EXPECT_TRUE(onlyId.name.empty());
}

TEST(FormatResponse, SuccessAndFailure) {
    EXPECT_EQ(formatResponse(true, "5", "x"), "=5 x\n\n");
    EXPECT_EQ(formatResponse(true, std::nullopt, ""), "= \n\n");
    EXPECT_EQ(formatResponse(false, "3", "illegal move"), "?3 illegal move\n\n");
}

TEST(FormatResponse, MultiLineResultNeverHoldsAnEmptyLine) {
    EXPECT_EQ(formatResponse(true, std::nullopt, "a\n\nb\n  \nc\n"), "= a\nb\nc\n\n");
    EXPECT_EQ(formatResponse(true, "1", "\nboard\r\nline"), "=1 \nboard\nline\n\n");
}

TEST(FormatResponse, FailureIsOneLine) {
    EXPECT_EQ(formatResponse(false, std::nullopt, "bad\nthing"), "? bad thing\n\n");
}

TEST(LineReader, SplitsAtLineFeedsAndKeepsTheLastUnterminatedLine) {
    std::istringstream in("a\r\nbb\n\nccc");
    LineReader reader(in);
    std::string line;
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "a\r");
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "bb");
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "");
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "ccc");
    EXPECT_EQ(reader.next(line), LineReader::Status::End);
    EXPECT_EQ(reader.next(line), LineReader::Status::End);
}

TEST(LineReader, SkipsLinesOverTheCapWithoutKeepingThem) {
    std::istringstream in("1234\n12345\nabc\n" + std::string(100, 'z'));
    LineReader reader(in, 4);
    std::string line;
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "1234");
    EXPECT_EQ(reader.next(line), LineReader::Status::TooLong);
    EXPECT_LE(line.capacity(), 64u) << "the discarded line must not stay in memory";
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line, "abc");
    EXPECT_EQ(reader.next(line), LineReader::Status::TooLong);
    EXPECT_EQ(reader.next(line), LineReader::Status::End);
}

TEST(LineReader, DefaultCapIs64KiB) {
    std::istringstream in(std::string(kMaxLineBytes, 'a') + "\n" +
                          std::string(kMaxLineBytes + 1, 'a') + "\n");
    LineReader reader(in);
    std::string line;
    EXPECT_EQ(reader.next(line), LineReader::Status::Line);
    EXPECT_EQ(line.size(), kMaxLineBytes);
    EXPECT_EQ(reader.next(line), LineReader::Status::TooLong);
    EXPECT_EQ(reader.next(line), LineReader::Status::End);
}

}  // namespace
}  // namespace hippolyta
