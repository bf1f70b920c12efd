// A local stand-in for Botzone's judge of 8x8 Amazons: plays a bot against itself in
// keep-running mode, as the platform does (the bot's process group is stopped with SIGSTOP
// between its turns and continued with SIGCONT when its next request comes), and times every
// turn by the wall clock from the request written to the answer read. Botzone allows 1 s a turn and
// 2 s on a bot's first turn (its process start included); a late, illegal or missing answer loses
// the game there, and here too. Used to check the single-file upload (tools/botzone-single-test.sh)
// and to measure its turn times under load (build/bin/hippolyta-botzone-judge, docs/fronts.md).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hippolyta {

struct BotzoneJudgeConfig {
    std::string command;  // the bot's command line, run by /bin/sh -c for each side
    int games = 20;
    double turnLimit = 1.0;       // seconds, Botzone's limit for C++ bots
    double firstTurnLimit = 2.0;  // a bot's first turn, process start included
    bool json = false;            // requests as JSON rather than simple lines
    int randomPlies = 2;          // each game starts after this many random moves, given to
    uint64_t seed = 1;            // the bots as history (so that the games differ)
    int busyLoad = 0;             // processes spinning on the CPU during the games
    std::string turnsFile;        // if set, one row per turn appended (TSV)
    double hangSeconds = 10;      // an answer that never comes ends the game after this
    int maxPlies = 0;             // > 0: stop each game after this many bot moves, unfinished
};

struct BotzoneTurnTime {
    int game = 0;
    int ply = 0;  // 1 for the game's first move
    bool firstTurn = false;
    double seconds = 0;
};

struct BotzoneJudgeSummary {
    int games = 0;
    int firstMoverWins = 0;
    int unfinished = 0;  // stopped by maxPlies
    std::vector<BotzoneTurnTime> turns;
    std::vector<std::string> faults;  // late, illegal, unreadable or missing answers
    double maxSeconds(bool firstTurns) const;
    double medianSeconds(bool firstTurns) const;
    int over(double limit, bool firstTurns) const;
};

// Plays config.games games; progress lines go to `progress`. Throws std::runtime_error when
// the bot cannot be started at all.
BotzoneJudgeSummary judgeBotzoneBot(const BotzoneJudgeConfig& config,
                                    const std::function<void(const std::string&)>& progress);

// The summary as a few lines for people.
std::string formatJudgeSummary(const BotzoneJudgeSummary& s, const BotzoneJudgeConfig& config);

}  // namespace hippolyta
