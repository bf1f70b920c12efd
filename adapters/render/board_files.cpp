#include "adapters/render/board_files.h"

#include <filesystem>
#include <stdexcept>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

namespace fs = std::filesystem;

BoardPicture pictureOfRecord(const GameRecord& record, std::optional<int> plies, bool territory) {
    const int total = static_cast<int>(record.moves.size());
    const int at = plies.value_or(total);
    if (at < 0 || at > total)
        throw std::invalid_argument("move " + std::to_string(at) + " is past the record's " +
                                    std::to_string(total) + " moves");
    BoardPicture picture;
    picture.position = replayRecord(record, static_cast<std::size_t>(at)).position();
    if (at > 0) picture.lastMove = record.moves[at - 1];
    if (territory) picture.territory = territoryOf(picture.position);
    return picture;
}

BoardPicture loadPicture(const std::string& input, std::optional<int> plies, bool territory) {
    std::error_code ec;
    if (fs::is_regular_file(input, ec)) {
        GameRecord record;
        try {
            record = readSgf(readWholeFile(input));
        } catch (const RecordError& e) {
            throw std::invalid_argument(input + " is not a readable SGF game: " + e.what());
        }
        return pictureOfRecord(record, plies, territory);
    }
    Position pos = Position::start();
    try {
        pos = parsePosition(input);
    } catch (const NotationError& e) {
        throw std::invalid_argument("'" + input + "' is neither a file nor a position string (" +
                                    e.what() + ")");
    }
    if (plies && *plies != 0)
        throw std::invalid_argument("--move needs a game record, not a position string");
    BoardPicture picture;
    picture.position = pos;
    if (territory) picture.territory = territoryOf(pos);
    return picture;
}

}  // namespace hippolyta
