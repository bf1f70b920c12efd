// The soak's session with one engine, shared by soak_session.cpp (the dialogue, the games and
// the checks) and soak_extras.cpp (what is mixed in, and the ponder memory check).
#pragma once

#include <deque>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "adapters/process/gtp_process.h"
#include "adapters/soak/soak.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"

namespace hippolyta {

struct Tally {
    int games = 0;
    long moves = 0;
    long commands = 0;
    int illegalMoves = 0;
    int protocolErrors = 0;
    int crashes = 0;
    int sanitizerReports = 0;
    std::vector<std::string> firstErrors;  // a few, for people
};

// Ends the current game early: the engine or the referee can no longer be trusted in it.
struct GameAborted {};

class Soak {
  public:
    explicit Soak(SoakOptions o);
    ~Soak();

    int runGames();
    int runPonderMemory();

  private:
    // --- the engine and the dialogue ---
    void startEngine(const std::string& extraArgs = "", bool exec = false);
    GtpReply ask(const std::string& command);
    std::string post(const std::string& command);
    GtpReply receive(const std::string& command, const std::string& id);
    std::string expectOk(const std::string& command);
    void expectError(const std::string& command);
    void closeStream();
    void fail(int& counter, const std::string& what);

    // --- a game and its moves ---
    void playGame();
    void newGame(int size);
    void engineMove();
    void analysedEngineMove();
    void playRandomMove();
    void checkMove(const std::string& answer, const std::string& command, bool play);
    void checkAnalysis(const std::string& text, const std::string& command);
    void checkPosition();

    // --- things mixed in at random ---
    void randomExtra();
    void undoAndReplay();
    void illegalPlay();
    void timeCommand();
    void printAndLoadSgf();
    void startAnalysis();

    int scanEngineLog();
    void printSummary(double seconds);
    bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
    std::string color() const { return colorName(game_.position().sideToMove()); }

    SoakOptions o_;
    std::mt19937_64 rng_;
    Tally tally_;
    std::unique_ptr<GtpProcess> engine_;
    std::deque<std::string> traffic_;  // the last lines both ways, shown with the first error
    std::ofstream trafficFile_;
    Game game_;
    std::string openStream_;  // a streaming command whose answer is still open
    std::string openStreamId_;
    int sgfCount_ = 0;
    std::filesystem::path tempDir_;
};

}  // namespace hippolyta
