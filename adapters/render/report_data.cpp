#include "adapters/render/report_data.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <type_traits>

#include "adapters/match/results_table.h"
#include "adapters/match/stats.h"
#include "adapters/render/svg_board.h"
#include "engine/core/file_io.h"
#include "engine/core/records/sgf.h"

namespace hippolyta {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

template <typename T>
T field(const Json& j, const char* key, const std::string& where) {
    if (!j.is_object() || !j.contains(key))
        throw std::invalid_argument(where + ": missing \"" + key + "\"");
    const Json& v = j.at(key);
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        // A number beyond T's range (1e300, say) has no T: its conversion would be undefined.
        if (v.is_number() && !(v.get<double>() >= double(std::numeric_limits<T>::min()) &&
                               v.get<double>() <= double(std::numeric_limits<T>::max())))
            throw std::invalid_argument(where + ": \"" + key + "\" is out of range");
    }
    try {
        return v.get<T>();
    } catch (const Json::exception&) {
        throw std::invalid_argument(where + ": \"" + key + "\" has the wrong type");
    }
}

template <typename T>
T fieldOr(const Json& j, const char* key, T fallback, const std::string& where) {
    if (!j.is_object() || !j.contains(key) || j.at(key).is_null()) return fallback;
    return field<T>(j, key, where);
}

std::optional<double> optionalNumber(const Json& j, const char* key, const std::string& where) {
    if (!j.contains(key) || j.at(key).is_null()) return std::nullopt;
    return field<double>(j, key, where);
}

const Json& arrayField(const Json& j, const char* key, const std::string& where) {
    if (!j.contains(key) || !j.at(key).is_array())
        throw std::invalid_argument(where + ": \"" + key + "\" must be an array");
    return j.at(key);
}

std::string recordPath(int number) {
    char name[40];
    std::snprintf(name, sizeof name, "games/game-%06d.sgf", number);
    return name;
}

ReportEntrant entrantOf(const Json& e, const std::string& where) {
    ReportEntrant r;
    r.rank = field<int>(e, "rank", where);
    r.name = field<std::string>(e, "name", where);
    r.points = field<double>(e, "points", where);
    r.opponentsPoints = fieldOr<double>(e, "opponents_points", 0, where);
    r.territory = fieldOr<int>(e, "territory", 0, where);
    r.games = fieldOr<int>(e, "games", 0, where);
    r.wins = fieldOr<int>(e, "wins", 0, where);
    r.losses = fieldOr<int>(e, "losses", 0, where);
    r.elo = optionalNumber(e, "elo", where);
    r.eloError = optionalNumber(e, "elo_error", where);
    return r;
}

ReportGame gameOf(const Json& g, const std::string& where) {
    ReportGame r;
    r.number = field<int>(g, "number", where);
    if (r.number < 1) throw std::invalid_argument(where + ": game numbers start at 1");
    r.round = fieldOr<int>(g, "round", 0, where);
    r.white = field<std::string>(g, "white", where);
    r.black = field<std::string>(g, "black", where);
    r.result = fieldOr<std::string>(g, "result", "", where);
    r.winner = fieldOr<std::string>(g, "winner", "", where);
    r.reason = fieldOr<std::string>(g, "reason", "", where);
    r.territory = fieldOr<int>(g, "territory", 0, where);
    r.plies = fieldOr<int>(g, "plies", 0, where);
    r.sgf = fieldOr<std::string>(g, "sgf", recordPath(r.number), where);
    return r;
}

// One "name=value" of a results table's match key ("engine1=A; engine2=B; size=10; ...").
std::string keyValue(const std::string& key, const std::string& name) {
    const std::string needle = name + "=";
    std::size_t at = key.rfind("; " + needle);
    if (at != std::string::npos)
        at += 2;
    else if (key.rfind(needle, 0) == 0)
        at = 0;
    else
        return "";
    at += needle.size();
    return key.substr(at, key.find("; ", at) - at);
}

