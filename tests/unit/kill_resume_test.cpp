// Kill and resume: the match runner, the book builder and the engine are killed with SIGKILL
// (their whole process group) at seeded points of their work (a line of output, a size of the
// book, a number of answers), again and again. After every kill the files they write must be
// valid and hold everything finished or answered before it; a rerun must carry on to the same
// end as an uninterrupted run. Needs build/bin's binaries.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <boost/process.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "adapters/match/results_table.h"
#include "adapters/process/gtp_process.h"
#include "adapters/tournament/standings.h"
#include "engine/core/game.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "opening-book/book_file.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;
using std::chrono::milliseconds;

const fs::path kBin = HIPPOLYTA_BIN_DIR;

// A fresh folder for one part of a test: NAME inside the test's own folder (test_dir.h).
class ScratchDir {
  public:
    explicit ScratchDir(const std::string& name) : path_(root_ / name) {
        fs::create_directories(path_);
    }
    const fs::path& path() const { return path_; }

  private:
    TestDir root_;
    fs::path path_;
};

// Every wait below is on a condition (a line of output, a file's content, an answer), never on
// a time, so that a loaded machine changes only how long a test takes. kCap bounds each wait so
// that a hung tool fails the test instead of blocking it.
constexpr std::chrono::seconds kCap(600);

// When to SIGKILL a run's process group: once the tool has written `afterLines` lines (stdout
// and stderr together), or once `ready()` holds (checked every few milliseconds). With neither,
// the run is left to end by itself.
struct KillWhen {
    int afterLines = 0;
    std::function<bool()> ready;
};

struct ToolRun {
    bool finished = false;  // ended by itself (then with exit code 0), not killed
    int lines = 0;          // lines of output it wrote
};

// Runs a tool of build/bin in a process group of its own, reading its output on a thread that
// counts the lines and kills the group at the line `when` names.
ToolRun runTool(const std::string& tool, const std::vector<std::string>& args,
                const KillWhen& when) {
    bp::group group;
    bp::ipstream output;
    bp::child child((kBin / tool).string(), bp::args(args),
                    bp::std_in<bp::null, (bp::std_out & bp::std_err)> output, group);
    const pid_t pgid = child.id();  // the child leads its group
    std::atomic<int> lines{0};
    std::atomic<bool> killed{false};
    std::thread reader([&] {
        for (std::string line; std::getline(output, line);)
            if (++lines == when.afterLines && !killed.exchange(true)) ::killpg(pgid, SIGKILL);
    });
    const auto deadline = std::chrono::steady_clock::now() + kCap;
    try {
        while (child.running() && !killed) {
            if (when.ready && when.ready()) {
                killed = true;
                ::killpg(pgid, SIGKILL);
            } else if (std::chrono::steady_clock::now() > deadline) {
                ADD_FAILURE() << tool << " still runs after " << kCap.count() << " s";
                killed = true;
                ::killpg(pgid, SIGKILL);
            } else {
                std::this_thread::sleep_for(milliseconds(2));
            }
        }
    } catch (...) {  // from ready(): end the run and the reader before passing it on
        ::killpg(pgid, SIGKILL);
        child.wait();
        reader.join();
        throw;
    }
    child.wait();
    ::killpg(pgid, SIGKILL);  // whatever the tool left behind, so that the output ends
    reader.join();
    ToolRun run{!killed, lines};
    if (run.finished) {
        EXPECT_EQ(child.exit_code(), 0) << tool;
    }
    return run;
}

// Reruns the tool until a run ends by itself, each run killed as killAt(rng) says: at most
// kMaxKills kills, then one run left alone. checkFiles() runs after every run. Returns the
// number of kills.
constexpr int kMaxKills = 8;
int killUntilDone(const std::string& tool, const std::vector<std::string>& args, uint32_t seed,
                  const std::function<KillWhen(std::mt19937&)>& killAt,
                  const std::function<void()>& checkFiles) {
    std::mt19937 rng(seed);
    int kills = 0;
    while (kills < kMaxKills && !runTool(tool, args, killAt(rng)).finished) {
        ++kills;
        checkFiles();
    }
    if (kills == kMaxKills) {
        EXPECT_TRUE(runTool(tool, args, {}).finished);
    }
    checkFiles();
    return kills;
}

