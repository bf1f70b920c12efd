#include "adapters/sau_referee/sau_game_files.h"

#include <filesystem>
#include <stdexcept>

#include "adapters/sau_referee/sau_referee.h"
#include "engine/core/file_io.h"
#include "engine/core/records/sgf.h"
#include "engine/core/records/text_record.h"
#include "engine/core/text_util.h"
#include "protocol/local_time.h"

namespace hippolyta {

SauGameFiles::SauGameFiles(std::string folder)
    : folder_(std::move(folder)), date_(localTime("%Y-%m-%d")) {
    if (folder_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(folder_, ec);
    transcript_.open(folder_ + "/transcript.txt", std::ios::app);
    if (!transcript_) throw std::runtime_error("cannot write " + folder_ + "/transcript.txt");
}

void SauGameFiles::transcript(const std::string& line) {
    if (folder_.empty()) return;
    transcript_ << line << '\n' << std::flush;
}

void SauGameFiles::begin(const std::array<std::string, 2>& names) {
    names_ = names;
}

void SauGameFiles::move(const SauGameResult& result) {
    if (!folder_.empty()) writeRecords(record(result));
}

void SauGameFiles::finish(const SauGameResult& result) {
    if (folder_.empty() || names_[0].empty()) return;  // no game was played
    GameRecord r = record(result);
    r.result = result.recordResult.empty() ? "Void" : result.recordResult;
    writeRecords(r);
}

GameRecord SauGameFiles::record(const SauGameResult& result) const {
    GameRecord r;
    r.start = Position::start(10);
    for (size_t i = 0; i < result.moves.size(); ++i)
        r.addMove(result.moves[i], i % 2 == 0 ? Color::White : Color::Black);
    r.whiteName = names_[0];  // the platform's Black moves first: our White
    r.blackName = names_[1];
    r.date = date_;
    r.application = std::string("hippolyta-sau-referee:") + HIPPOLYTA_VERSION;
    r.comment =
        "SAU Game Platform rules (hippolyta-sau-referee); White here is the platform's "
        "Black, who moves first. Time used: White " +
        fixedDecimals(result.seconds[0], 1) + " s, Black " + fixedDecimals(result.seconds[1], 1) +
        " s.";
    return r;
}

void SauGameFiles::writeRecords(const GameRecord& record) {
    writeFileAtomically(folder_ + "/game.sgf", writeSgf(record));
    writeFileAtomically(folder_ + "/game.txt", writeTextRecord(record));
}

}  // namespace hippolyta
