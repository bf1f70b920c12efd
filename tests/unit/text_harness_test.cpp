// Runs the .in/.std tests of tests/text-mode/ against build/bin/hippolyta the way the university
// assignment's harness does (shared/text-mode.md): the first line starts the program, the other
// lines go to its stdin except '*' instructions to the harness; the recorded win lines and dumps
// must equal the .std file; the program must exit with 0 after its input closes. A pair
// NAME-1.in / NAME-2.in is one test with two programs that can play each other.
#include <fcntl.h>
#include <gtest/gtest.h>

#include <boost/process.hpp>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include "engine/core/text_util.h"
#include "tests/unit/child_wait.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;
using Millis = std::chrono::milliseconds;

std::vector<std::string> readLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

// A program under test: its stdin, and its stdout and stderr read by threads into queues.
class Program {
  public:
    enum class Kind { Move, Win, Eof, Timeout };
    struct Event {
        Kind kind;
        std::string text;  // Move: "d1-d7(g7)"; Win: "* White wins."
    };

    explicit Program(const std::string& commandLine) {
        std::istringstream words(commandLine);
        std::string exe;
        words >> exe;
        if (exe != "hippolyta") throw std::runtime_error("the first line must start hippolyta");
        std::vector<std::string> args;
        for (std::string w; words >> w;)
            args.push_back(w);
        // Keep our ends of the pipes out of the other program, or it would hold this one's
        // stdin open after we close it.
        for (int fd :
             {in_.pipe().native_sink(), out_.pipe().native_source(), err_.pipe().native_source()})
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        child_ = bp::child(std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta", bp::args(args),
                           bp::std_in<in_, bp::std_out> out_, bp::std_err > err_);
        outReader_ = std::thread([this] { readAll(out_, outLines_, outEof_); });
        errReader_ = std::thread([this] { readAll(err_, errLines_, errEof_); });
    }

    ~Program() {
        closeInput();
        if (child_.running()) child_.terminate();
        outReader_.join();
        errReader_.join();
    }

    // Called by both scripts' threads in a two-program test.
    void send(const std::string& line) {
        std::lock_guard lock(inputMutex_);
        if (inputClosed_) return;
        in_ << line << '\n' << std::flush;
    }

    void closeInput() {
        std::lock_guard lock(inputMutex_);
        if (inputClosed_) return;
        inputClosed_ = true;
        in_.flush();
        in_.pipe().close();
    }

    // The next move or win line, recording dumps on the way; Timeout once `until` passes.
    Event next(Clock::time_point until) {
        std::string line;
        while (true) {
            if (!nextLine(line, until)) return {outEof_ ? Kind::Eof : Kind::Timeout, ""};
            // The harness deletes everything up to the last '>' of a line (prompts).
            if (const size_t gt = line.rfind('>'); gt != std::string::npos) line.erase(0, gt + 1);
            if (inDump_ || line == "===") {
                transcript_.push_back(line);
                inDump_ = !(inDump_ && line == "===");
                continue;
            }
            const std::string t = trimmed(line);
            if (t == "* White wins." || t == "* Black wins.") return {Kind::Win, t};
            if (t.rfind("* ", 0) == 0) return {Kind::Move, trimmed(t.substr(2))};
        }
    }

    void record(const std::string& line) { transcript_.push_back(line); }
    const std::vector<std::string>& transcript() const { return transcript_; }

    // Waits for the exit after the input closed; the exit code, or nothing if it did not exit.
    std::optional<int> waitExit(Millis limit) {
        if (!exitedWithin(child_, limit)) return std::nullopt;
        return child_.exit_code();
    }

    // Reads the rest of stdout (recording dumps) once the program has exited.
    void drain() {
        while (next(Clock::now() + std::chrono::seconds(5)).kind != Kind::Eof) {
        }
    }

    std::string stderrText() {
        std::lock_guard lock(mutex_);
        std::string all;
        for (const auto& l : errLines_)
            all += l + '\n';
        return all;
    }

  private:
    void readAll(bp::ipstream& stream, std::deque<std::string>& lines, bool& eof) {
        for (std::string line; std::getline(stream, line);) {
            std::lock_guard lock(mutex_);
            lines.push_back(line);
            ready_.notify_all();
        }
        std::lock_guard lock(mutex_);
        eof = true;
        ready_.notify_all();
    }

    bool nextLine(std::string& line, Clock::time_point until) {
        std::unique_lock lock(mutex_);
        ready_.wait_until(lock, until, [&] { return !outLines_.empty() || outEof_; });
        if (outLines_.empty()) return false;
        line = outLines_.front();
        outLines_.pop_front();
        return true;
    }

