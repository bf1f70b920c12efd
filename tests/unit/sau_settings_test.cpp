// The SAU program's settings (adapters/sau/sau_settings.h): the settings file and the command
// line, their errors, and the program's start by its name (sau_console.h).
#include <gtest/gtest.h>

#include "adapters/sau/sau_console.h"
#include "adapters/sau/sau_settings.h"

namespace hippolyta {
namespace {

SauSettings fromFile(const std::string& text) {
    SauSettings s;
    applySauSettingsFile(text, "test.conf", s);
    return s;
}

TEST(SauSettings, DefaultsSuitTheChampionship) {
    const SauSettings s;
    EXPECT_EQ(s.sau.gameSeconds, 900);
    EXPECT_FALSE(s.sau.ponder);  // both engines share the platform's machine
    EXPECT_EQ(s.engine.threads, 1);
    EXPECT_EQ(s.engine.level, 10);
    EXPECT_TRUE(s.logFile.empty());
}

TEST(SauSettings, TheFileAsWindowsEditorsWriteIt) {
    const SauSettings s = fromFile(
        "\xEF\xBB\xBF# settings\r\n"
        "game-time = 600   # ten minutes\r\n"
        "\r\n"
        "  level=7\r\n"
        "threads = 2 ; two\r\n"
        "name = \"Hippolyta #1; test\"\r\n"
        "log-file = C:\\engines\\h.log\r\n"
        "ponder = yes\r\n"
        "no-book = on\r\n");
    EXPECT_EQ(s.sau.gameSeconds, 600);
    EXPECT_EQ(s.engine.level, 7);
    EXPECT_EQ(s.engine.threads, 2);
    EXPECT_EQ(s.sau.name, "Hippolyta #1; test");
    EXPECT_EQ(s.logFile, "C:\\engines\\h.log");
    EXPECT_TRUE(s.sau.ponder);
    EXPECT_TRUE(s.noBook);
}

void expectFileError(const std::string& text, const std::string& message) {
    try {
        fromFile(text);
        ADD_FAILURE() << "no error for " << text;
    } catch (const SauSettingsError& e) {
        EXPECT_EQ(std::string(e.what()), message);
    }
}

TEST(SauSettings, FileErrorsNameTheLineAndNeverABareKey) {
    expectFileError("level = 7\nspeed = 3\n", "test.conf:2: unknown setting 'speed'");
    expectFileError("game-time = -1", "test.conf:1: 'game-time' needs a number from 0 to 1000000");
    expectFileError("game-time = 10s", "test.conf:1: 'game-time' needs a number from 0 to 1000000");
    expectFileError("level = 11", "test.conf:1: 'level' needs a whole number from 1 to 10");
    expectFileError("threads = 0", "test.conf:1: 'threads' needs a whole number from 1 to 256");
    expectFileError("ponder = maybe", "test.conf:1: 'ponder' needs yes or no");
    expectFileError("player = random", "test.conf:1: 'player' needs mcts, alphabeta2 or greedy");
    expectFileError("\n\njust words", "test.conf:3: expected key = value");
    expectFileError("# level = 3 = 4\nlevel # = 3", "test.conf:2: expected key = value");
    // Such a message can reach the platform, which would take "name ..." for our name.
    expectFileError("name =", "test.conf:1: 'name' needs 1 to 200 characters");
}

TEST(SauSettings, TheCommandLineTakesTheSameKeys) {
    SauSettings s;
    EXPECT_EQ(applySauArguments({"--game-time", "30", "--level=3", "--ponder", "--seed", "9",
                                 "--log-file", "x.log", "--no-weights"},
                                s),
              SauCommandLine::Run);
    EXPECT_EQ(s.sau.gameSeconds, 30);
    EXPECT_EQ(s.engine.level, 3);
    EXPECT_TRUE(s.sau.ponder);
    EXPECT_EQ(s.engine.seed, 9u);
    EXPECT_EQ(s.logFile, "x.log");
    EXPECT_TRUE(s.noWeights);
    EXPECT_EQ(applySauArguments({"--level", "2", "--help", "--bogus"}, s), SauCommandLine::Help);
    EXPECT_EQ(applySauArguments({"--version"}, s), SauCommandLine::Version);
    EXPECT_THROW(applySauArguments({"--bogus"}, s), SauSettingsError);
    EXPECT_THROW(applySauArguments({"--level"}, s), SauSettingsError);
    EXPECT_THROW(applySauArguments({"stray"}, s), SauSettingsError);
    EXPECT_THROW(applySauArguments({"--ponder=perhaps"}, s), SauSettingsError);
}

TEST(SauSettings, HelpListsEveryKey) {
    const std::string help = sauOptionsHelp();
    for (const char* key : {"--game-time S", "--name TEXT", "--level N", "--threads N",
                            "--log-file FILE", "--ponder ", "--no-book ", "--help", "--version"})
        EXPECT_NE(help.find(key), std::string::npos) << key;
}

TEST(SauConsole, ProgramNamesWithoutFoldersOrExe) {
    EXPECT_EQ(programNameOf("/usr/games/hippolyta-sau"), "hippolyta-sau");
    EXPECT_EQ(programNameOf("C:\\Engines\\HIPPOLYTA\\hippolyta-sau.EXE"), "hippolyta-sau");
    EXPECT_EQ(programNameOf("hippolyta-sau.exe"), "hippolyta-sau");
    EXPECT_EQ(programNameOf("./hippolyta"), "hippolyta");
    EXPECT_EQ(programNameOf(".exe"), ".exe");
}

}  // namespace
}  // namespace hippolyta
