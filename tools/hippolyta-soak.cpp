// hippolyta-soak: a robustness soak (docs/robustness.md). Plays many fast self-play games
// against one GTP engine with pondering, streaming analysis, undo, records, time commands and
// bad input mixed in at random (seeded), referees every answer with its own Game, and scans the
// engine's stderr for sanitizer reports. With --ponder-seconds it instead checks that a long
// ponder stays under the memory cap. Exits 0 only when nothing went wrong.
#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <thread>

#include "adapters/gtp_process.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"
#include "engine/core/records/game_record.h"
#include "engine/core/records/sgf.h"

namespace po = boost::program_options;
namespace fs = std::filesystem;
using namespace hippolyta;
using Clock = std::chrono::steady_clock;

namespace {

struct SoakOptions {
    std::string engine;  // the engine's command line (one command: it is run with exec)
    int games = 100;
    int size = 8;
    bool mixedSizes = false;  // sizes 5..10 at random
    uint64_t seed = 1;
    std::string engineLog;
    std::string trafficFile;  // every line both ways, for debugging
    double timeout = 60;      // seconds for any one answer
    int maxCrashes = 5;       // stop after this many engine restarts
    double ponderSeconds = 0;
    int memoryMb = 256;
    int allowanceMb = 64;
};

// Lines in the engine's stderr that are sanitizer reports.
const char* const kSanitizerMarks[] = {
    "ERROR: AddressSanitizer", "runtime error:", "WARNING: ThreadSanitizer", "LeakSanitizer"};

// Commands that must fail; none of them is a blank line (a blank line gets no answer).
const char* const kMalformed[] = {"play w",
                                  "play purple d1-d7/g7",
                                  "genmove purple",
                                  "boardsize 99",
                                  "boardsize ten",
                                  "frobnicate",
                                  "42 frobnicate",
                                  "play w z9-z9/z9",
                                  "play w d1-d7",
                                  "amz-analyze w 0",
                                  "komi lots",
                                  "time_settings -1 0 0",
                                  "time_left w -3 0",
                                  "amz-ponder maybe",
                                  "known_command",
                                  "amz-position 3W/4/4/B4 w",
                                  "amz-perft 9",
                                  "amz-territory all",
                                  "amz-explain now",
                                  "kgs-time_settings hourglass 5",
                                  "amz-legal_moves all",
                                  "set_game Go",
                                  "GENMOVE w",
                                  "7"};

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
    explicit Soak(SoakOptions o) : o_(std::move(o)), rng_(o_.seed) {
        tempDir_ = fs::temp_directory_path() /
                   ("hippolyta-soak-" + std::to_string(::getpid()) + "-" + std::to_string(o_.seed));
        fs::create_directories(tempDir_);
        if (!o_.trafficFile.empty()) trafficFile_.open(o_.trafficFile);
    }
    ~Soak() {
        std::error_code ec;
        fs::remove_all(tempDir_, ec);
    }

    int runGames();
    int runPonderMemory();

  private:
    // --- the engine and the dialogue ---
    void startEngine(const std::string& extraArgs = "");
    GtpReply ask(const std::string& command);
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
    int sgfCount_ = 0;
    fs::path tempDir_;
};

void Soak::startEngine(const std::string& extraArgs) {
    engine_.reset();
    std::string command = "exec " + o_.engine + extraArgs;
    if (!o_.engineLog.empty()) command += " 2>>'" + o_.engineLog + "'";
    engine_ = std::make_unique<GtpProcess>(
        command, o_.engineLog.empty(), [this](char dir, const std::string& line) {
            if (trafficFile_) trafficFile_ << dir << ' ' << line << '\n';
            traffic_.push_back(std::string(1, dir) + " " + line.substr(0, 200));
            if (traffic_.size() > 30) traffic_.pop_front();
        });
    openStream_.clear();
}

void Soak::fail(int& counter, const std::string& what) {
    ++counter;
    if (tally_.firstErrors.size() < 5) {
        std::string text = "game " + std::to_string(tally_.games + 1) + ": " + what;
        if (tally_.firstErrors.empty()) {
            text += "\n  last traffic:";
            for (const auto& line : traffic_)
                text += "\n    " + line;
        }
        tally_.firstErrors.push_back(text);
    }
    std::cerr << "hippolyta-soak: game " << tally_.games + 1 << ": " << what << '\n';
}

