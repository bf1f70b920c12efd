// Hostile referee scripts (tests/sau/hostile/*.script) against the real program: what a referee
// might send that the SAU Game Platform itself never would (NULs, garbage, `error` after a legal
// move, a repeated `new`, `end` mid-game, a closed stdin), read back through one pipe for stdout
// and stderr as the platform reads it. Every line the program writes must be a protocol line the
// script expects; every move must be legal (our rules core) and never one refused before.
//
// A script is one directive a line ('#' starts a comment line):
//   program NAME [ARGS...]   build/bin/NAME with ARGS (first)
//   copy NAME | link NAME    the program as a copy, or a link named hippolyta-sau, in a folder
//                            of its own, started there with the arguments of `args` (if any)
//   args ARGS...             those arguments
//   conf LINE                a line of hippolyta-sau.conf beside a copied program
//   send TEXT | raw TEXT     TEXT and a line break, or TEXT alone (escapes \n \r \t \0 \xHH)
//   garbage N                N bytes of every value but the line break, then one
//   new black | new white    the command, and a new game here
//   opponent                 our first legal move for the side to move, sent as a move
//   refuse                   `error`, taking back the program's last move
//   end                      `end`; moves are then ignored
//   expect name TEXT | expect move | expect silence SECONDS
//   playout                  the game to its end: moves each way, garbage between them, the last
//                            move and `end` in one write when ours ends it
//   close                    closes the program's stdin
//   exit CODE                the program ends within 10 s with CODE, having written nothing more
//   logged TEXT              the copied program's log file holds TEXT
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include "adapters/process/child_process.h"
#include "adapters/sau/sau_protocol.h"
#include "engine/core/file_io.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"
#include "tests/unit/test_dir.h"

namespace fs = std::filesystem;

namespace hippolyta {
namespace {

const fs::path kScripts = fs::path(HIPPOLYTA_SOURCE_DIR) / "tests/sau/hostile";

std::string unescape(const std::string& text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\' || i + 1 == text.size()) {
            out += text[i];
            continue;
        }
        const char c = text[++i];
        if (c == 'n')
            out += '\n';
        else if (c == 'r')
            out += '\r';
        else if (c == 't')
            out += '\t';
        else if (c == '0')
            out += '\0';
        else if (c == 'x' && i + 2 < text.size() + 1) {
            out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else
            out += c;
    }
    return out;
}

class ScriptRun {
  public:
    explicit ScriptRun(const fs::path& folder) : folder_(folder) {}

    void run(const fs::path& script) {
        std::ifstream in(script);
        std::string line;
        for (int number = 1; std::getline(in, line); ++number) {
            SCOPED_TRACE(script.filename().string() + ":" + std::to_string(number) + ": " + line);
            if (line.empty() || line[0] == '#') continue;
            directive(line);
            if (::testing::Test::HasFatalFailure()) return;
        }
    }

  private:
    void directive(const std::string& line) {
        std::istringstream words(line);
        std::string word, rest;
        words >> word;
        std::getline(words >> std::ws, rest);
        if (word == "program")
            program_ = rest;
        else if (word == "args")
            args_ = rest;
        else if (word == "copy" || word == "link")
            place(word, rest);
        else if (word == "conf")
            conf_ += unescape(rest) + "\n";
        else if (word == "send")
            write(unescape(rest) + "\n");
        else if (word == "raw")
            write(unescape(rest));
        else if (word == "garbage")
            garbage(std::stoi(rest));
        else if (word == "new")
            newGame(rest);
        else if (word == "opponent")
            opponent("");
        else if (word == "refuse")
            refuse();
        else if (word == "end")
            endGame();
        else if (word == "expect")
            expect(rest);
        else if (word == "playout")
            playout();
        else if (word == "close")
            process().closeInput();
        else if (word == "exit")
            exitWith(std::stoi(rest));
        else if (word == "logged")
            logged(rest);
        else
            FAIL() << "unknown directive";
    }

    void place(const std::string& how, const std::string& name) {
        const fs::path bin = fs::path(HIPPOLYTA_BIN_DIR) / name;
        placed_ = folder_ / (how == "copy" ? name : std::string("hippolyta-sau"));
        if (how == "copy")
            fs::copy_file(bin, placed_, fs::copy_options::overwrite_existing);
        else
            fs::create_symlink(bin, placed_);
    }

    ChildProcess& process() {
        if (!process_) {
            std::string command;
            if (placed_.empty()) {
                command = "exec " + (fs::path(HIPPOLYTA_BIN_DIR) / program_).string();
            } else {
                if (!conf_.empty())
                    writeFileAtomically((folder_ / "hippolyta-sau.conf").string(), conf_);
                command = "cd " + folder_.string() + " && exec " + placed_.string() + " " + args_;
            }
            process_ = std::make_unique<ChildProcess>(command, ChildStderr::mergeWithStdout());
        }
        return *process_;
    }

