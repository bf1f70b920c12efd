// The session loop (framing, quit, end of input, bad input) and the meta commands.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "gtp_fixture.h"
#include "protocol/gtp_framing.h"

namespace hippolyta {
namespace {

using namespace std::string_literals;

// Runs a whole input through a fresh session; returns its output and checks the exit code.
std::string runSession(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(runGtpSession(in, out, EngineConfig{}, GtpOptions{}), 0);
    return out.str();
}

TEST(GtpLoop, AnswersInOrderWithIdsAndStopsAfterQuit) {
    EXPECT_EQ(runSession("1 name\nprotocol_version\n2 quit\n3 name\n"),
              "=1 Hippolyta\n\n= 2\n\n=2 \n\n");
}

TEST(GtpLoop, EndOfInputEndsTheSession) {
    EXPECT_EQ(runSession("name"), "= Hippolyta\n\n");
    EXPECT_EQ(runSession(""), "");
}

TEST(GtpLoop, SkipsEmptyAndCommentLinesAndCleansTheRest) {
    EXPECT_EQ(runSession("\n   \n# comment\n\t\n5\tname # hi\r\n"), "=5 Hippolyta\n\n");
}

TEST(GtpLoop, LineOverTheCapGetsAnErrorAndTheSessionGoesOn) {
    const std::string input = "1 " + std::string(kMaxLineBytes + 100, 'a') + "\n2 name\n";
    EXPECT_EQ(runSession(input), GtpSession::lineTooLongResponse() + "=2 Hippolyta\n\n");
    EXPECT_TRUE(GtpSession::lineTooLongResponse().starts_with("? line too long"));
}

TEST_F(GtpSessionTest, BlankLinesGetNoAnswer) {
    EXPECT_EQ(run(""), "");
    EXPECT_EQ(run("  # just a comment"), "");
    EXPECT_EQ(run("\x01\x02\r"), "");
}

TEST_F(GtpSessionTest, UnknownCommand) {
    EXPECT_EQ(run("frobnicate"), "? unknown command\n\n");
    EXPECT_EQ(run("7 frobnicate 1 2"), "?7 unknown command\n\n");
    EXPECT_EQ(run("NAME"), "? unknown command\n\n") << "names are case sensitive";
}

TEST_F(GtpSessionTest, IdWithoutCommand) {
    EXPECT_EQ(run("42"), "?42 missing command name after the id\n\n");
}

TEST_F(GtpSessionTest, NonAsciiIsRejectedAndStateKept) {
    const std::string before = position();
    EXPECT_EQ(run("3 play w d1-d7/g7\xff"), "?3 non-ASCII characters in the command\n\n");
    EXPECT_EQ(run("\xc3\xa4\xc3\xb6"), "? non-ASCII characters in the command\n\n");
    EXPECT_EQ(fail("n\x80\x81me"), "non-ASCII characters in the command");
    EXPECT_EQ(position(), before);
    // Non-ASCII in a comment does not matter.
    EXPECT_EQ(ok("name # \xc3\xa9t\xc3\xa9"), "Hippolyta");
}

TEST_F(GtpSessionTest, ControlCharactersInsideACommandAreDropped) {
    EXPECT_EQ(run("1 na\x01me\x7f"), "=1 Hippolyta\n\n");
    EXPECT_EQ(run("2 na\0me"s), "=2 Hippolyta\n\n");
}

TEST_F(GtpSessionTest, MetaCommands) {
    EXPECT_EQ(ok("protocol_version"), "2");
    EXPECT_EQ(ok("name"), "Hippolyta");
    const std::string version = ok("version");
    EXPECT_FALSE(version.empty());
    EXPECT_EQ(version.find_first_not_of("0123456789."), std::string::npos) << version;
}

TEST_F(GtpSessionTest, MetaCommandsRejectArguments) {
    for (const char* cmd :
         {"protocol_version 2", "name x", "version 1", "list_commands x", "quit now",
          "list_games x", "known_command", "known_command a b", "set_game", "set_game a b"})
        EXPECT_TRUE(fail(cmd).starts_with("wrong number of arguments")) << cmd;
    EXPECT_FALSE(session_.state().quitRequested());
}

TEST_F(GtpSessionTest, KnownCommand) {
    EXPECT_EQ(ok("known_command play"), "true");
    EXPECT_EQ(ok("known_command amz-perft"), "true");
    EXPECT_EQ(ok("known_command loadsgf_not"), "false");
    EXPECT_EQ(ok("known_command PLAY"), "false");
}

TEST_F(GtpSessionTest, ListCommandsListsEveryCommandOnceSorted) {
    const std::vector<std::string> required = {
        "amz-legal_moves",   "amz-perft", "amz-position",
        "amz-time_settings", "boardsize", "clear_board",
        "final_score",       "genmove",   "kgs-time_settings",
        "known_command",     "komi",      "list_commands",
        "list_games",        "name",      "play",
        "protocol_version",  "quit",      "reg_genmove",
        "set_game",          "showboard", "time_left",
        "time_settings",     "undo",      "version"};
    std::vector<std::string> listed;
    std::istringstream lines(ok("list_commands"));
    for (std::string line; std::getline(lines, line);)
        listed.push_back(line);
    EXPECT_TRUE(std::is_sorted(listed.begin(), listed.end()));
    EXPECT_EQ(std::adjacent_find(listed.begin(), listed.end()), listed.end()) << "duplicates";
    for (const std::string& name : required)
        EXPECT_TRUE(std::binary_search(listed.begin(), listed.end(), name)) << name;
    for (const std::string& name : listed) {
        EXPECT_EQ(ok("known_command " + name), "true");
        const bool standard = name.find('-') == std::string::npos;
        EXPECT_TRUE(standard || name.starts_with("amz-") || name.starts_with("kgs-") ||
                    name == "gogui-analyze_commands")
            << name;
    }
}

TEST_F(GtpSessionTest, QuitAnswersAndAsksToStop) {
    EXPECT_EQ(run("9 quit"), "=9 \n\n");
    EXPECT_TRUE(session_.state().quitRequested());
}

TEST_F(GtpSessionTest, GameSelectionForQuarry) {
    EXPECT_EQ(ok("list_games"), "Amazons");
    EXPECT_EQ(ok("set_game Amazons"), "");
    EXPECT_EQ(ok("set_game AMAZONS"), "");
    EXPECT_EQ(ok("set_game amazons"), "");
    EXPECT_EQ(fail("set_game Go"), "unsupported game 'Go' (only Amazons)");
}

}  // namespace
}  // namespace hippolyta