ReportGame gameOfRow(const GameRow& row) {
    ReportGame g;
    g.number = row.game;
    g.white = row.white;
    g.black = row.black;
    g.winner = row.winner == Color::White ? row.white : row.black;
    g.result = row.winner == Color::White ? "W+" : "B+";
    g.reason = reasonName(row.reason);
    g.plies = row.plies;
    g.sgf = recordPath(row.game);
    return g;
}

// The finished games of the results table, or of the shards' tables merged; the table's match
// key goes to *key and its engines to *engines.
std::vector<ReportGame> gamesFromTables(const fs::path& dir, std::string* key,
                                        std::vector<EngineIdentity>* engines) {
    std::vector<fs::path> tables;
    if (fs::exists(dir / "results.tsv")) {
        tables.push_back(dir / "results.tsv");
    } else {
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("results-", 0) == 0 && name.size() > 4 &&
                name.compare(name.size() - 4, 4, ".tsv") == 0)
                tables.push_back(entry.path());
        }
    }
    std::map<int, ReportGame> games;
    for (const fs::path& table : tables) {
        const ParsedTable t = parseResultsTable(readWholeFile(table.string()), table.string());
        *key = t.matchKey;
        if (engines->empty()) *engines = t.engines;
        for (const GameRow& row : t.rows)
            games.emplace(row.game, gameOfRow(row));
    }
    std::vector<ReportGame> out;
    for (auto& [number, game] : games)
        out.push_back(std::move(game));
    return out;
}

// Without a results table: every record DIR/games/game-N.sgf whose result names a winner.
std::vector<ReportGame> gamesFromRecords(const fs::path& dir) {
    std::map<int, ReportGame> games;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir / "games", ec)) {
        const std::string name = entry.path().filename().string();
        int number = 0;
        char tail[8] = "";
        if (std::sscanf(name.c_str(), "game-%d.%7s", &number, tail) != 2 ||
            std::string(tail) != "sgf" || number < 1)
            continue;
        ReportGame g;
        g.number = number;
        g.sgf = "games/" + name;
        try {
            g.record = readSgf(readWholeFile(entry.path().string()));
        } catch (const std::exception&) {
            continue;  // not a finished game we can show
        }
        const std::optional<Color> winner = resultWinner(g.record->result);
        if (!winner) continue;
        g.white = g.record->whiteName.empty() ? "White" : g.record->whiteName;
        g.black = g.record->blackName.empty() ? "Black" : g.record->blackName;
        g.winner = *winner == Color::White ? g.white : g.black;
        g.plies = static_cast<int>(g.record->moves.size());
        games.emplace(number, std::move(g));
    }
    std::vector<ReportGame> out;
    for (auto& [number, game] : games)
        out.push_back(std::move(game));
    return out;
}

// The file a record path of standings.json names, if it lies inside dir (symbolic links
// followed): a report must never read, and show, files from elsewhere on the machine.
std::optional<fs::path> confinedFile(const fs::path& dir, const std::string& relative) {
    if (relative.empty() || fs::path(relative).is_absolute()) return std::nullopt;
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(dir, ec);
    if (ec) return std::nullopt;
    const fs::path file = fs::weakly_canonical(base / relative, ec);
    if (ec) return std::nullopt;
    const fs::path inside = file.lexically_relative(base);
    if (inside.empty() || inside == "." || *inside.begin() == "..") return std::nullopt;
    return file;
}

void readRecord(const fs::path& dir, ReportGame& g) {
    if (g.record) return;
    const std::optional<fs::path> file = confinedFile(dir, g.sgf);
    if (!file) {
        g.recordError = "refused the record path '" + g.sgf + "': it is not inside " + dir.string();
        return;
    }
    try {
        g.record = readSgf(readWholeFile(file->string()));
        replayRecord(*g.record);  // throws for an illegal move
    } catch (const std::exception& e) {
        g.record.reset();
        g.recordError = e.what();
    }
}

