// The executables' command lines: --version's three lines on every tool, --level's range
// errors, the shipped net's default, and the CPU check's list of missing extensions.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <string>

#include "tests/unit/cli_run.h"
#include "tests/unit/test_dir.h"
#include "tools/common/build_info.h"
#include "tools/common/cpu_check.h"

namespace hippolyta {
namespace {

// The commit is git describe's (a hash, or a tag with the commits since it) or "unknown".
const std::regex kVersionPattern(
    "[a-z-]+ [0-9]+\\.[0-9]+\\.[0-9]+\n"
    "commit (((v[0-9][0-9.]*-[0-9]+-g)?[0-9a-f]{12}|v[0-9][0-9.]*)(-dirty)?|unknown)\n"
    "build (portable x86-64-v2|native)\n"
    "Copyright \\(C\\) [0-9]{4} Hippolyta developers\n"
    "License GPL-3\\.0-or-later: [^\n]*\n([^\n]+\n)*");

TEST(Cli, VersionTextHasVersionCommitAndBuildKind) {
    const std::string text = versionText("hippolyta");
    EXPECT_TRUE(std::regex_match(text, kVersionPattern)) << text;
    // The project's version, the one GTP's version answers.
    EXPECT_EQ(text.rfind("hippolyta " HIPPOLYTA_VERSION "\n", 0), 0u) << text;
}

TEST(Cli, EveryExecutableAnswersVersionAndHelp) {
    for (const char* tool :
         {"hippolyta", "hippolyta-match", "hippolyta-book", "hippolyta-arena", "hippolyta-soak",
          "hippolyta-board", "hippolyta-report", "hippolyta-tournament", "hippolyta-selfplay",
          "hippolyta-botzone-judge", "hippolyta-train"}) {
        const CliRun version = runCliTool(std::string(tool) + " --version");
        EXPECT_EQ(version.status, 0) << tool;
        EXPECT_TRUE(std::regex_match(version.out, kVersionPattern)) << tool << ": " << version.out;
        EXPECT_EQ(version.out.rfind(std::string(tool) + " ", 0), 0u) << version.out;
        const CliRun help = runCliTool(std::string(tool) + " --help");
        EXPECT_EQ(help.status, 0) << tool;
        EXPECT_NE(help.out.find("Usage: " + std::string(tool)), std::string::npos) << help.out;
        EXPECT_NE(help.out.find("--version"), std::string::npos) << tool;
    }
}

TEST(Cli, LevelIsRangeChecked) {
    for (const char* bad : {"0", "11", "-3", "x", "5.5", "''"}) {
        const CliRun run = runCliTool(std::string("hippolyta --level ") + bad, "quit\\n");
        EXPECT_NE(run.status, 0) << bad;
        EXPECT_NE(run.out.find("--level must be a whole number from 1 to 10"), std::string::npos)
            << bad << ": " << run.out;
    }
    const CliRun ok = runCliTool("hippolyta --level 4", "amz-level\\nquit\\n");
    EXPECT_EQ(ok.status, 0);
    EXPECT_EQ(ok.out, "= 4\n\n= \n\n");
    EXPECT_NE(runCliTool("hippolyta --help").out.find("--level"), std::string::npos);
}

// The shipped net (build/share/hippolyta/10x10.hpn) plays only when asked for (`--net shipped`),
// and then on 10x10 only; --no-net wins; a damaged one is refused.
TEST(Cli, TheShippedNetIsOptInAndPlaysTenByTenOnly) {
    const std::string ten = "boardsize 10\\namz-explain\\nquit\\n";
    const std::string eight = "boardsize 8\\namz-explain\\nquit\\n";
    auto explainsWithNet = [](const std::string& options, const std::string& input) {
        const CliRun run = runCliTool("hippolyta" + options, input);
        EXPECT_EQ(run.status, 0) << run.out;
        return run.out.find("Network value") != std::string::npos;
    };
    // Off by default: it lost at 1 s a move (docs/neural.md).
    EXPECT_FALSE(explainsWithNet("", ten));
    EXPECT_TRUE(explainsWithNet(" --net shipped", ten));
    EXPECT_FALSE(explainsWithNet(" --net shipped", eight));
    EXPECT_FALSE(explainsWithNet(" --net shipped --no-net", ten));

    // Asked for by name, a damaged shipped net is refused like any other --net file.
    TestDir scratch;
    const std::string dir = scratch.string();
    ASSERT_EQ(
        std::system(("mkdir -p " + dir +
                     " && head -c 5000 " HIPPOLYTA_BIN_DIR "/../share/hippolyta/10x10.hpn > " +
                     dir + "/10x10.hpn")
                        .c_str()),
        0);
    const CliRun damaged = runCliTool("hippolyta --net shipped --data-dir " + dir, ten);
    EXPECT_NE(damaged.status, 0) << damaged.out;
    EXPECT_NE(damaged.out.find("--net: " + dir + "/10x10.hpn: checksum mismatch"),
              std::string::npos)
        << damaged.out;
    EXPECT_EQ(runCliTool("hippolyta --data-dir " + dir, ten).status, 0);
}

// At info level the log says which net plays (or none), and that a book move answered.
TEST(Cli, TheLogNamesTheNetAndTheBookMoves) {
    const std::string quit = "name\\nquit\\n";
    const CliRun net = runCliTool("hippolyta --net shipped --log-level info", quit);
    EXPECT_NE(net.out.find("net: "), std::string::npos) << net.out;
    EXPECT_NE(net.out.find("10x10.hpn, on 10x10 only (checksum "), std::string::npos) << net.out;
    const CliRun none = runCliTool("hippolyta --log-level info", quit);
    EXPECT_NE(none.out.find("net: none"), std::string::npos) << none.out;
    EXPECT_EQ(runCliTool("hippolyta", quit).out.find("net: "), std::string::npos)
        << "not at the default level (warn)";
    const CliRun book = runCliTool("hippolyta --log-level info", "genmove w\\nquit\\n");
    EXPECT_NE(book.out.find("book move "), std::string::npos) << book.out;
}

TEST(Cli, CpuCheckListsTheMissingExtensions) {
    EXPECT_EQ(missingCpuFeatures([](const char*) { return true; }), "");
    const std::string all = missingCpuFeatures([](const char*) { return false; });
#ifdef __SSE4_2__
    EXPECT_NE(all.find("sse4.2"), std::string::npos) << all;
    EXPECT_NE(all.find("popcnt"), std::string::npos) << all;
#endif
    const std::string noAvx2 =
        missingCpuFeatures([](const char* f) { return std::string(f) != "avx2"; });
#ifdef __AVX2__
    EXPECT_EQ(noAvx2, "avx2");
#else
    EXPECT_EQ(noAvx2, "");
#endif
}

}  // namespace
}  // namespace hippolyta
