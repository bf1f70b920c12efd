#include <unistd.h>

#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>
#include <utility>

#include "adapters/process/child_process.h"
#include "adapters/soak/soak_session.h"
#include "engine/core/records/game_record.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

// Lines in the engine's stderr that are sanitizer reports.
const char* const kSanitizerMarks[] = {
    "ERROR: AddressSanitizer", "runtime error:", "WARNING: ThreadSanitizer", "LeakSanitizer"};

}  // namespace

Soak::Soak(SoakOptions o) : o_(std::move(o)), rng_(o_.seed) {
    tempDir_ = fs::temp_directory_path() /
               ("hippolyta-soak-" + std::to_string(::getpid()) + "-" + std::to_string(o_.seed));
    fs::create_directories(tempDir_);
    if (!o_.trafficFile.empty()) trafficFile_.open(o_.trafficFile);
}

Soak::~Soak() {
    std::error_code ec;
    fs::remove_all(tempDir_, ec);
}

// The command runs under /bin/sh as the match runs it, so `cd DIR && ...` and variables work;
// the memory mode execs it instead, so that the process it measures is the engine.
void Soak::startEngine(const std::string& extraArgs, bool exec) {
    engine_.reset();
    std::string command = exec ? "exec " + o_.engine + extraArgs : o_.engine + extraArgs;
    if (!o_.engineLog.empty()) command = "{ " + command + "\n} 2>>" + shellQuote(o_.engineLog);
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
    const GtpReply r = receive(command, openStreamId_);
    if (!r.ok) {
        fail(tally_.protocolErrors, "'" + command + "' failed: " + r.text);
        throw GameAborted{};
    }
    checkAnalysis(r.text, command);
}

// Sends a command, every other one given an id, and returns the id it carries.
std::string Soak::post(const std::string& command) {
    ++tally_.commands;
    const size_t digits = command.find_first_not_of("0123456789");
    if (digits > 0 && (digits == std::string::npos || command[digits] == ' ')) {
        engine_->post(command);  // it has an id of its own
        return command.substr(0, digits);
    }
    const std::string id = tally_.commands % 2 ? std::to_string(tally_.commands) : "";
    engine_->post(id.empty() ? command : id + " " + command);
    return id;
}

// The reply to `command`, which must carry the id it was sent with.
GtpReply Soak::receive(const std::string& command, const std::string& id) {
    GtpReply r = engine_->receive(command, o_.timeout);
    if (r.id == id) return r;
    fail(tally_.protocolErrors,
         "'" + command + "' sent with id '" + id + "' was answered with id '" + r.id + "'");
    throw GameAborted{};
}

// Sends a command (ending any open stream first) and returns its answer.
GtpReply Soak::ask(const std::string& command) {
    const std::string id = post(command);
    closeStream();
    return receive(command, id);
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
        m = parseMove(answer, pos.width());
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

int runSoakGames(const SoakOptions& o) {
    return Soak(o).runGames();
}

}  // namespace hippolyta
