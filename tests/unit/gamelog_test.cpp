#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/notation.h"
#include "engine/core/records/text_record.h"
#include "protocol/game_log.h"
#include "tests/unit/test_dir.h"

namespace hippolyta {
namespace {

namespace fs = std::filesystem;

class GameLogTest : public ::testing::Test {
  protected:
    static std::string slurp(const std::string& path) { return fileBytes(path); }
    std::vector<fs::path> files() const {
        std::vector<fs::path> out;
        for (const auto& e : fs::directory_iterator(dir_))
            out.push_back(e.path());
        return out;
    }
    TestDir scratch_;
    fs::path dir_ = scratch_ / "logs";  // made by the log itself
};

Move firstLegal(const Position& pos) {
    MoveList moves;
    pos.generateMoves(moves);
    return moves.front();
}

TEST_F(GameLogTest, EveryMoveIsOnDiskAsSoonAsItIsPlayed) {
    GameLog log(dir_.string());
    GameRecord header;
    header.whiteName = "hippolyta";
    header.blackName = "opponent";
    log.startGame(header);
    ASSERT_TRUE(log.inGame());
    EXPECT_NE(slurp(log.path()).find("White: hippolyta"), std::string::npos);
    Game game;
    for (int i = 0; i < 3; ++i) {
        const Move m = firstLegal(game.position());
        log.recordMove(m);
        game.play(m);
        // Read while the game is still open, as after a kill.
        const GameRecord now = readTextRecord(slurp(log.path()));
        EXPECT_EQ(now.moves, game.moves());
        EXPECT_TRUE(now.result.empty());
    }
    log.finishGame("W+", "black has no legal move");
    const GameRecord done = readTextRecord(slurp(log.path()));
    EXPECT_EQ(done.moves, game.moves());
    EXPECT_EQ(done.result, "W+");
    EXPECT_EQ(done.whiteName, "hippolyta");
    EXPECT_FALSE(done.date.empty());
}

TEST_F(GameLogTest, UndoRewritesTheFile) {
    GameLog log(dir_.string());
    log.startGame(GameRecord{});
    Game game;
    for (int i = 0; i < 2; ++i) {
        const Move m = firstLegal(game.position());
        log.recordMove(m);
        game.play(m);
    }
    log.undoMove();
    game.undo();
    const Move m = firstLegal(game.position());
    log.recordMove(m);
    game.play(m);
    EXPECT_EQ(readTextRecord(slurp(log.path())).moves, game.moves());
}

TEST_F(GameLogTest, EmptyGamesLeaveNoFileAndUnfinishedOnesAreVoid) {
    {
        GameLog log(dir_.string());
        GameRecord header;
        header.start = Position::start(8);
        log.startGame(header);
        log.startGame(header);  // clear_board twice: the first, empty game is dropped
        EXPECT_EQ(files().size(), 1u);
        log.recordMove(firstLegal(header.start));
        const std::string first = log.path();
        log.startGame(header);  // a new game while one has moves: the old one is closed
        EXPECT_EQ(readTextRecord(slurp(first)).result, "Void");
        EXPECT_EQ(readTextRecord(slurp(first)).size(), 8);
    }  // the last game had no moves: removed
    EXPECT_EQ(files().size(), 1u);
}

TEST_F(GameLogTest, FollowsAGameToItsEnd) {
    GameLog log(dir_.string());
    Game game(Position::start(5));
    game.play(firstLegal(game.position()));
    GameRecord header;
    header.whiteName = "hippolyta";
    log.followNewGame(game, header);  // a loaded game with one move already played
    const std::string first = log.path();
    game.play(firstLegal(game.position()));
    log.followMove(game);
    game.undo();
    log.followUndo(game);
    EXPECT_EQ(readTextRecord(slurp(first)).moves, game.moves());
    while (!game.isOver()) {
        game.play(firstLegal(game.position()));
        log.followMove(game);
    }
    EXPECT_FALSE(log.inGame());
    const GameRecord done = readTextRecord(slurp(first));
    EXPECT_EQ(done.moves, game.moves());
    EXPECT_EQ(resultWinner(done.result), game.winner());
    EXPECT_EQ(done.whiteName, "hippolyta");
    EXPECT_EQ(done.size(), 5);
    // An undo after the end starts a new file holding the game so far.
    game.undo();
    log.followUndo(game);
    EXPECT_NE(log.path(), first);
    EXPECT_EQ(readTextRecord(slurp(log.path())).moves, game.moves());
}

// The listener on a real GTP session state: what the session plays is what the file holds.
TEST_F(GameLogTest, ListenerFollowsAGtpSessionState) {
    GtpState state(EngineConfig{}, GtpOptions{});
    auto listener = std::make_unique<GameLogListener>(dir_.string());
    const GameLogListener* log = listener.get();
    state.addListener(std::move(listener));
    state.newGame(6);
    const Position& pos = state.game().position();
    ASSERT_TRUE(state.play(pos.sideToMove(), firstLegal(pos)));
    ASSERT_TRUE(
        state.play(state.game().position().sideToMove(), firstLegal(state.game().position())));
    ASSERT_TRUE(state.undo());
    const GameRecord now = readTextRecord(slurp(log->log().path()));
    EXPECT_EQ(now.moves, state.game().moves());
    EXPECT_EQ(now.size(), 6);
    state.newGame(6);  // a new game with no moves yet: the old file is closed as Void
    EXPECT_EQ(files().size(), 2u);
}

TEST_F(GameLogTest, UnwritableDirectoryIsAClearError) {
    fs::create_directories(dir_);
    std::ofstream(dir_ / "file") << "x";
    EXPECT_THROW(GameLog((dir_ / "file" / "sub").string()), GameLogError);
}

}  // namespace
}  // namespace hippolyta
