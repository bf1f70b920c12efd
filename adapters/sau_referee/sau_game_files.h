// What the SAU referee writes while a game goes on, into one folder: the exchange with both
// engines (transcript.txt, a line appended and flushed per message), and the game in our formats
// (game.sgf and the plain text record game.txt), each replaced whole after every move
// (engine/core/file_io.h), so that a crash at any moment leaves every move played so far. Our
// colours: the platform's Black, who moves first, is White there.
#pragma once

#include <array>
#include <fstream>
#include <string>

#include "engine/core/records/game_record.h"

namespace hippolyta {

struct SauGameResult;

class SauGameFiles {
  public:
    // An empty folder name writes nothing. Creates the folder; throws std::runtime_error when it
    // cannot be written.
    explicit SauGameFiles(std::string folder);

    void transcript(const std::string& line);
    // The engines' names (the platform's Black, then White), once both answered.
    void begin(const std::array<std::string, 2>& names);
    // After each move, and with the result at the end.
    void move(const SauGameResult& result);
    void finish(const SauGameResult& result);

  private:
    GameRecord record(const SauGameResult& result) const;
    void writeRecords(const GameRecord& record);

    std::string folder_;
    std::ofstream transcript_;
    std::array<std::string, 2> names_;
    std::string date_;
};

}  // namespace hippolyta
