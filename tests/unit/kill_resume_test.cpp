// Kill and resume: the match runner, the book builder and the engine are killed with SIGKILL
// (their whole process group) at seeded random moments, again and again. After every kill the
// files they write must be valid and hold everything finished or answered before it; a rerun
// must carry on to the same end as an uninterrupted run. Needs build/bin's binaries.
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
#include "tests/unit/child_wait.h"

namespace hippolyta {
namespace {

namespace bp = boost::process;
namespace fs = std::filesystem;
using std::chrono::milliseconds;

const fs::path kBin = HIPPOLYTA_BIN_DIR;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A fresh directory under the temp directory, removed at the end of the test.
class ScratchDir {
  public:
    explicit ScratchDir(const std::string& name)
        : path_(fs::temp_directory_path() /
                ("hippolyta-kill-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

// Runs a tool of build/bin in a process group of its own. With killAfter, SIGKILLs the whole
// group at that moment unless the tool ended before; returns true when it ended by itself
// (then with exit code 0), false when it was killed.
bool runTool(const std::string& tool, const std::vector<std::string>& args,
             std::optional<milliseconds> killAfter) {
    bp::group group;
    bp::child child((kBin / tool).string(), bp::args(args),
                    bp::std_in<bp::null, bp::std_out> bp::null, bp::std_err > bp::null, group);
    if (exitedWithin(child, killAfter.value_or(milliseconds(120'000)))) {
        EXPECT_EQ(child.exit_code(), 0) << tool;
        return true;
    }
    group.terminate();  // SIGKILL to the group
    child.wait();
    EXPECT_TRUE(killAfter.has_value()) << tool << " did not finish";
    return false;
}

// Milliseconds an uninterrupted run takes (to choose kill moments, never asserted on).
milliseconds timedRun(const std::string& tool, const std::vector<std::string>& args) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_TRUE(runTool(tool, args, std::nullopt));
    return std::chrono::duration_cast<milliseconds>(std::chrono::steady_clock::now() - t0);
}

// Reruns the tool, each run SIGKILLed at a seeded moment within the first half of `whole` (the
// length of an uninterrupted run), until a run ends by itself: at most kMaxKills kills, then
// one run left alone. checkFiles() runs after every run. Returns the number of kills.
constexpr int kMaxKills = 8;
int killUntilDone(const std::string& tool, const std::vector<std::string>& args, milliseconds whole,
                  uint32_t seed, const std::function<void()>& checkFiles) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> moment(1, std::max<int>(2, whole.count() / 2));
    int kills = 0;
    while (kills < kMaxKills && !runTool(tool, args, milliseconds(moment(rng)))) {
        ++kills;
        checkFiles();
    }
    if (kills == kMaxKills) {
        EXPECT_TRUE(runTool(tool, args, std::nullopt));
    }
    checkFiles();
    return kills;
}

// ---- the match runner ---------------------------------------------------------------------

// The table as it is on disk now: rows of distinct games, none repeated.
std::vector<GameRow> checkedRows(const fs::path& table) {
    if (!fs::exists(table)) return {};
    const ParsedTable parsed = parseResultsTable(readFile(table), table.string());
    std::set<int> games;
    for (const GameRow& row : parsed.rows)
        EXPECT_TRUE(games.insert(row.game).second) << "game " << row.game << " counted twice";
    return parsed.rows;
}

TEST(KillResume, MatchRunnerKeepsEveryFinishedGame) {
    ScratchDir dir("match");
    // Tiny fast games (no endgame solver, whose node budget ignores --visits) so that kills
    // land between games as well as in them.
    const std::string engine =
        (kBin / "hippolyta").string() + " --no-book --visits 20 --param solver_budget=0";
    const int games = 16;
    const std::vector<std::string> args = {"--engine1",      engine + " --seed 1",
                                           "--engine2",      engine + " --seed 2",
                                           "--size",         "6",
                                           "--games",        std::to_string(games),
                                           "--random-plies", "2",
                                           "--seed",         "7",
                                           "--out",          dir.path().string()};
    // An uninterrupted run elsewhere, for the kill moments.
    std::vector<std::string> elsewhere = args;
    elsewhere.back() = (dir.path() / "uninterrupted").string();
    const milliseconds whole = timedRun("hippolyta-match", elsewhere);

    const fs::path table = dir.path() / "results.tsv";
    size_t rowsBefore = 0;
    const int kills = killUntilDone("hippolyta-match", args, whole, 2024, [&] {
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
        const GameRecord sgf = readSgf(readFile(base.string() + ".sgf"));
        const GameRecord text = readTextRecord(readFile(base.string() + ".txt"));
        EXPECT_EQ(sgf.moves.size(), static_cast<size_t>(row.plies)) << name;
        EXPECT_EQ(text.moves, sgf.moves) << name;
        EXPECT_EQ(resultWinner(sgf.result), row.winner) << name;
        EXPECT_TRUE(replayRecord(sgf).isOver()) << name << " did not end";
    }
}

// ---- the tournament runner ----------------------------------------------------------------

TEST(KillResume, TournamentKeepsEveryFinishedGameAndItsSwissRounds) {
    ScratchDir dir("tournament");
    const std::string engine =
        (kBin / "hippolyta").string() + " --no-book --visits 20 --param solver_budget=0";
    {
        std::ofstream json(dir.path() / "entrants.json");
        json << "{\"engines\": [";
        for (int i = 1; i <= 5; ++i)
            json << (i > 1 ? "," : "") << "{\"name\": \"e" << i << "\", \"command\": \"" << engine
                 << " --seed " << i << "\"}";
        json << "]}";
    }
    // 5 entrants, a Swiss of 3 rounds: 2 encounters (4 games) a round, one bye.
    const std::vector<std::string> args = {(dir.path() / "entrants.json").string(),
                                           "--format",
                                           "swiss",
                                           "--rounds",
                                           "3",
                                           "--size",
                                           "6",
                                           "--seed",
                                           "7",
                                           "--out",
                                           (dir.path() / "out").string()};
    std::vector<std::string> elsewhere = args;
    elsewhere.back() = (dir.path() / "uninterrupted").string();
    const milliseconds whole = timedRun("hippolyta-tournament", elsewhere);

    const fs::path table = dir.path() / "out" / "results.tsv";
    size_t rowsBefore = 0;
    const int kills = killUntilDone("hippolyta-tournament", args, whole, 77, [&] {
        const std::vector<GameRow> rows = checkedRows(table);
        EXPECT_GE(rows.size(), rowsBefore) << "finished games were lost";
        rowsBefore = rows.size();
        if (!fs::exists(table)) return;
        // Every kept game is a game of the Swiss pairing re-derived from the kept results.
        const TournamentInfo info =
            parseTournamentKey(parseResultsTable(readFile(table), "t").matchKey);
        EXPECT_NO_THROW(scheduleFromResults(info, rows));
    });
    EXPECT_GE(kills, 1);
    RecordProperty("kills", kills);
    const std::vector<GameRow> rows = checkedRows(table);
    ASSERT_EQ(rows.size(), 12u);
    const auto standings = nlohmann::json::parse(readFile(dir.path() / "out" / "standings.json"));
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
    const milliseconds wholeRun = timedRun("hippolyta-book", bookArgs(reference));
    const Book whole = loadBook(reference);
    ASSERT_EQ(whole.size(), 40u);

    const fs::path book = dir.path() / "killed.book";
    size_t before = 0;
    const int kills = killUntilDone("hippolyta-book", bookArgs(book), wholeRun, 99, [&] {
        if (!fs::exists(book)) return;
        const Book now = loadBook(book);  // throws on a damaged file
        EXPECT_GE(now.size(), before) << "positions were lost";
        before = now.size();
    });
    EXPECT_GE(kills, 1);
    RecordProperty("kills", kills);
    ASSERT_TRUE(fs::exists(book));
    EXPECT_TRUE(serializeBook(loadBook(book)) == serializeBook(whole))
        << "a resumed build differs from an uninterrupted one";
}

// ---- the engine's game log ---------------------------------------------------------------

// Feeds a game to the engine (our random moves and its genmoves, alternately) until it is
// killed; returns the moves whose answers arrived. `started` is raised once the engine has
// answered its first command, so that kill times count from there, not from a slow start-up.
std::vector<Move> playUntilKilled(GtpProcess& engine, std::mt19937& rng,
                                  std::atomic<bool>& started) {
    std::vector<Move> answered;
    Game game(Position::start(10));
    try {
        if (!engine.send("boardsize 10", 10).ok) ADD_FAILURE() << "boardsize refused";
        started = true;
        while (!game.isOver()) {
            const std::string color = colorName(game.position().sideToMove());
            Move m;
            if (game.moves().size() % 2 == 0) {
                MoveList moves;
                game.position().generateMoves(moves);
                m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
                if (!engine.send("play " + color + " " + formatMove(m, 10), 10).ok)
                    ADD_FAILURE() << "play refused";
            } else {
                const GtpReply r = engine.send("genmove " + color, 10);
                m = parseMove(r.text, 10);
            }
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
    int withMoves = 0;
    for (int i = 0; i < 8; ++i) {
        ScratchDir dir("engine-" + std::to_string(i));
        const milliseconds at(std::uniform_int_distribution<int>(5, 300)(rng));
        std::vector<Move> answered;
        {
            GtpProcess engine("exec " + (kBin / "hippolyta").string() + " --no-book --visits 20" +
                                  " --game-log " + dir.path().string(),
                              false);
            std::atomic<bool> started{false};
            std::thread killer([&] {
                const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(30);
                while (!started && std::chrono::steady_clock::now() < giveUp)
                    std::this_thread::sleep_for(milliseconds(1));
                std::this_thread::sleep_for(at);
                ::kill(-engine.pid(), SIGKILL);
            });
            answered = playUntilKilled(engine, rng, started);
            killer.join();
        }
        std::vector<fs::path> files;
        for (const auto& entry : fs::directory_iterator(dir.path()))
            if (entry.path().extension() == ".txt") files.push_back(entry.path());
        if (answered.empty()) {
            EXPECT_LE(files.size(), 1u);
            continue;
        }
        ++withMoves;
        ASSERT_EQ(files.size(), 1u) << "kill " << i;
        const GameRecord record = readTextRecord(readFile(files[0]));  // throws if malformed
        ASSERT_GE(record.moves.size(), answered.size()) << "kill " << i << ": moves lost";
        // At most the move in flight (logged, its answer not read yet) beyond those answered.
        EXPECT_LE(record.moves.size(), answered.size() + 1) << "kill " << i;
        EXPECT_TRUE(std::equal(answered.begin(), answered.end(), record.moves.begin()))
            << "kill " << i;
    }
    RecordProperty("kills_after_moves", withMoves);
    EXPECT_GE(withMoves, 1) << "every kill came before any move; the test checks little";
}

}  // namespace
}  // namespace hippolyta