void Soak::closeStream() {
    if (openStream_.empty()) return;
    const std::string command = std::exchange(openStream_, "");
    const GtpReply r = engine_->receive(command, o_.timeout);
    if (!r.ok) {
        fail(tally_.protocolErrors, "'" + command + "' failed: " + r.text);
        throw GameAborted{};
    }
    checkAnalysis(r.text, command);
}

// Sends a command (ending any open stream first) and returns its answer.
GtpReply Soak::ask(const std::string& command) {
    ++tally_.commands;
    engine_->post(command);
    closeStream();
    return engine_->receive(command, o_.timeout);
}

// The answer's text; a refusal is a protocol error that ends the game.
std::string Soak::expectOk(const std::string& command) {
    const GtpReply r = ask(command);
    if (r.ok) return r.text;
    fail(tally_.protocolErrors, "'" + command + "' failed: " + r.text);
    throw GameAborted{};
}

void Soak::expectError(const std::string& command) {
    const GtpReply r = ask(command);
    if (!r.ok) return;
    fail(tally_.protocolErrors, "'" + command + "' should fail but answered '" + r.text + "'");
    throw GameAborted{};
}

// ---- a game ------------------------------------------------------------------------------

void Soak::newGame(int size) {
    expectOk("boardsize " + std::to_string(size));
    if (coin(0.5)) expectOk("clear_board");
    game_ = Game(Position::start(size));
    const bool ponder = coin(0.4);
    expectOk(std::string("amz-ponder ") + (ponder ? "on" : "off"));
    if (coin(0.3))
        expectOk("time_settings " + std::to_string(pick(1, 3)) + " 0 0");
    else
        expectOk("time_settings 0 1 0");
}

void Soak::playGame() {
    newGame(o_.mixedSizes ? pick(5, 10) : o_.size);
    while (!game_.isOver()) {
        while (coin(0.35))
            randomExtra();
        const int r = pick(0, 99);
        if (r < 70)
            engineMove();
        else if (r < 85)
            playRandomMove();
        else
            analysedEngineMove();
    }
    const GtpReply score = ask("final_score");
    const char winner = *game_.winner() == Color::White ? 'W' : 'B';
    if (!score.ok || score.text.empty() || score.text[0] != winner)
        fail(tally_.protocolErrors,
             "final_score answered '" + score.text + "', winner is " + std::string(1, winner));
    checkPosition();
    ++tally_.games;
}

void Soak::engineMove() {
    const std::string command = "genmove " + color();
    checkMove(expectOk(command), command, true);
    // With pondering on, let the engine think on our time for a moment.
    if (coin(0.5)) std::this_thread::sleep_for(std::chrono::milliseconds(pick(0, 20)));
}

// Info lines while it searches, then "play MOVE".
void Soak::analysedEngineMove() {
    const std::string command = "amz-genmove_analyze " + color() + " 1";
    const std::string text = expectOk(command);
    const auto last = text.rfind('\n');
    const std::string tail = text.substr(last == std::string::npos ? 0 : last + 1);
    if (tail.rfind("play ", 0) != 0) {
        fail(tally_.protocolErrors, "'" + command + "' did not end with play: " + tail);
        throw GameAborted{};
    }
    checkAnalysis(text.substr(0, last == std::string::npos ? 0 : last), command);
    checkMove(tail.substr(5), command, true);
}

void Soak::playRandomMove() {
    MoveList moves;
    game_.position().generateMoves(moves);
    const Move m = moves[pick(0, static_cast<int>(moves.size()) - 1)];
    const int n = game_.size();
    // Every accepted move style, in random case.
    std::string text = formatMove(m, n, coin(0.5) ? MoveStyle::Slash : MoveStyle::Dash);
    if (coin(0.3))
        for (char& c : text)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    const Color side = game_.position().sideToMove();
    const std::string who = coin(0.5) ? std::string(1, colorLetter(side)) : colorName(side);
    expectOk("play " + who + " " + text);
    game_.play(m);
    ++tally_.moves;
}

// Checks an engine's move for the side to move and plays it on the referee's board.
void Soak::checkMove(const std::string& answer, const std::string& command, bool play) {
    const Position& pos = game_.position();
    Move m;
    bool legal = false;
    try {
        m = parseMove(answer, pos.size());
        legal = pos.isLegal(m);
    } catch (const NotationError&) {
    }
    if (!legal) {
        fail(tally_.illegalMoves,
             "'" + command + "' answered '" + answer + "' in " + formatPosition(pos));
        throw GameAborted{};
    }
    if (!play) return;
    game_.play(m);
    ++tally_.moves;
}

