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

constexpr std::string_view kEnginePrefix = "# engine\t";

std::string header(const std::string& matchKey, const std::vector<EngineIdentity>& engines) {
    std::string text = std::string(kMagic) + "\n" + std::string(kKeyPrefix) + matchKey + "\n";
    for (const EngineIdentity& e : engines)
        text += formatIdentityLine(e);
    return text + kColumns + "\n";
}

std::optional<EngineIdentity> parseIdentityLine(std::string_view line) {
    if (!line.starts_with(kEnginePrefix)) return std::nullopt;
    const std::vector<std::string_view> f = split(line.substr(kEnginePrefix.size()));
    if (f.size() != 5) return std::nullopt;
    return EngineIdentity{std::string(f[0]), std::string(f[1]), std::string(f[2]),
                          std::string(f[3]), std::string(f[4])};
}

// "name=value" fields of a key in their order.
std::vector<std::pair<std::string, std::string>> keyFields(const std::string& key) {
    std::vector<std::pair<std::string, std::string>> fields;
    for (std::size_t start = 0; start < key.size();) {
        std::size_t end = key.find("; ", start);
        if (end == std::string::npos) end = key.size();
        const std::string part = key.substr(start, end - start);
        const std::size_t eq = part.find('=');
        fields.emplace_back(part.substr(0, eq), eq == std::string::npos ? "" : part.substr(eq + 1));
        start = end + 2;
    }
    return fields;
}

// Set by the callers below for their wording ("in the table" / "now" by default).
struct Wording {
    const char* before;
    const char* after;
};

std::string differenceLine(const std::string& what, const std::string& recorded,
                           const std::string& now, const Wording& w) {
    return "  " + what + ": '" + recorded + "' " + w.before + ", '" + now + "' " + w.after + "\n";
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

std::string formatIdentityLine(const EngineIdentity& e) {
    return std::string(kEnginePrefix) + clean(e.name) + '\t' + clean(e.command) + '\t' +
           clean(e.dir) + '\t' + clean(e.gtpName) + '\t' + clean(e.gtpVersion) + '\n';
}

std::string describeIdentity(const EngineIdentity& e) {
    std::string gtp = e.gtpName.empty() ? "no name" : e.gtpName;
    if (!e.gtpVersion.empty()) gtp += " " + e.gtpVersion;
    return e.name + ": " + e.command + " (in " + e.dir + "; GTP name " + gtp + ")";
}

std::string identityDifferences(const std::vector<EngineIdentity>& recorded,
                                const std::vector<EngineIdentity>& now, const char* before,
                                const char* after) {
    const Wording w{before, after};
    if (recorded.size() != now.size())
        return differenceLine("engines", std::to_string(recorded.size()),
                              std::to_string(now.size()), w);
    std::string out;
    for (std::size_t i = 0; i < now.size(); ++i) {
        const std::string which = "engine " + std::to_string(i + 1) + " ";
        const EngineIdentity &a = recorded[i], &b = now[i];
        if (a.name != b.name) out += differenceLine(which + "name", a.name, b.name, w);
        if (a.command != b.command)
            out += differenceLine(which + "command", a.command, b.command, w);
        if (a.dir != b.dir) out += differenceLine(which + "directory", a.dir, b.dir, w);
        if (a.gtpName != b.gtpName)
            out += differenceLine(which + "GTP name", a.gtpName, b.gtpName, w);
        if (a.gtpVersion != b.gtpVersion)
            out += differenceLine(which + "GTP version", a.gtpVersion, b.gtpVersion, w);
    }
    return out;
}

std::string keyDifferences(const std::string& recorded, const std::string& now, const char* before,
                           const char* after) {
    const Wording w{before, after};
    const auto was = keyFields(recorded), is = keyFields(now);
    std::string out;
    // Named pairs, not structured bindings: clang 14 cannot capture those in a lambda.
    const auto named = [](const auto& fields, const std::string& name) {
        return std::find_if(fields.begin(), fields.end(),
                            [&name](const auto& f) { return f.first == name; });
    };
    for (const auto& field : is) {
        const auto it = named(was, field.first);
        const std::string old = it == was.end() ? "(none)" : it->second;
        if (old != field.second) out += differenceLine(field.first, old, field.second, w);
    }
    for (const auto& field : was)
        if (named(is, field.first) == is.end())
            out += differenceLine(field.first, field.second, "(none)", w);
    return out;
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
        if (line.starts_with(kEnginePrefix)) {
            const std::optional<EngineIdentity> e = parseIdentityLine(line);
            if (!e) throw fail("malformed engine line");
            table.engines.push_back(*e);
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

ResultsTable::ResultsTable(std::string path, const std::string& matchKey,
                           const std::vector<EngineIdentity>& engines)
    : path_(std::move(path)) {
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
        // Killed while writing the header (a torn line and no row yet): start it afresh.
        if (parsed.rows.empty() && (parsed.matchKey.empty() || parsed.tornLastLine)) {
            writeFileAtomically(path_, header(matchKey, engines));
            out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
            if (!out_) throw std::runtime_error("cannot write results table " + path_);
            repaired_ = parsed.tornLastLine;
            return;
        }
        const bool checkEngines = !engines.empty() && !parsed.engines.empty();
        const std::string differences =
            keyDifferences(parsed.matchKey, matchKey) +
            (checkEngines ? identityDifferences(parsed.engines, engines) : "");
        if (!differences.empty())
            throw std::runtime_error(path_ + " belongs to another match:\n" + differences +
                                     "Use another output directory, or the same settings.");
        if (parsed.tornLastLine) {
            fs::resize_file(path_, parsed.completeBytes, ec);
            if (ec) throw std::runtime_error("cannot repair " + path_ + ": " + ec.message());
            repaired_ = true;
        }
        rows_ = std::move(parsed.rows);
        out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
        added_ = !engines.empty() && parsed.engines.empty();
        for (const EngineIdentity& e : added_ ? engines : std::vector<EngineIdentity>{})
            out_ << formatIdentityLine(e);
        out_.flush();
    } else {  // the header whole or not at all, then rows appended
        writeFileAtomically(path_, header(matchKey, engines));
        out_.open(path_, std::ios::out | std::ios::app | std::ios::binary);
    }
    for (const GameRow& r : rows_)
        games_.insert(r.game);
    if (!out_) throw std::runtime_error("cannot write results table " + path_);
}

std::vector<GameRow> ResultsTable::rows() const {
    std::lock_guard lock(mutex_);
    return rows_;
}

bool ResultsTable::has(int game) const {
    std::lock_guard lock(mutex_);
    return games_.count(game) > 0;
}

void ResultsTable::append(const GameRow& row) {
    std::lock_guard lock(mutex_);
    out_ << formatRow(row);
    out_.flush();
    if (!out_) throw std::runtime_error("cannot write results table " + path_);
    rows_.push_back(row);
    games_.insert(row.game);
}

}  // namespace hippolyta
