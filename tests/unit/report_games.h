// Test material for the board pictures and the report: seeded games played to the end, and a
// scratch directory.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <random>
#include <string>

#include "engine/core/game.h"
#include "engine/core/records/game_record.h"

namespace hippolyta {

// A game of random legal moves from the start of size n until a side cannot move, as a record
// with the players and result set ("W+" or "B+", as the match runner writes them today).
inline GameRecord playedGame(int n, uint64_t seed, const std::string& white = "A",
                             const std::string& black = "B") {
    std::mt19937_64 rng(seed);
    Game game(Position::start(n));
    MoveList moves;
    while (!game.isOver()) {
        game.position().generateMoves(moves);
        game.play(moves[rng() % moves.size()]);
    }
    GameRecord record = recordOfGame(game);
    record.whiteName = white;
    record.blackName = black;
    record.result = *game.winner() == Color::White ? "W+" : "B+";
    return record;
}

// How many times `what` occurs in text.
inline int occurrences(const std::string& text, const std::string& what) {
    int count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++count;
    return count;
}

// A fresh directory under the temp directory, removed at the end of the test.
class ReportScratchDir {
  public:
    explicit ReportScratchDir(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("hippolyta-report-" + name + "-" + std::to_string(::getpid()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_ / "games");
    }
    ~ReportScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    const std::filesystem::path& path() const { return path_; }

  private:
    std::filesystem::path path_;
};

}  // namespace hippolyta