// Analysis lines: "info move M visits ... pv ..." entries, each M legal for the side to move.
void Soak::checkAnalysis(const std::string& text, const std::string& command) {
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) continue;
        std::istringstream words(line);
        std::string word, previous;
        bool bad = line.rfind("info move ", 0) != 0;
        while (!bad && words >> word) {
            if (previous == "info" && word != "move") bad = true;
            if (previous == "move") try {
                    bad = !game_.position().isLegal(parseMove(word, game_.size()));
                } catch (const NotationError&) {
                    bad = true;
                }
            previous = word;
        }
        if (bad) {
            fail(tally_.protocolErrors, "bad analysis line from '" + command + "': " + line);
            throw GameAborted{};
        }
    }
}

void Soak::checkPosition() {
    const GtpReply r = ask("amz-position");
    const std::string expected = formatPosition(game_.position());
    if (r.ok && r.text == expected) return;
    fail(tally_.protocolErrors, "amz-position answered '" + r.text + "', expected " + expected);
    throw GameAborted{};
}

// ---- things mixed in ---------------------------------------------------------------------

void Soak::randomExtra() {
    switch (pick(0, 14)) {
        case 0: {
            const GtpReply r = ask("showboard");
            if (!r.ok || r.text.find(" to move") == std::string::npos)
                fail(tally_.protocolErrors, "showboard answered '" + r.text + "'");
            break;
        }
        case 1:
            expectOk(coin(0.5) ? "amz-territory" : "amz-territory text");
            break;
        case 2:
            expectOk("amz-explain");
            break;
        case 3:
            checkPosition();
            break;
        case 4: {
            const GtpReply r = ask("amz-legal_moves count");
            const std::string expected = std::to_string(game_.position().countMoves());
            if (!r.ok || r.text != expected)
                fail(tally_.protocolErrors,
                     "amz-legal_moves count answered '" + r.text + "', expected " + expected);
            break;
        }
        case 5:
            timeCommand();
            break;
        case 6:
            illegalPlay();
            break;
        case 7:
            expectError(kMalformed[pick(0, std::size(kMalformed) - 1)]);
            break;
        case 8:
            expectError("loadsgf " + (tempDir_ / "no-such-dir" / "missing.sgf").string());
            break;
        case 9:
            printAndLoadSgf();
            break;
        case 10:
            undoAndReplay();
            break;
        case 11:
            startAnalysis();
            break;
        case 12: {
            const std::string command = "reg_genmove " + color();
            checkMove(expectOk(command), command, false);
            checkPosition();
            break;
        }
        case 13:
            expectOk(std::string("amz-ponder ") + (coin(0.5) ? "on" : "off"));
            break;
        default:
            expectOk(coin(0.5) ? "amz-time_debug" : "protocol_version");
            break;
    }
}

void Soak::timeCommand() {
    switch (pick(0, 3)) {
        case 0:
            expectOk("time_settings " + std::to_string(pick(1, 3)) + " 0 0");
            break;
        case 1:
            expectOk("time_settings 0 1 0");
            break;
        case 2:
            expectOk("kgs-time_settings byoyomi 1 0.05 2");
            break;
        default: {
            char buf[64];
            std::snprintf(buf, sizeof buf, "time_left %s %.2f 0", color().c_str(),
                          pick(10, 300) / 100.0);
            expectOk(buf);
        }
    }
}

// A well-formed move the rules forbid: it must fail and change nothing.
void Soak::illegalPlay() {
    const Position& pos = game_.position();
    const int squares = pos.size() * pos.size();
    Move m;
    do {
        m = Move{static_cast<uint8_t>(pick(0, squares - 1)),
                 static_cast<uint8_t>(pick(0, squares - 1)),
                 static_cast<uint8_t>(pick(0, squares - 1))};
    } while (pos.isLegal(m));
    expectError("play " + color() + " " + formatMove(m, pos.size()));
    if (coin(0.5)) checkPosition();
}

void Soak::undoAndReplay() {
    if (game_.moves().empty()) {
        expectError("undo");
        return;
    }
    const int k = pick(1, std::min<int>(3, game_.moves().size()));
    std::vector<std::pair<Color, Move>> undone;
    for (int i = 0; i < k; ++i) {
        expectOk("undo");
        undone.emplace_back(game_.movers().back(), game_.moves().back());
        game_.undo();
    }
    if (coin(0.5)) checkPosition();
    for (auto it = undone.rbegin(); it != undone.rend(); ++it) {
        expectOk("play " + std::string(colorName(it->first)) + " " +
                 formatMove(it->second, game_.size()));
        game_.play(it->second);
    }
}

