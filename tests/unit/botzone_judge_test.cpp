// The local Botzone judge (adapters/judge) against a bot that misbehaves on cue
// (tests/fake-engines/botzone-bot.sh): each fault loses the game for the side that made it, and
// is reported with its game, ply, side and kind. The limits are wide (seconds) where a fault
// must not be found, so that a loaded machine cannot fail the tests.
#include "adapters/judge/botzone_judge.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace hippolyta {
namespace {

const std::string kBot = std::string(HIPPOLYTA_SOURCE_DIR) + "/tests/fake-engines/botzone-bot.sh";

// One game of six bot moves from the standard start, with generous limits.
BotzoneJudgeConfig config(const std::string& botOptions) {
    BotzoneJudgeConfig c;
    c.command = "exec " + kBot + " " + botOptions;  // the bot itself, not a shell, is the child
    c.games = 1;
    c.randomPlies = 0;
    c.maxPlies = 6;
    c.turnLimit = 10;
    c.firstTurnLimit = 20;
    c.hangSeconds = 30;
    return c;
}

BotzoneJudgeSummary judge(const BotzoneJudgeConfig& c) {
    return judgeBotzoneBot(c, [](const std::string&) {});
}

// The one fault of a one-game run, which the other side won.
std::string onlyFault(const BotzoneJudgeSummary& s, bool firstMoverFaulted) {
    EXPECT_EQ(s.games, 1);
    EXPECT_EQ(s.unfinished, 0);
    EXPECT_EQ(s.firstMoverWins, firstMoverFaulted ? 0 : 1);
    EXPECT_EQ(s.faults.size(), 1u);
    return s.faults.empty() ? "" : s.faults[0];
}

TEST(BotzoneJudge, AWellBehavedBotPlaysWithoutFaults) {
    const BotzoneJudgeSummary s = judge(config(""));
    EXPECT_TRUE(s.faults.empty()) << s.faults[0];
    EXPECT_EQ(s.games, 1);
    EXPECT_EQ(s.unfinished, 1);  // stopped after max plies
    ASSERT_EQ(s.turns.size(), 6u);
    EXPECT_TRUE(s.turns[0].firstTurn && s.turns[1].firstTurn);
    EXPECT_FALSE(s.turns[2].firstTurn);
}

TEST(BotzoneJudge, AnIllegalOrUnreadableMoveLosesTheGame) {
    EXPECT_EQ(onlyFault(judge(config("--fault illegal --at 2 --as first")), true),
              "game 1 ply 3 (first mover): illegal or unreadable answer '0 0 1 1 2 2'");
    EXPECT_EQ(onlyFault(judge(config("--fault unreadable --at 1 --as second")), false),
              "game 1 ply 2 (second mover): illegal or unreadable answer 'hello'");
}

// A first turn has its own, longer limit: the same delay is late on a later turn only.
TEST(BotzoneJudge, ALateMoveLosesTheGameUnderTheLimitOfItsTurn) {
    BotzoneJudgeConfig first = config("--fault late --delay 2.5 --at 1 --as second");
    first.firstTurnLimit = 1.2;
    const std::string fault = onlyFault(judge(first), false);
    EXPECT_EQ(fault.rfind("game 1 ply 2 (second mover): answered after 2.", 0), 0u) << fault;
    EXPECT_NE(fault.find("(limit 1.2 s)"), std::string::npos) << fault;

    BotzoneJudgeConfig later = config("--fault late --delay 2.5 --at 2 --as first");
    later.turnLimit = 1.2;
    const std::string laterFault = onlyFault(judge(later), true);
    EXPECT_EQ(laterFault.rfind("game 1 ply 3 (first mover): answered after 2.", 0), 0u)
        << laterFault;
    EXPECT_NE(laterFault.find("(limit 1.2 s)"), std::string::npos) << laterFault;

    BotzoneJudgeConfig inTime = config("--fault late --delay 2.5 --at 1");
    inTime.turnLimit = 1.2;  // a first turn of 2.5 s is within the first-turn limit (20 s)
    EXPECT_TRUE(judge(inTime).faults.empty());
}

TEST(BotzoneJudge, ACrashOrExitIsReportedAsSuchNotAsALateAnswer) {
    const std::string crash = onlyFault(judge(config("--fault crash --at 2 --as second")), false);
    EXPECT_EQ(crash,
              "game 1 ply 4 (second mover): the bot ended without answering (it was killed "
              "by signal 11)");
    EXPECT_EQ(onlyFault(judge(config("--fault exit --at 1 --as first")), true),
              "game 1 ply 1 (first mover): the bot ended without answering (it exited with "
              "code 3)");
}

TEST(BotzoneJudge, AHungBotOrAMissingKeepRunningLineLosesTheGame) {
    BotzoneJudgeConfig hang = config("--fault hang --at 2 --as first");
    hang.hangSeconds = 2;
    EXPECT_EQ(onlyFault(judge(hang), true), "game 1 ply 3 (first mover): no answer within 2 s");
    BotzoneJudgeConfig silent = config("--fault no-keep-running --at 1 --as second");
    silent.hangSeconds = 2;
    EXPECT_EQ(onlyFault(judge(silent), false),
              "game 1 ply 2 (second mover): no keep-running line after the answer");
}

// The command-line judge lists the faults and fails.
TEST(BotzoneJudge, TheToolReportsFaultsAndExitsWithOne) {
    const std::string command = std::string(HIPPOLYTA_BIN_DIR) +
                                "/hippolyta-botzone-judge --games 1 --random-plies 0 "
                                "--max-plies 6 --bot '" +
                                kBot + " --fault illegal --at 1 --as second' 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string out;
    char buffer[4096];
    for (size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        out.append(buffer, n);
    const int status = ::pclose(pipe);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
    EXPECT_NE(out.find("faults 1\n"), std::string::npos) << out;
    EXPECT_NE(out.find("fault: game 1 ply 2 (second mover): illegal or unreadable answer "
                       "'0 0 1 1 2 2'\n"),
              std::string::npos)
        << out;
}

}  // namespace
}  // namespace hippolyta