    void write(const std::string& bytes) { EXPECT_TRUE(process().write(bytes)); }

    void garbage(int n) {
        std::string g;
        for (int i = 0; i < n; ++i) {
            const char c = static_cast<char>(i * 37 % 256);
            g += c == '\n' ? 'x' : c;
        }
        write(g + "\n");
    }

    void newGame(const std::string& colour) {
        write("new " + colour + "\n");
        game_ = Game(Position::start(kSauBoardSize));
        us_ = toOurColor(colour == "black" ? SauColor::Black : SauColor::White);
        refused_.clear();
        over_ = false;
    }

    // Sends the first legal move of the side to move (or `tail` after it in the same write).
    void opponent(const std::string& tail) {
        MoveList moves;
        game_.position().generateMoves(moves);
        ASSERT_FALSE(moves.empty());
        game_.play(moves.front());
        refused_.clear();
        write("move " + formatSauMove(moves.front()) + "\n" + tail);
    }

    void refuse() {
        write("error\n");
        ASSERT_FALSE(game_.moves().empty());
        refused_.push_back(game_.moves().back());
        game_.undo();
    }

    void endGame() {
        write("end\n");
        over_ = true;
    }

    std::optional<std::string> readLine(double seconds) { return process().readLine(seconds); }

    void expect(const std::string& what) {
        if (what.rfind("silence", 0) == 0) {
            const std::optional<std::string> line = readLine(std::stod(what.substr(8)));
            EXPECT_FALSE(line) << "unexpected output: " << *line;
            return;
        }
        const std::optional<std::string> line = readLine(30);
        ASSERT_TRUE(line) << "no answer";
        if (what.rfind("name ", 0) == 0) {
            EXPECT_EQ(*line, what);
            return;
        }
        ASSERT_EQ(what, "move");
        ASSERT_EQ(line->size(), 11u) << *line;
        ASSERT_EQ(line->substr(0, 5), "move ") << *line;
        const std::optional<Move> m = parseSauMove(line->substr(5));
        ASSERT_TRUE(m) << *line;
        EXPECT_FALSE(over_) << "a move after the end";
        EXPECT_EQ(game_.position().sideToMove(), us_);
        ASSERT_TRUE(game_.position().isLegal(*m))
            << *line << " in " << formatPosition(game_.position());
        EXPECT_EQ(std::count(refused_.begin(), refused_.end(), *m), 0)
            << "refused before: " << *line;
        game_.play(*m);
    }

    void playout() {
        while (true) {
            if (sauGameOver(game_.position())) return endGame();
            if (game_.position().sideToMove() == us_) {
                expect("move");
                if (::testing::Test::HasFatalFailure()) return;
                garbage(50);
                raw(std::string("\0\0\n", 3));
                continue;
            }
            Position after = game_.position();
            MoveList moves;
            after.generateMoves(moves);
            after.makeMove(moves.front());
            if (sauGameOver(after)) {
                opponent("end\n");  // the platform's one write to the loser
                over_ = true;
                return;
            }
            opponent("");
        }
    }

    void raw(const std::string& bytes) { write(bytes); }

    void exitWith(int code) {
        const std::optional<std::string> line = readLine(10);
        EXPECT_FALSE(line) << "unexpected output: " << *line;
        EXPECT_TRUE(process().outputEnded());
        EXPECT_EQ(process().exitDescription(), "exited with code " + std::to_string(code));
    }

    void logged(const std::string& text) {
        const std::string log = fileBytes(folder_ / "hippolyta-sau.log");
        EXPECT_NE(log.find(text), std::string::npos) << log;
    }

    fs::path folder_;
    std::string program_;
    std::string args_;
    fs::path placed_;
    std::string conf_;
    std::unique_ptr<ChildProcess> process_;
    Game game_{Position::start(kSauBoardSize)};
    Color us_ = Color::White;
    std::vector<Move> refused_;
    bool over_ = false;
};

class SauScriptTest : public ::testing::TestWithParam<std::string> {};

TEST_P(SauScriptTest, Runs) {
    TestDir dir;
    ScriptRun run(dir.path());
    run.run(kScripts / (GetParam() + ".script"));
}

std::vector<std::string> scriptNames() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(kScripts))
        if (entry.path().extension() == ".script") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

INSTANTIATE_TEST_SUITE_P(Hostile, SauScriptTest, ::testing::ValuesIn(scriptNames()),
                         [](const auto& info) {
                             std::string n = info.param;
                             std::replace(n.begin(), n.end(), '-', '_');
                             return n;
                         });

}  // namespace
}  // namespace hippolyta