// printsgf to a file, read it back here, and now and then load it into the engine again.
void Soak::printAndLoadSgf() {
    const fs::path file = tempDir_ / ("game-" + std::to_string(sgfCount_++ % 8) + ".sgf");
    expectOk("printsgf " + file.string());
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    try {
        if (!(replayRecord(readSgf(text.str())).position() == game_.position()))
            throw RecordError("a different position");
    } catch (const std::exception& e) {
        fail(tally_.protocolErrors, "printsgf wrote a bad record: " + std::string(e.what()));
        throw GameAborted{};
    }
    if (coin(0.3)) {
        expectOk("loadsgf " + file.string());
        checkPosition();
    }
}

// amz-analyze runs until the next command, which ask() sends after a short wait.
void Soak::startAnalysis() {
    const std::string command =
        coin(0.5) ? "amz-analyze 1"
                  : "amz-analyze " + color() + " interval " + std::to_string(pick(1, 3));
    ++tally_.commands;
    engine_->post(command);
    closeStream();  // a stream still open ends with this line
    openStream_ = command;
    std::this_thread::sleep_for(std::chrono::milliseconds(pick(1, 25)));
}

// ---- the run -----------------------------------------------------------------------------

int Soak::scanEngineLog() {
    if (o_.engineLog.empty()) return 0;
    std::ifstream in(o_.engineLog);
    std::string first;
    for (std::string line; std::getline(in, line);)
        for (const char* mark : kSanitizerMarks)
            if (line.find(mark) != std::string::npos) {
                ++tally_.sanitizerReports;
                if (first.empty()) first = line;
                break;
            }
    if (!first.empty()) std::cerr << "hippolyta-soak: first sanitizer report: " << first << '\n';
    return tally_.sanitizerReports;
}

void Soak::printSummary(double seconds) {
    for (const auto& e : tally_.firstErrors)
        std::cerr << "hippolyta-soak: error: " << e << '\n';
    std::cout << "games: " << tally_.games << "\nmoves: " << tally_.moves
              << "\ncommands: " << tally_.commands << "\nillegal_moves: " << tally_.illegalMoves
              << "\nprotocol_errors: " << tally_.protocolErrors
              << "\nengine_crashes: " << tally_.crashes
              << "\nsanitizer_reports: " << tally_.sanitizerReports
              << "\nelapsed_seconds: " << static_cast<long>(seconds) << std::endl;
}

int Soak::runGames() {
    const auto t0 = Clock::now();
    startEngine();
    int attempts = 0;
    while (tally_.games < o_.games && attempts++ < 2 * o_.games + 10) {
        try {
            playGame();
        } catch (const GameAborted&) {
        } catch (const EngineFailure& e) {
            fail(e.kind() == FailureKind::Crash ? tally_.crashes : tally_.protocolErrors,
                 std::string("engine failure: ") + e.what());
            if (tally_.crashes >= o_.maxCrashes) break;
            startEngine();
        }
        if (tally_.games % 50 == 0 && tally_.games > 0)
            std::cerr << "hippolyta-soak: " << tally_.games << " games, " << tally_.moves
                      << " moves\n";
    }
    try {
        closeStream();
        engine_->quit(o_.timeout);  // a generous wait: LeakSanitizer reports at exit
    } catch (const std::exception& e) {
        fail(tally_.protocolErrors, std::string("at quit: ") + e.what());
    }
    engine_.reset();
    scanEngineLog();
    printSummary(std::chrono::duration<double>(Clock::now() - t0).count());
    const bool clean = tally_.illegalMoves == 0 && tally_.protocolErrors == 0 &&
                       tally_.crashes == 0 && tally_.sanitizerReports == 0;
    return clean && tally_.games == o_.games ? 0 : 1;
}

// VmRSS and VmHWM of a process in MB, from /proc/PID/status (0 when unreadable).
std::pair<double, double> residentMb(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    double rss = 0, hwm = 0;
    for (std::string key; in >> key;) {
        double kb = 0;
        if (key == "VmRSS:" && in >> kb)
            rss = kb / 1024;
        else if (key == "VmHWM:" && in >> kb)
            hwm = kb / 1024;
    }
    return {rss, hwm};
}

