#include "adapters/render/board_files.h"

#include <filesystem>
#include <stdexcept>

#include "engine/core/file_io.h"
#include "engine/core/notation.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"

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

GameRecord readRecordFile(const std::string& path) {
    const std::string text = readWholeFile(path);
    // SGF opens with '(' after any blank; the text record with its header lines.
    const size_t first = text.find_first_not_of(" \t\r\n\xef\xbb\xbf");
    const bool sgf = first != std::string::npos && text[first] == '(';
    try {
        return sgf ? readSgf(text) : readTextRecord(text);
    } catch (const RecordError& e) {
        throw std::invalid_argument(path + " is not a readable " +
                                    (sgf ? "SGF game" : "text game record") + ": " + e.what());
    }
}

BoardPicture loadPicture(const std::string& input, std::optional<int> plies, bool territory) {
    std::error_code ec;
    if (fs::is_regular_file(input, ec))
        return pictureOfRecord(readRecordFile(input), plies, territory);
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
