#include "protocol/game_log.h"
#include "engine/eval/final_score.h"
#include "protocol/local_time.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "engine/core/file_io.h"
#include "engine/core/records/text_record.h"

namespace hippolyta {

namespace fs = std::filesystem;

namespace {}  // namespace

GameLog::GameLog(std::string dir) : dir_(std::move(dir)) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec || !fs::is_directory(dir_))
        throw GameLogError("game log: cannot create directory " + dir_ + ": " + ec.message());
}

GameLog::~GameLog() {
    try {
        closeUnfinished();
    } catch (...) {  // a destructor must not throw; the moves are already on disk
    }
}

void GameLog::startGame(const GameRecord& header) {
    closeUnfinished();
    record_ = header;
    record_.moves.clear();
    record_.movers.clear();
    record_.timeLeft.clear();
    record_.result.clear();
    record_.comment.clear();
    if (record_.date.empty()) record_.date = localTime("%Y-%m-%d");
    // Unique across engines sharing the directory: time, process id and a counter.
    path_ =
        (fs::path(dir_) / ("game-" + localTime("%Y%m%d-%H%M%S") + "-" + std::to_string(::getpid()) +
                           "-" + std::to_string(++counter_) + ".txt"))
            .string();
    file_.open(path_, std::ios::out | std::ios::trunc);
    if (!file_) throw GameLogError("game log: cannot write " + path_);
    write(formatTextHeader(record_, false));
}

void GameLog::recordMove(Move m) {
    if (!inGame()) throw GameLogError("game log: no game started");
    record_.addMove(m, Color::White);  // movers are not written in the text record
    write(formatTextMove(m, record_.shape()));
}

void GameLog::undoMove() {
    if (!inGame() || record_.moves.empty()) return;
    record_.moves.pop_back();
    record_.movers.pop_back();
    record_.timeLeft.pop_back();
    file_.close();
    std::string text = formatTextHeader(record_, false);
    for (Move m : record_.moves)
        text += formatTextMove(m, record_.shape());
    try {
        writeFileAtomically(path_, text);
    } catch (const FileError& e) {
        throw GameLogError(std::string("game log: ") + e.what());
    }
    file_.open(path_, std::ios::out | std::ios::app);
    if (!file_) throw GameLogError("game log: cannot reopen " + path_);
}

void GameLog::finishGame(const std::string& result, const std::string& comment) {
    if (!inGame()) return;
    write(formatTextResult(result, comment));
    file_.close();
}

void GameLog::followNewGame(const Game& game, const GameRecord& header) {
    GameRecord h = header;
    h.start = game.start();
    startGame(h);
    for (Move m : game.moves())
        recordMove(m);
    if (game.isOver() && !game.moves().empty()) finishGame(gameOverText(game.position()));
}

void GameLog::followMove(const Game& game) {
    if (game.moves().empty()) return;
    if (!inGame()) {
        followNewGame(game, record_);
        return;
    }
    recordMove(game.moves().back());
    if (game.isOver()) finishGame(gameOverText(game.position()));
}

void GameLog::followUndo(const Game& game) {
    if (inGame() && record_.moves.size() == game.moves().size() + 1)
        undoMove();
    else
        followNewGame(game, record_);
}

void GameLog::closeUnfinished() {
    if (!inGame()) return;
    if (record_.moves.empty()) {
        file_.close();
        std::error_code ec;
        fs::remove(path_, ec);
        return;
    }
    finishGame("Void", "unfinished");
}

void GameLog::write(const std::string& text) {
    file_ << text;
    file_.flush();
    if (!file_) throw GameLogError("game log: cannot write " + path_);
}

GameLogListener::GameLogListener(std::string dir, GameRecord header)
    : log_(std::move(dir)), header_(std::move(header)) {}

template <typename F>
void GameLogListener::guarded(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        spdlog::warn("game log: {}", e.what());
    }
}

void GameLogListener::onNewGame(const Game& game) {
    guarded([&] { log_.followNewGame(game, header_); });
}

void GameLogListener::onMove(const Game& game) {
    guarded([&] { log_.followMove(game); });
}

void GameLogListener::onUndo(const Game& game) {
    guarded([&] { log_.followUndo(game); });
}

}  // namespace hippolyta