// Kills at a seeded line within the first half of the `whole` lines that an uninterrupted run
// wrote: a fresh run writes as many, so its first run is always killed.
std::function<KillWhen(std::mt19937&)> atALine(int whole) {
    return [whole](std::mt19937& rng) {
        return KillWhen{std::uniform_int_distribution<int>(1, std::max(1, whole / 2))(rng), {}};
    };
}

// The match and tournament runners' options for the tests: tiny fast games (no endgame solver,
// whose node budget ignores --visits), every engine's exchange written out (-v: the lines that
// kills count), and time-outs so long that only a hung engine reaches them.
const std::string kEngine =
    (kBin / "hippolyta").string() + " --no-book --visits 20 --param endgame_budget=0";
const std::vector<std::string> kRunnerArgs = {
    "-v",  "--size",         "6",  "--seed", "7", "--startup-timeout", "600", "--command-timeout",
    "600", "--move-timeout", "600"};

std::vector<std::string> joined(std::vector<std::string> a, const std::vector<std::string>& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

// ---- the match runner ---------------------------------------------------------------------

// The table as it is on disk now: rows of distinct games, none repeated.
std::vector<GameRow> checkedRows(const fs::path& table) {
    if (!fs::exists(table)) return {};
    const ParsedTable parsed = parseResultsTable(fileBytes(table), table.string());
    std::set<int> games;
    for (const GameRow& row : parsed.rows)
        EXPECT_TRUE(games.insert(row.game).second) << "game " << row.game << " counted twice";
    return parsed.rows;
}

TEST(KillResume, MatchRunnerKeepsEveryFinishedGame) {
    ScratchDir dir("match");
    const int games = 16;
    const std::vector<std::string> args =
        joined({"--engine1", kEngine + " --seed 1", "--engine2", kEngine + " --seed 2", "--games",
                std::to_string(games), "--random-plies", "2"},
               kRunnerArgs);
    // An uninterrupted run elsewhere, for the kill moments.
    const ToolRun whole = runTool(
        "hippolyta-match", joined(args, {"--out", (dir.path() / "uninterrupted").string()}), {});
    ASSERT_TRUE(whole.finished);
    const std::vector<std::string> killed = joined(args, {"--out", dir.path().string()});

    const fs::path table = dir.path() / "results.tsv";
    size_t rowsBefore = 0;
    const int kills = killUntilDone("hippolyta-match", killed, 2024, atALine(whole.lines), [&] {
        const std::vector<GameRow> rows = checkedRows(table);
        EXPECT_GE(rows.size(), rowsBefore) << "finished games were lost";
        rowsBefore = rows.size();
    });
    EXPECT_GE(kills, 1);
    RecordProperty("kills", kills);
    const std::vector<GameRow> rows = checkedRows(table);
    ASSERT_EQ(rows.size(), static_cast<size_t>(games));
    for (const GameRow& row : rows) {
        ASSERT_TRUE(row.game >= 1 && row.game <= games) << row.game;  // numbered from 1
        char name[32];
        std::snprintf(name, sizeof name, "game-%06d", row.game);
        const fs::path base = dir.path() / "games" / name;
        const GameRecord sgf = readSgf(fileBytes(base.string() + ".sgf"));
        const GameRecord text = readTextRecord(fileBytes(base.string() + ".txt"));
        EXPECT_EQ(sgf.moves.size(), static_cast<size_t>(row.plies)) << name;
        EXPECT_EQ(text.moves, sgf.moves) << name;
        EXPECT_EQ(resultWinner(sgf.result), row.winner) << name;
        EXPECT_TRUE(replayRecord(sgf).isOver()) << name << " did not end";
    }
}

// ---- the tournament runner ----------------------------------------------------------------

TEST(KillResume, TournamentKeepsEveryFinishedGameAndItsSwissRounds) {
    ScratchDir dir("tournament");
    {
        std::ofstream json(dir.path() / "entrants.json");
        json << "{\"engines\": [";
        for (int i = 1; i <= 5; ++i)
            json << (i > 1 ? "," : "") << "{\"name\": \"e" << i << "\", \"command\": \"" << kEngine
                 << " --seed " << i << "\"}";
        json << "]}";
    }
    // 5 entrants, a Swiss of 3 rounds: 2 encounters (4 games) a round, one bye.
    const std::vector<std::string> args =
        joined({(dir.path() / "entrants.json").string(), "--format", "swiss", "--rounds", "3"},
               kRunnerArgs);
    const ToolRun whole =
        runTool("hippolyta-tournament",
                joined(args, {"--out", (dir.path() / "uninterrupted").string()}), {});
    ASSERT_TRUE(whole.finished);
    const std::vector<std::string> killed = joined(args, {"--out", (dir.path() / "out").string()});

    const fs::path table = dir.path() / "out" / "results.tsv";
    size_t rowsBefore = 0;
    const int kills = killUntilDone("hippolyta-tournament", killed, 77, atALine(whole.lines), [&] {
        const std::vector<GameRow> rows = checkedRows(table);
        EXPECT_GE(rows.size(), rowsBefore) << "finished games were lost";
        rowsBefore = rows.size();
        if (!fs::exists(table)) return;
        // Every kept game is a game of the Swiss pairing re-derived from the kept results.
        const TournamentInfo info =
            parseTournamentKey(parseResultsTable(fileBytes(table), "t").matchKey);
        EXPECT_NO_THROW(scheduleFromResults(info, rows));
    });
    EXPECT_GE(kills, 1);
    RecordProperty("kills", kills);
    const std::vector<GameRow> rows = checkedRows(table);
    ASSERT_EQ(rows.size(), 12u);
    const auto standings = nlohmann::json::parse(fileBytes(dir.path() / "out" / "standings.json"));
    EXPECT_EQ(standings["games"].size(), 12u);
    int points = 0;
    for (const auto& e : standings["entrants"])
        points += e["points"].get<int>();
    EXPECT_EQ(points, 12 + 3) << "a point per game and per bye";
}

// ---- the book builder --------------------------------------------------------------------

std::vector<std::string> bookArgs(const fs::path& book) {
    return {"build",     "--book", book.string(), "--size", "8",           "--visits", "200",
            "--threads", "1",      "--seed",      "3",      "--positions", "40"};
}

TEST(KillResume, BookBuilderResumesToTheSameBook) {
    ScratchDir dir("book");
    const fs::path reference = dir.path() / "reference.book";
    ASSERT_TRUE(runTool("hippolyta-book", bookArgs(reference), {}).finished);
    const Book whole = loadBook(reference);
    ASSERT_EQ(whole.size(), 40u);

    // Each run is killed once the book on disk (replaced whole after every position) has grown
    // by a seeded 1 to 6 positions: kills land in the builder's searches.
    const fs::path book = dir.path() / "killed.book";
    const auto positions = [&] { return fs::exists(book) ? loadBook(book).size() : size_t{0}; };
    // While the builder runs, a read can meet the file being replaced (its size taken before the
    // rename, its bytes after): that read says "not yet", and the next one sees the new file.
    const auto positionsNow = [&] {
        try {
            return positions();
        } catch (const BookError&) {
            return size_t{0};
        }
    };
    const auto grown = [&](std::mt19937& rng) {
        const size_t target = positions() + std::uniform_int_distribution<size_t>(1, 6)(rng);
        return KillWhen{0, [&positionsNow, target] { return positionsNow() >= target; }};
    };
    size_t before = 0;
    const int kills = killUntilDone("hippolyta-book", bookArgs(book), 99, grown, [&] {
        const size_t now = positions();  // throws on a damaged file
        EXPECT_GE(now, before) << "positions were lost";
        before = now;
    });
    EXPECT_GE(kills, 1);
    RecordProperty("kills", kills);
    ASSERT_TRUE(fs::exists(book));
    EXPECT_TRUE(serializeBook(loadBook(book)) == serializeBook(whole))
        << "a resumed build differs from an uninterrupted one";
}

// ---- the engine's game log ---------------------------------------------------------------

// Plays a game against the engine (our random moves and its genmoves, alternately) and SIGKILLs
// its process group once `killAfter` moves were answered: between two commands, or with
// inFlight just after the next command was sent, while the engine works on it. Returns the
// moves whose answers arrived.
std::vector<Move> playUntilKilled(GtpProcess& engine, std::mt19937& rng, size_t killAfter,
                                  bool inFlight) {
    const double cap = std::chrono::duration<double>(kCap).count();
    std::vector<Move> answered;
    Game game(Position::start(10));
    try {
        if (!engine.send("boardsize 10", cap).ok) ADD_FAILURE() << "boardsize refused";
        while (!game.isOver()) {
            const std::string color = colorName(game.position().sideToMove());
            std::optional<Move> ours;
            if (game.moves().size() % 2 == 0) {
                MoveList moves;
                game.position().generateMoves(moves);
                ours = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
            }
            const std::string command =
                ours ? "play " + color + " " + formatMove(*ours, 10) : "genmove " + color;
            GtpReply reply;
            if (answered.size() == killAfter && inFlight) {
                engine.post(command);
                ::kill(-engine.pid(), SIGKILL);
                reply = engine.receive(command, cap);  // an answer sent before the kill, if any
            } else {
                if (answered.size() == killAfter) ::kill(-engine.pid(), SIGKILL);
                reply = engine.send(command, cap);
            }
            if (!reply.ok) ADD_FAILURE() << command << " refused: " << reply.text;
            const Move m = ours ? *ours : parseMove(reply.text, 10);
            game.play(m);
            answered.push_back(m);
        }
    } catch (const EngineFailure& e) {
        EXPECT_EQ(e.kind(), FailureKind::Crash) << e.what();
    }
    return answered;
}

TEST(KillResume, EngineGameLogHoldsEveryAnsweredMove) {
    std::mt19937 rng(5);
    for (int i = 0; i < 8; ++i) {
        ScratchDir dir("engine-" + std::to_string(i));
        const size_t killAfter = std::uniform_int_distribution<size_t>(1, 30)(rng);
        std::vector<Move> answered;
        {
            GtpProcess engine("exec " + (kBin / "hippolyta").string() + " --no-book --visits 20" +
                                  " --game-log " + dir.path().string(),
                              false);
            answered = playUntilKilled(engine, rng, killAfter, i % 2 == 1);
        }
        ASSERT_FALSE(answered.empty()) << "kill " << i;  // at least killAfter, or a whole game
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir.path()))
            if (entry.path().extension() == ".txt") files.push_back(entry.path());
        ASSERT_EQ(files.size(), 1u) << "kill " << i;
        const GameRecord record = readTextRecord(fileBytes(files[0]));  // throws if malformed
        ASSERT_GE(record.moves.size(), answered.size()) << "kill " << i << ": moves lost";
        // At most the move in flight (logged, its answer not read yet) beyond those answered.
        EXPECT_LE(record.moves.size(), answered.size() + 1) << "kill " << i;
        EXPECT_TRUE(std::equal(answered.begin(), answered.end(), record.moves.begin()))
            << "kill " << i;
    }
}

}  // namespace
}  // namespace hippolyta