// readRecord() through the cache: a record is read again only if its file changed.
void readRecord(const fs::path& dir, ReportGame& g, ReportCache* cache) {
    if (!cache || g.record) return readRecord(dir, g);
    const fs::path path = dir / g.sgf;
    std::error_code ec;
    const std::uintmax_t size = fs::file_size(path, ec);
    const std::int64_t stamp = ec ? 0 : fs::last_write_time(path, ec).time_since_epoch().count();
    if (ec) return readRecord(dir, g);
    const auto it = cache->records.find(path.string());
    if (it != cache->records.end() && it->second.size == size && it->second.stamp == stamp) {
        g.record = it->second.record;
        g.recordError = it->second.error;
        return;
    }
    readRecord(dir, g);
    cache->records[path.string()] = {size, stamp, g.record, g.recordError};
}

const char* reasonOfSuffix(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
        case 'T':
            return "time";
        case 'R':
            return "resign";
        case 'F':
            return "forfeit";
        default:
            return "";
    }
}

void sortByRanking(std::vector<ReportEntrant>& entrants) {
    const auto key = [](const ReportEntrant& e) {
        return std::make_tuple(-e.points, -e.opponentsPoints, -e.territory);
    };
    std::stable_sort(entrants.begin(), entrants.end(),
                     [&](const ReportEntrant& a, const ReportEntrant& b) {
                         return key(a) != key(b) ? key(a) < key(b) : a.name < b.name;
                     });
    for (std::size_t i = 0; i < entrants.size(); ++i)  // equal on every tie-break: equal rank
        entrants[i].rank = i > 0 && key(entrants[i]) == key(entrants[i - 1])
                               ? entrants[i - 1].rank
                               : static_cast<int>(i) + 1;
}

// Two entrants: the Elo difference of the score, split around the mean.
void matchElo(std::vector<ReportEntrant>& entrants) {
    if (entrants.size() != 2) return;
    const EloEstimate e = estimateElo(Score{entrants[0].wins, entrants[0].losses, 0});
    if (!std::isfinite(e.diff)) return;
    entrants[0].elo = e.diff / 2;
    entrants[1].elo = -e.diff / 2;
    if (std::isfinite(e.margin)) entrants[0].eloError = entrants[1].eloError = e.margin / 2;
}

}  // namespace

ReportData parseStandingsJson(std::string_view text, const std::string& source) {
    Json j;
    try {
        j = Json::parse(text);
    } catch (const Json::exception& e) {
        throw std::invalid_argument(source + ": not JSON (" + e.what() + ")");
    }
    ReportData data;
    data.format = fieldOr<std::string>(j, "format", "tournament", source);
    data.size = fieldOr<int>(j, "size", 0, source);
    data.tc = fieldOr<std::string>(j, "tc", "", source);
    data.rounds = fieldOr<int>(j, "rounds", 0, source);
    data.eloAnchor = fieldOr<std::string>(j, "elo_anchor", "mean", source);
    for (const Json& e : arrayField(j, "entrants", source))
        data.entrants.push_back(entrantOf(e, source + ": entrant"));
    for (const Json& e : arrayField(j, "encounters", source)) {
        const std::string where = source + ": encounter";
        data.encounters.push_back(
            {field<std::string>(e, "a", where), field<std::string>(e, "b", where),
             field<double>(e, "a_points", where), field<double>(e, "b_points", where),
             fieldOr<int>(e, "games", 0, where)});
    }
    for (const Json& g : arrayField(j, "games", source))
        data.games.push_back(gameOf(g, source + ": game"));
    if (j.contains("engines")) {  // standings.json written before engines were recorded: none
        const std::string where = source + ": engine";
        for (const Json& e : arrayField(j, "engines", source))
            data.engines.push_back({field<std::string>(e, "name", where),
                                    field<std::string>(e, "command", where),
                                    fieldOr<std::string>(e, "dir", "", where),
                                    fieldOr<std::string>(e, "gtp_name", "", where),
                                    fieldOr<std::string>(e, "gtp_version", "", where)});
    }
    std::sort(data.games.begin(), data.games.end(),
              [](const ReportGame& a, const ReportGame& b) { return a.number < b.number; });
    return data;
}

