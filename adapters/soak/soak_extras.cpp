#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>

#include "adapters/soak/soak_session.h"
#include "engine/core/file_io.h"
#include "engine/core/records/game_record.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

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

}  // namespace

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
    const int squares = pos.width() * pos.width();
    Move m;
    do {
        m = Move{static_cast<uint8_t>(pick(0, squares - 1)),
                 static_cast<uint8_t>(pick(0, squares - 1)),
                 static_cast<uint8_t>(pick(0, squares - 1))};
    } while (pos.isLegal(m));
    expectError("play " + color() + " " + formatMove(m, pos.width()));
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
    try {
        if (!(replayRecord(readSgf(readWholeFile(file.string()))).position() == game_.position()))
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
    const std::string id = post(command);
    closeStream();  // a stream still open ends with this line
    openStream_ = command;
    openStreamId_ = id;
    std::this_thread::sleep_for(std::chrono::milliseconds(pick(1, 25)));
}

// ---- the run -----------------------------------------------------------------------------

int Soak::runPonderMemory() {
    startEngine(" --memory " + std::to_string(o_.memoryMb) + " --ponder --max-ponder " +
                    std::to_string(static_cast<long>(o_.ponderSeconds) + 60),
                true);
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

int runPonderMemory(const SoakOptions& o) {
    return Soak(o).runPonderMemory();
}

}  // namespace hippolyta