    bp::opstream in_;
    bp::ipstream out_, err_;
    bp::child child_;
    std::thread outReader_, errReader_;
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> outLines_, errLines_;
    bool outEof_ = false, errEof_ = false;
    std::mutex inputMutex_;
    bool inputClosed_ = false;
    bool inDump_ = false;
    std::vector<std::string> transcript_;
};

// One program's script: its lines after the command line.
struct Script {
    std::string name;
    std::vector<std::string> lines;
    std::unique_ptr<Program> program;
};

struct Limits {
    Millis move{10'000};
    Millis game{180'000};
};

// Runs each script in its own thread, as the assignment's harness runs two programs side by
// side; both scripts meet at each *remote move/win, which the first thread then plays.
class Harness {
  public:
    explicit Harness(std::vector<Script>& scripts) : scripts_(scripts) {}

    // Runs every script to its end; returns the first failure, or "" when all went well.
    std::string run() {
        std::string second;
        std::thread other;
        if (scripts_.size() == 2) other = std::thread([&] { second = runScript(1); });
        const std::string first = runScript(0);
        if (other.joinable()) other.join();
        return first.empty() ? second : first;
    }

  private:
    std::string runScript(size_t i) {
        std::string failure = runLines(i);
        std::lock_guard lock(mutex_);
        finished_[i] = true;
        changed_.notify_all();
        return failure;
    }

    std::string runLines(size_t i) {
        Script& s = scripts_[i];
        Limits limits;
        for (size_t n = 1; n < s.lines.size(); ++n) {
            if (s.lines[n].rfind('*', 0) != 0) {
                s.program->send(s.lines[n]);
                continue;
            }
            const std::string instr = trimmed(s.lines[n].substr(1));
            const std::string failure =
                instr == "remote move/win" ? remote(i, limits) : execute(i, instr, limits);
            if (!failure.empty()) return s.name + ": *" + instr + ": " + failure;
        }
        return "";
    }

    std::string execute(size_t i, const std::string& instr, Limits& limits) {
        Program& p = *scripts_[i].program;
        const Clock::time_point gameEnd = Clock::now() + limits.game;
        if (instr.rfind("time", 0) == 0) {
            std::istringstream args(instr.substr(4));
            double move = 0, game = 0;
            if (!(args >> move >> game)) return "expected *time MOVE GAME";
            limits = {Millis(std::lround(move * 1000)), Millis(std::lround(game * 1000))};
            return "";
        }
        if (instr == "move/win+") {
            while (true) {
                const auto ev = p.next(std::min(gameEnd, Clock::now() + limits.move));
                if (ev.kind == Program::Kind::Win) {
                    p.record(ev.text);
                    return "";
                }
                if (ev.kind != Program::Kind::Move) return describe(ev);
            }
        }
        if (instr == "win+") {
            const auto ev = p.next(Clock::now() + limits.move);
            if (ev.kind != Program::Kind::Win) return "expected a win line, " + describe(ev);
            p.record(ev.text);
            return "";
        }
        if (instr == "move") {
            if (scripts_.size() != 2) return "needs a second program";
            const auto ev = p.next(Clock::now() + limits.move);
            if (ev.kind != Program::Kind::Move) return "expected a move, " + describe(ev);
            scripts_[1 - i].program->send(ev.text);
            return "";
        }
        return "unknown instruction";
    }

    // Meets the other script here; the first script's thread plays the game.
    std::string remote(size_t i, const Limits& limits) {
        if (scripts_.size() != 2) return "needs a second program";
        std::unique_lock lock(mutex_);
        const int round = ++arrived_[i];
        changed_.notify_all();
        changed_.wait(lock, [&] { return arrived_[1 - i] >= round || finished_[1 - i]; });
        if (arrived_[1 - i] < round) return "the other program's script never got here";
        if (i == 1) {
            changed_.wait(lock, [&] { return played_ >= round; });
            return remoteFailure_.empty() ? "" : "see " + scripts_[0].name;
        }
        lock.unlock();
        std::string failure = playRemote(limits);
        lock.lock();
        remoteFailure_ = failure;
        played_ = round;
        changed_.notify_all();
        return failure;
    }

    // Each side's move lines go to the other until both have printed the same win line.
    std::string playRemote(const Limits& limits) {
        std::array<std::optional<std::string>, 2> wins;
        const auto gameEnd = Clock::now() + limits.game;
        auto moveEnd = Clock::now() + limits.move;
        while (!wins[0] || !wins[1]) {
            for (int i = 0; i < 2; ++i) {
                Program& p = *scripts_[i].program;
                const auto ev = p.next(Clock::now() + Millis(5));
                if (ev.kind == Program::Kind::Timeout) continue;
                const std::string who = scripts_[i].name + ": ";
                if (ev.kind == Program::Kind::Eof) return who + "the program ended its output";
                if (ev.kind == Program::Kind::Move) {
                    if (wins[i]) return who + "a move after its win line: " + ev.text;
                    scripts_[1 - i].program->send(ev.text);
                    moveEnd = Clock::now() + limits.move;
                } else {
                    if (wins[i]) return who + "a second win line";
                    wins[i] = ev.text;
                    p.record(ev.text);
                }
            }
            const auto now = Clock::now();
            if (now > moveEnd) return "no move within the move time limit";
            if (now > gameEnd) return "the game exceeded its time limit";
        }
        if (*wins[0] != *wins[1]) return "different win lines: " + *wins[0] + " / " + *wins[1];
        return "";
    }

    static std::string describe(const Program::Event& ev) {
        switch (ev.kind) {
            case Program::Kind::Move:
                return "got the move " + ev.text;
            case Program::Kind::Win:
                return "got " + ev.text;
            case Program::Kind::Eof:
                return "got the end of output";
            case Program::Kind::Timeout:
            default:
                return "timed out";
        }
    }

    std::vector<Script>& scripts_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::array<int, 2> arrived_{0, 0};
    std::array<bool, 2> finished_{false, false};
    int played_ = 0;
    std::string remoteFailure_;
};

struct HarnessCase {
    std::string name;
    std::vector<fs::path> inputs;  // one .in, or the -1.in and -2.in of a pair
};

void PrintTo(const HarnessCase& c, std::ostream* os) {
    *os << c.name;
}

std::vector<HarnessCase> discover(const fs::path& dir) {
    std::vector<HarnessCase> cases;
    if (!fs::is_directory(dir)) return cases;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".in") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& f : files) {
        const std::string stem = f.stem().string();
        if (stem.ends_with("-2")) continue;
        HarnessCase c{stem, {f}};
        if (stem.ends_with("-1")) {
            c.name = stem.substr(0, stem.size() - 2);
            c.inputs.push_back(f.parent_path() / (c.name + "-2.in"));
        }
        for (char& ch : c.name)
            if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
        cases.push_back(c);
    }
    return cases;
}