int Soak::runPonderMemory() {
    startEngine(" --memory " + std::to_string(o_.memoryMb) + " --ponder --max-ponder " +
                std::to_string(static_cast<long>(o_.ponderSeconds) + 60));
    const int pid = engine_->pid();
    double peakRss = 0, peakHwm = 0;
    try {
        expectOk("boardsize 10");
        const GtpReply move = ask("genmove white");
        if (!move.ok) throw std::runtime_error("genmove failed: " + move.text);
        const auto t0 = Clock::now();
        for (int s = 0;; ++s) {
            const auto [rss, hwm] = residentMb(pid);
            peakRss = std::max(peakRss, rss);
            peakHwm = std::max(peakHwm, hwm);
            if (s % 60 == 0)
                std::cerr << "hippolyta-soak: pondering " << s << " s, rss " << rss << " MB\n";
            const auto next = t0 + std::chrono::seconds(s + 1);
            if (std::chrono::duration<double>(next - t0).count() > o_.ponderSeconds) break;
            std::this_thread::sleep_until(next);
        }
        expectOk("name");  // ends the ponder
        engine_->quit(o_.timeout);
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-soak: " << e.what() << '\n';
        return 1;
    } catch (const GameAborted&) {
        return 1;
    }
    const double limit = o_.memoryMb + o_.allowanceMb;
    std::cout << "ponder_seconds: " << o_.ponderSeconds << "\nmemory_cap_mb: " << o_.memoryMb
              << "\npeak_rss_mb: " << static_cast<long>(peakRss)
              << "\nvm_hwm_mb: " << static_cast<long>(peakHwm)
              << "\nlimit_mb: " << static_cast<long>(limit) << std::endl;
    return peakHwm <= limit && peakRss <= limit ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    SoakOptions o;
    std::string sizes = "fixed";
    const fs::path beside = fs::absolute(fs::path(argv[0])).parent_path() / "hippolyta";
    po::options_description opts(
        "Usage: hippolyta-soak [options]\n"
        "Self-play soak of a GTP engine with random extra commands (docs/robustness.md).\n"
        "Options");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("engine", po::value(&o.engine)->default_value(beside.string() + " --move-time 0.005"),
            "engine command line: one command and its arguments (run with exec)")
        ("games", po::value(&o.games)->default_value(o.games), "self-play games to play")
        ("size", po::value(&o.size)->default_value(o.size), "board size 5..11")
        ("sizes", po::value(&sizes)->default_value(sizes), "fixed (--size) or mixed (5..10)")
        ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the random choices")
        ("engine-log", po::value(&o.engineLog),
            "append the engine's stderr to this file and scan it for sanitizer reports")
        ("traffic", po::value(&o.trafficFile), "write the GTP traffic to this file")
        ("timeout", po::value(&o.timeout)->default_value(o.timeout),
            "seconds the engine may take for any one answer")
        ("max-crashes", po::value(&o.maxCrashes)->default_value(o.maxCrashes),
            "stop after this many engine crashes")
        ("ponder-seconds", po::value(&o.ponderSeconds)->default_value(0),
            "memory mode: play one move, ponder this long, report the peak resident size")
        ("memory", po::value(&o.memoryMb)->default_value(o.memoryMb),
            "memory mode: the engine's --memory cap in MB")
        ("allowance", po::value(&o.allowanceMb)->default_value(o.allowanceMb),
            "memory mode: MB allowed above the cap for code, stacks and the allocator");
    // clang-format on
    try {
        po::variables_map vm;
        po::store(po::parse_command_line(argc, argv, opts), vm);
        if (vm.count("help")) {
            std::cout << opts << '\n';
            return 0;
        }
        po::notify(vm);
        if (sizes != "fixed" && sizes != "mixed") throw po::error("--sizes must be fixed or mixed");
        o.mixedSizes = sizes == "mixed";
        if (o.size < 5 || o.size > 11 || o.games < 0 || o.timeout <= 0 || o.ponderSeconds < 0 ||
            o.memoryMb < 1 || o.allowanceMb < 0)
            throw po::error("--size must be 5..11; counts and times not negative");
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-soak: " << e.what() << " (see --help)\n";
        return 2;
    }
    try {
        if (!o.engineLog.empty()) std::ofstream(o.engineLog, std::ios::trunc);
        Soak soak(o);
        return o.ponderSeconds > 0 ? soak.runPonderMemory() : soak.runGames();
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-soak: " << e.what() << '\n';
        return 1;
    }
}