void computeStandings(ReportData& data) {
    std::map<std::string, ReportEntrant> entrants;
    std::map<std::string, std::set<std::string>> opponents;
    std::map<std::pair<std::string, std::string>, ReportEncounter> encounters;
    for (const ReportGame& g : data.games) {
        for (const std::string* name : {&g.white, &g.black}) {
            ReportEntrant& e = entrants[*name];
            e.name = *name;
            ++e.games;
            const bool won = g.winner == *name;
            e.wins += won;
            e.losses += !won && !g.winner.empty();
            e.points += won;
            if (won) e.territory += g.territory;
            opponents[*name].insert(name == &g.white ? g.black : g.white);
        }
        const bool whiteFirst = g.white < g.black;
        const std::string& a = whiteFirst ? g.white : g.black;
        const std::string& b = whiteFirst ? g.black : g.white;
        ReportEncounter& enc = encounters[{a, b}];
        enc.a = a;
        enc.b = b;
        ++enc.games;
        enc.aPoints += g.winner == a;
        enc.bPoints += g.winner == b;
    }
    data.entrants.clear();
    for (auto& [name, e] : entrants) {
        for (const std::string& o : opponents[name])
            e.opponentsPoints += entrants[o].points;
        data.entrants.push_back(e);
    }
    sortByRanking(data.entrants);
    matchElo(data.entrants);
    data.encounters.clear();
    for (auto& [pair, enc] : encounters)
        data.encounters.push_back(enc);
}

void scoreFromRecord(ReportGame& g) {
    if (!g.record) return;
    const std::string re = g.record->result;
    const std::optional<Color> winner = resultWinner(re);
    if (!winner) return;
    const std::string tail = re.substr(2);
    if (!tail.empty() &&
        std::all_of(tail.begin(), tail.end(), [](unsigned char c) { return std::isdigit(c); })) {
        g.territory = std::stoi(tail.substr(0, 6));
        g.result = re;
        if (g.reason.empty()) g.reason = "no moves";
        return;
    }
    g.result = re;
    if (!tail.empty()) {
        if (g.reason.empty()) g.reason = reasonOfSuffix(tail[0]);
        return;
    }
    const Position end = replayRecord(*g.record).position();
    if (!end.isGameOver() || end.sideToMove() == *winner) return;
    g.territory = shadedCount(finalTerritory(end, *winner),
                              *winner == Color::White ? SquareShade::White : SquareShade::Black);
    g.result = re + std::to_string(g.territory);
    if (g.reason.empty()) g.reason = "no moves";
}

namespace {

ReportData loadReportData(const std::string& dirName, ReportCache* cache) {
    const fs::path dir(dirName);
    if (!fs::is_directory(dir)) throw std::runtime_error(dirName + " is not a directory");
    const fs::path standings = dir / "standings.json";
    ReportData data;
    if (fs::exists(standings)) {
        data = parseStandingsJson(readWholeFile(standings.string()), standings.string());
        for (ReportGame& g : data.games)
            readRecord(dir, g, cache);
        return data;
    }
    std::string key;
    data.games = gamesFromTables(dir, &key, &data.engines);
    if (data.games.empty() && key.empty()) data.games = gamesFromRecords(dir);
    data.tc = keyValue(key, "tc");
    if (!keyValue(key, "engine1").empty())
        data.title = "Match: " + keyValue(key, "engine1") + " vs " + keyValue(key, "engine2");
    for (ReportGame& g : data.games) {
        readRecord(dir, g, cache);
        try {
            scoreFromRecord(g);
        } catch (const std::exception& e) {
            g.recordError = e.what();
        }
        if (g.record && data.size == 0) data.size = g.record->size();
    }
    if (data.games.empty() && key.empty())
        throw std::runtime_error(dirName + " holds no finished games (no standings.json, " +
                                 "results table or game records)");
    computeStandings(data);
    return data;
}

}  // namespace

ReportData loadReportData(const std::string& dir) {
    return loadReportData(dir, nullptr);
}

ReportData loadReportData(const std::string& dir, ReportCache& cache) {
    return loadReportData(dir, &cache);
}

}  // namespace hippolyta
