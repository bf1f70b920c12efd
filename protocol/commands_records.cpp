// Game records over GTP: loadsgf and printsgf, on the SGF code of engine/core/records.
#include <spdlog/spdlog.h>

#include <limits>
#include <sstream>

#include "engine/core/file_io.h"
#include "engine/core/records/sgf.h"
#include "engine/eval/final_score.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

namespace {

// Real Amazons records are a few kilobytes; refuse anything absurdly large.
constexpr size_t kMaxRecordBytes = 4 << 20;

std::string readRecordFile(const std::string& path) {
    try {
        return readWholeFile(path, kMaxRecordBytes);
    } catch (const FileError& e) {
        throw GtpError(std::string("cannot load file: ") + e.what());
    }
}

// loadsgf FILE [MOVE_NUMBER]: as in GTP, the position before move MOVE_NUMBER (all moves
// without it). Any failure leaves the current game untouched.
std::string loadSgfCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(1, 2);
    size_t plies = std::numeric_limits<size_t>::max();
    if (args.size() == 2) {
        const long long n = args.integer(1);
        if (n < 1) throw GtpError("move number must be at least 1");
        plies = static_cast<size_t>(n - 1);
    }
    try {
        const GameRecord record = readSgf(readRecordFile(args[0]));
        state.replaceGame(replayRecord(record, plies));
    } catch (const RecordError& e) {
        throw GtpError(std::string("cannot load file: ") + e.what());
    }
    return {};
}

GameRecord currentRecord(const Game& game) {
    GameRecord record = recordOfGame(game);
    record.application = std::string("Hippolyta:") + HIPPOLYTA_VERSION;
    record.result = gameOverText(game.position());  // "W+N" once over, else none
    return record;
}

// printsgf [FILE]: the game as SGF, answered or written to FILE.
std::string printSgfCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    std::string sgf = writeSgf(currentRecord(state.game()));
    if (args.size() == 1) {
        try {
            writeFileAtomically(args[0], sgf);  // a kill never leaves half a record
        } catch (const FileError& e) {
            throw GtpError(e.what());
        }
        return {};
    }
    // A GTP answer may not contain an empty line.
    std::string answer;
    std::istringstream lines(sgf);
    for (std::string line; std::getline(lines, line);) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        if (!answer.empty()) answer += '\n';
        answer += line;
    }
    return answer;
}

}  // namespace

void registerRecordCommands(CommandRegistry& registry) {
    registry.add("loadsgf FILE [MOVE_NUMBER]", loadSgfCommand);
    registry.add("printsgf [FILE]", printSgfCommand);
}

}  // namespace hippolyta