class TextHarness : public ::testing::TestWithParam<HarnessCase> {};

TEST_P(TextHarness, Passes) {
    const HarnessCase& c = GetParam();
    ASSERT_TRUE(fs::exists(std::string(HIPPOLYTA_BIN_DIR) + "/hippolyta"))
        << "build the hippolyta target first";
    std::vector<Script> scripts;
    for (const fs::path& in : c.inputs) {
        ASSERT_TRUE(fs::exists(in)) << in;
        Script s{in.filename().string(), readLines(in), nullptr};
        ASSERT_FALSE(s.lines.empty()) << in;
        s.program = std::make_unique<Program>(s.lines[0]);
        scripts.push_back(std::move(s));
    }
    Harness harness(scripts);
    const std::string failure = harness.run();
    for (Script& s : scripts)
        s.program->closeInput();
    std::string stderrTexts;
    for (size_t i = 0; i < scripts.size(); ++i) {
        Program& p = *scripts[i].program;
        const auto code = p.waitExit(Millis(5000));
        EXPECT_TRUE(code.has_value()) << scripts[i].name << ": did not exit after its input closed";
        if (code) {
            EXPECT_EQ(*code, 0) << scripts[i].name << ": exit code";
            p.drain();
        }
        stderrTexts += "stderr of " + scripts[i].name + ":\n" + p.stderrText();
        fs::path expected = c.inputs[i];
        expected.replace_extension(".std");
        if (fs::exists(expected)) {
            EXPECT_EQ(p.transcript(), readLines(expected)) << scripts[i].name << " vs " << expected;
        }
    }
    EXPECT_EQ(failure, "") << stderrTexts;
}

std::string caseName(const ::testing::TestParamInfo<HarnessCase>& info) {
    return info.param.name;
}

const fs::path kTests = fs::path(HIPPOLYTA_SOURCE_DIR) / "tests" / "text-mode";

INSTANTIATE_TEST_SUITE_P(Files, TextHarness, ::testing::ValuesIn(discover(kTests)), caseName);

// Full games at the default time budget (minutes): run with --gtest_also_run_disabled_tests.
INSTANTIATE_TEST_SUITE_P(DISABLED_Long, TextHarness, ::testing::ValuesIn(discover(kTests / "long")),
                         caseName);

}  // namespace
}  // namespace hippolyta
