#include "adapters/match/results_table.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include "adapters/match/time_control.h"
#include "engine/core/file_io.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

constexpr const char* kMagic = "# hippolyta-match results 1";
constexpr const char* kColumns =
    "game\twhite\tblack\tresult\treason\tplies\twhite_seconds\tblack_seconds\topening\tfinished"
    "\tdetail";
constexpr int kColumnCount = 11;
constexpr std::string_view kKeyPrefix = "# match: ";

std::string clean(std::string s) {
    std::replace_if(
        s.begin(), s.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return s;
}

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t start = 0;;) {
        const std::size_t tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab - start));
        if (tab == std::string_view::npos) return fields;
        start = tab + 1;
    }
}

template <typename T>
bool number(std::string_view s, T& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && end == s.data() + s.size();
}

// "W+" / "B+" (old tables), then the territory for a game played out, or T, R, F as resultCode
// writes them; the reason must already be in r.
bool parseResult(std::string_view s, GameRow& r) {
    if (s.size() < 2 || (s[0] != 'W' && s[0] != 'B') || s[1] != '+') return false;
    r.winner = s[0] == 'W' ? Color::White : Color::Black;
    const std::string_view rest = s.substr(2);
    if (rest.empty()) return true;
    if (r.reason == EndReason::NoMoves) return number(rest, r.territory) && r.territory >= 0;
    return rest == resultCode(r.winner, r.reason).substr(2);
}

std::string header(const std::string& matchKey) {
    return std::string(kMagic) + "\n" + std::string(kKeyPrefix) + matchKey + "\n" + kColumns + "\n";
}

}  // namespace

const char* reasonName(EndReason r) {
    switch (r) {
        case EndReason::NoMoves:
            return "no moves";
        case EndReason::Time:
            return "time";
        case EndReason::Illegal:
            return "illegal move";
        case EndReason::FalseResign:
            return "false resign";
        case EndReason::Crash:
            return "crash";
        case EndReason::Hang:
            return "hang";
        case EndReason::Protocol:
        default:
            return "protocol error";
    }
}

std::optional<EndReason> parseReason(std::string_view text) {
    for (EndReason r :
         {EndReason::NoMoves, EndReason::Time, EndReason::Illegal, EndReason::FalseResign,
          EndReason::Crash, EndReason::Hang, EndReason::Protocol})
        if (text == reasonName(r)) return r;
    return std::nullopt;
}

std::string resultCode(Color winner, EndReason reason, int territory) {
    std::string code = winner == Color::White ? "W+" : "B+";
    switch (reason) {
        case EndReason::NoMoves:
            return code + std::to_string(territory);
        case EndReason::Time:
            return code + "T";
        case EndReason::FalseResign:
            return code + "R";
        default:
            return code + "F";
    }
}

std::string formatRow(const GameRow& r) {
    std::ostringstream out;
    out << r.game << '\t' << clean(r.white) << '\t' << clean(r.black) << '\t' << r.result() << '\t'
        << reasonName(r.reason) << '\t' << r.plies << '\t' << formatSeconds(r.whiteSeconds) << '\t'
        << formatSeconds(r.blackSeconds) << '\t' << (r.opening.empty() ? "-" : clean(r.opening))
        << '\t' << clean(r.finished) << '\t' << clean(r.detail) << '\n';
    return out.str();
}

ParsedTable parseResultsTable(std::string_view text, const std::string& source) {
    ParsedTable table;
    int lineNo = 0;
    for (std::size_t pos = 0; pos < text.size();) {
        const std::size_t end = text.find('\n', pos);
        ++lineNo;
        if (end == std::string_view::npos) {  // cut by a kill while it was written
            table.tornLastLine = true;
            break;
        }
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        table.completeBytes = pos;
        auto fail = [&](const std::string& why) {
            return std::invalid_argument(source + " line " + std::to_string(lineNo) + ": " + why);
        };
        if (lineNo == 1 && line != kMagic) throw fail("not a hippolyta-match results table");
        if (line.starts_with(kKeyPrefix)) {
            table.matchKey = std::string(line.substr(kKeyPrefix.size()));
            continue;
        }
        if (line.empty() || line[0] == '#' || line == kColumns) continue;
        const std::vector<std::string_view> f = split(line);
        if (f.size() != kColumnCount)
            throw fail("expected " + std::to_string(kColumnCount) +
                       " tab-separated fields, found " + std::to_string(f.size()));
        GameRow r;
        if (!number(f[0], r.game) || r.game < 0) throw fail("bad game number");
        r.white = f[1];
        r.black = f[2];
        const std::optional<EndReason> reason = parseReason(f[4]);
        if (!reason) throw fail("unknown reason '" + std::string(f[4]) + "'");
        r.reason = *reason;
        if (!parseResult(f[3], r)) throw fail("bad result '" + std::string(f[3]) + "'");
        if (!number(f[5], r.plies) || r.plies < 0) throw fail("bad ply count");
        if (!number(f[6], r.whiteSeconds) || !number(f[7], r.blackSeconds))
            throw fail("bad time used");
        r.opening = f[8] == "-" ? "" : std::string(f[8]);
        r.finished = f[9];
        r.detail = f[10];
        table.rows.push_back(std::move(r));
    }
    return table;
}

ResultsTable::ResultsTable(std::string path, const std::string& matchKey) : path_(std::move(path)) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::exists(path_, ec) && fs::file_size(path_, ec) > 0) {
        ParsedTable parsed;
        try {
            parsed = parseResultsTable(readWholeFile(path_), path_);
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(std::string(e.what()) +
                                     " (fix or move the file; finished games are kept there)");
        }
        if (parsed.matchKey.empty() && parsed.rows.empty()) {  // a cut header (older writers)
            writeFileAtomically(path_, header(matchKey));
            out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
            if (!out_) throw std::runtime_error("cannot write results table " + path_);
            repaired_ = parsed.tornLastLine;
            return;
        }
        if (parsed.matchKey != matchKey)
            throw std::runtime_error(path_ + " belongs to another match:\n  its match: " +
                                     parsed.matchKey + "\n  this match: " + matchKey +
                                     "\nUse another output directory, or the same settings.");
        if (parsed.tornLastLine) {
            fs::resize_file(path_, parsed.completeBytes, ec);
            if (ec) throw std::runtime_error("cannot repair " + path_ + ": " + ec.message());
            repaired_ = true;
        }
        rows_ = std::move(parsed.rows);
        out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
    } else {  // the header whole or not at all, then rows appended
        writeFileAtomically(path_, header(matchKey));
        out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
    }
    if (!out_) throw std::runtime_error("cannot write results table " + path_);
}

std::vector<GameRow> ResultsTable::rows() const {
    std::lock_guard lock(mutex_);
    return rows_;
}

bool ResultsTable::has(int game) const {
    std::lock_guard lock(mutex_);
    return std::any_of(rows_.begin(), rows_.end(),
                       [&](const GameRow& r) { return r.game == game; });
}

void ResultsTable::append(const GameRow& row) {
    std::lock_guard lock(mutex_);
    out_ << formatRow(row);
    out_.flush();
    if (!out_) throw std::runtime_error("cannot write results table " + path_);
    rows_.push_back(row);
}

}  // namespace hippolyta
