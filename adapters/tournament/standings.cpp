#include "adapters/tournament/standings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "adapters/match/match_core.h"
#include "adapters/tournament/elo_fit.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

std::vector<std::string> splitNames(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t start = 0;;) {
        const std::size_t comma = text.find(',', start);
        out.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

int toInt(const std::string& text, const char* what) {
    try {
        std::size_t used = 0;
        const int v = std::stoi(text, &used);
        if (used == text.size()) return v;
    } catch (const std::exception&) {
    }
    throw std::invalid_argument(std::string("bad ") + what + " '" + text + "' in the table key");
}

// Encounter e (over all rounds) of the schedule, or null past its end.
const Encounter* encounterAt(const std::vector<Round>& rounds, int perRound, int e) {
    const int r = e / perRound, j = e % perRound;
    if (perRound <= 0 || r >= static_cast<int>(rounds.size())) return nullptr;
    if (j >= static_cast<int>(rounds[r].encounters.size())) return nullptr;
    return &rounds[r].encounters[j];
}

// Wins per entrant over the rows, plus the byes of the rounds.
std::vector<int> pointsOf(int n, const std::vector<std::string>& names,
                          const std::vector<Round>& rounds, const std::vector<GameRow>& rows) {
    std::map<std::string, int> index;
    for (int i = 0; i < n; ++i)
        index[names[i]] = i;
    std::vector<int> points(n, 0);
    for (const GameRow& r : rows)
        ++points[index.at(r.winnerName())];
    for (const Round& r : rounds)
        if (r.bye >= 0) ++points[r.bye];
    return points;
}

// Throws unless every row is a game of the schedule with the entrants it names.
void checkRows(const TournamentInfo& info, const std::vector<Round>& rounds,
               const std::vector<GameRow>& rows, bool complete) {
    const int perRound = encountersPerRound(info.format, static_cast<int>(info.names.size()));
    for (const GameRow& r : rows) {
        const Encounter* e =
            r.game >= 1 ? encounterAt(rounds, perRound, (r.game - 1) / 2) : nullptr;
        if (!e) {
            if (!complete) continue;  // a later Swiss round, checked once it is paired
            throw std::runtime_error("game " + std::to_string(r.game) +
                                     " of the results table is not in the schedule");
        }
        const bool firstGame = r.game % 2 == 1;
        const std::string& white = info.names[firstGame ? e->first : e->second];
        const std::string& black = info.names[firstGame ? e->second : e->first];
        if (r.white != white || r.black != black)
            throw std::runtime_error("game " + std::to_string(r.game) + " of the results table (" +
                                     r.white + " vs " + r.black + ") is not the scheduled " +
                                     white + " vs " + black);
    }
}

// Rounded to a tenth; + 0.0 turns -0.0 into 0.0, which JSON would keep.
double tenths(double v) {
    return std::round(v * 10) / 10 + 0.0;
}

}  // namespace

std::string tournamentKey(const TournamentInfo& info) {
    std::string names;
    for (const std::string& n : info.names)
        names += (names.empty() ? "" : ",") + n;
    return std::string("tournament=") + formatName(info.format) + "; asked=" + info.asked +
           "; entrants=" + names + "; rounds=" + std::to_string(info.rounds) +
           "; size=" + std::to_string(info.size) + "; tc=" + info.tc +
           "; openings=" + info.openings + "; seed=" + std::to_string(info.seed);
}

TournamentInfo parseTournamentKey(const std::string& key) {
    TournamentInfo info;
    const std::optional<TournamentFormat> format = parseFormat(keyField(key, "tournament"));
    if (!format || *format == TournamentFormat::Olympiad)
        throw std::invalid_argument("not a hippolyta-tournament results table: " + key);
    info.format = *format;
    info.asked = keyField(key, "asked");
    info.names = splitNames(keyField(key, "entrants"));
    info.rounds = toInt(keyField(key, "rounds"), "rounds");
    info.size = toInt(keyField(key, "size"), "size");
    info.tc = keyField(key, "tc");
    info.openings = keyField(key, "openings");
    info.seed = std::stoull("0" + keyField(key, "seed"));
    if (info.names.size() < 2) throw std::invalid_argument("a tournament needs two entrants");
    return info;
}

int roundOfGame(const TournamentInfo& info, int game) {
    const int perRound = encountersPerRound(info.format, static_cast<int>(info.names.size()));
    return perRound > 0 ? (game - 1) / 2 / perRound + 1 : 1;
}

std::vector<Round> scheduleFromResults(const TournamentInfo& info,
                                       const std::vector<GameRow>& rows) {
    const int n = static_cast<int>(info.names.size());
    if (info.format != TournamentFormat::Swiss) {
        std::vector<Round> rounds = fixedRounds(info.format, n, info.rounds);
        checkRows(info, rounds, rows, true);
        return rounds;
    }
    std::vector<Round> rounds;
    const int perRound = encountersPerRound(info.format, n);
    while (static_cast<int>(rounds.size()) < info.rounds) {
        // Points from the rounds paired so far, which are all complete here.
        const int firstGameAfter = 2 * perRound * static_cast<int>(rounds.size());
        std::vector<GameRow> before;
        for (const GameRow& r : rows)
            if (r.game <= firstGameAfter) before.push_back(r);
        rounds.push_back(swissRound(n, rounds, pointsOf(n, info.names, rounds, before)));
        int done = 0;
        for (const GameRow& r : rows)
            if (r.game > firstGameAfter && r.game <= firstGameAfter + 2 * perRound) ++done;
        if (done < 2 * perRound) break;
    }
    const bool complete = static_cast<int>(rounds.size()) == info.rounds;
    checkRows(info, rounds, rows, complete);
    if (!complete) {  // rows of rounds beyond the first incomplete one cannot be
        const int scheduled = 2 * perRound * static_cast<int>(rounds.size());
        for (const GameRow& r : rows)
            if (r.game > scheduled)
                throw std::runtime_error("game " + std::to_string(r.game) +
                                         " is recorded before its Swiss round was paired");
    }
    return rounds;
}

Standings computeStandings(const TournamentInfo& info, const std::vector<Round>& rounds,
                           const std::vector<GameRow>& rows, const std::string& eloAnchor) {
    const int n = static_cast<int>(info.names.size());
    std::map<std::string, int> index;
    for (int i = 0; i < n; ++i)
        index[info.names[i]] = i;
    int anchor = -1;
    if (!eloAnchor.empty()) {
        const auto it = index.find(eloAnchor);
        if (it == index.end())
            throw std::invalid_argument("the Elo anchor '" + eloAnchor + "' is no entrant");
        anchor = it->second;
    }
    Standings s;
    s.anchor = eloAnchor.empty() ? "mean" : eloAnchor;
    s.games = rows;
    std::sort(s.games.begin(), s.games.end(),
              [](const GameRow& a, const GameRow& b) { return a.game < b.game; });
    std::vector<Standing> st(n);
    for (int i = 0; i < n; ++i) {
        st[i].index = i;
        st[i].name = info.names[i];
    }
    const std::vector<int> points = pointsOf(n, info.names, rounds, rows);
    std::vector<DecisiveGame> decisive;
    std::map<int, std::pair<int, int>> encounterPoints;  // encounter -> points of first, second
    const int perRound = encountersPerRound(info.format, n);
    for (const GameRow& r : s.games) {
        const int w = index.at(r.winnerName()), l = index.at(r.loser());
        ++st[w].wins;
        ++st[l].losses;
        st[w].territory += r.territory;
        decisive.push_back({w, l});
        const Encounter* e = encounterAt(rounds, perRound, (r.game - 1) / 2);
        if (!e) continue;
        auto& [first, second] = encounterPoints[(r.game - 1) / 2];
        (w == e->first ? first : second) += 1;
    }
    std::map<std::pair<int, int>, EncounterTotal> totals;
    for (const auto& [e, pts] : encounterPoints) {
        const Encounter& enc = *encounterAt(rounds, perRound, e);
        st[enc.first].opponentsPoints += points[enc.second];
        st[enc.second].opponentsPoints += points[enc.first];
        const int a = std::min(enc.first, enc.second), b = std::max(enc.first, enc.second);
        EncounterTotal& t = totals[{a, b}];
        t.a = a;
        t.b = b;
        t.aPoints += a == enc.first ? pts.first : pts.second;
        t.bPoints += a == enc.first ? pts.second : pts.first;
        t.games += pts.first + pts.second;
    }
    for (const auto& [pair, t] : totals)
        s.encounters.push_back(t);
    for (const Round& r : rounds) {
        s.scheduledGames += 2 * static_cast<int>(r.encounters.size());
        if (r.bye >= 0) ++st[r.bye].byes;
    }
    const EloFit fit = fitElo(n, decisive, anchor);
    for (int i = 0; i < n; ++i) {
        st[i].points = points[i];
        st[i].games = st[i].wins + st[i].losses;
        st[i].elo = fit.elo[i];
        st[i].eloError = fit.error[i];
    }
    std::stable_sort(st.begin(), st.end(), [](const Standing& a, const Standing& b) {
        if (a.points != b.points) return a.points > b.points;
        if (a.opponentsPoints != b.opponentsPoints) return a.opponentsPoints > b.opponentsPoints;
        return a.territory > b.territory;
    });
    for (int i = 0; i < n; ++i)
        st[i].rank = i + 1;
    s.ranking = std::move(st);
    return s;
}

std::string standingsText(const TournamentInfo& info, const Standings& s) {
    const int n = static_cast<int>(info.names.size());
    std::size_t width = 4;
    for (const std::string& name : info.names)
        width = std::max(width, name.size());
    std::map<std::pair<int, int>, std::pair<int, int>> cell;  // (row, col) -> wins, losses
    for (const EncounterTotal& t : s.encounters) {
        cell[{t.a, t.b}] = {t.aPoints, t.bPoints};
        cell[{t.b, t.a}] = {t.bPoints, t.aPoints};
    }
    char buf[256];
    std::string out = "Tournament: " + std::string(formatName(info.format)) +
                      (info.asked != formatName(info.format) ? " (" + info.asked + ")" : "") +
                      ", " + std::to_string(n) + " entrants, " + std::to_string(info.rounds) +
                      " round(s), " + std::to_string(info.size) + "x" + std::to_string(info.size) +
                      ", tc " + info.tc + "; " + std::to_string(s.games.size()) + " of " +
                      std::to_string(s.scheduledGames) + " scheduled games played\n\n";
    std::snprintf(buf, sizeof buf, "%4s %-*s %7s %6s %5s %4s %4s %6s %7s %9s %4s |", "Rank",
                  static_cast<int>(width), "Name", "Elo", "+/-", "Games", "W", "L", "Points",
                  "OppPts", "Territory", "Byes");
    out += buf;
    for (int c = 1; c <= n; ++c) {
        std::snprintf(buf, sizeof buf, " %5d", c);
        out += buf;
    }
    out += "\n";
    for (const Standing& st : s.ranking) {
        // fixedDecimals, unlike %.1f, never prints a fit's -1e-17 as "-0.0".
        std::snprintf(buf, sizeof buf, "%4d %-*s %7s %6s %5d %4d %4d %6d %7d %9d %4d |", st.rank,
                      static_cast<int>(width), st.name.c_str(), fixedDecimals(st.elo, 1).c_str(),
                      fixedDecimals(st.eloError, 1).c_str(), st.games, st.wins, st.losses,
                      st.points, st.opponentsPoints, st.territory, st.byes);
        out += buf;
        for (const Standing& col : s.ranking) {
            std::string text = "-";
            if (col.index == st.index) {
                text = ".";
            } else if (const auto it = cell.find({st.index, col.index}); it != cell.end()) {
                text = std::to_string(it->second.first) + "-" + std::to_string(it->second.second);
            }
            std::snprintf(buf, sizeof buf, " %5s", text.c_str());
            out += buf;
        }
        out += "\n";
    }
    out += "\nColumns 1.." + std::to_string(n) +
           " follow the ranking; a cell is the row entrant's wins-losses against the column "
           "entrant.\nRanking: points (a win or a bye 1), then opponents' points (each opponent's "
           "points once per encounter), then the winner's territory summed over won games.\nElo: "
           "maximum likelihood (Bradley-Terry, a weak prior of one win and one loss against a 0 "
           "rating), anchored on " +
           s.anchor + "; +/- is the half-width of the 95% interval from the Hessian.\n";
    return out;
}

std::string standingsJson(const TournamentInfo& info, const Standings& s) {
    using Json = nlohmann::ordered_json;
    Json j;
    j["version"] = 1;
    j["format"] = info.asked;
    j["size"] = info.size;
    j["tc"] = info.tc;
    j["rounds"] = info.rounds;
    j["elo_anchor"] = s.anchor;
    j["entrants"] = Json::array();
    for (const Standing& st : s.ranking)
        j["entrants"].push_back({{"rank", st.rank},
                                 {"name", st.name},
                                 {"points", st.points},
                                 {"opponents_points", st.opponentsPoints},
                                 {"territory", st.territory},
                                 {"games", st.games},
                                 {"wins", st.wins},
                                 {"losses", st.losses},
                                 {"elo", tenths(st.elo)},
                                 {"elo_error", tenths(st.eloError)}});
    j["encounters"] = Json::array();
    for (const EncounterTotal& t : s.encounters)
        j["encounters"].push_back({{"a", info.names[t.a]},
                                   {"b", info.names[t.b]},
                                   {"a_points", t.aPoints},
                                   {"b_points", t.bPoints},
                                   {"games", t.games}});
    j["games"] = Json::array();
    for (const GameRow& r : s.games) {
        char sgf[40];
        std::snprintf(sgf, sizeof sgf, "games/game-%06d.sgf", r.game);
        j["games"].push_back({{"number", r.game},
                              {"round", roundOfGame(info, r.game)},
                              {"white", r.white},
                              {"black", r.black},
                              {"result", r.result()},
                              {"winner", r.winnerName()},
                              {"territory", r.territory},
                              {"reason", reasonName(r.reason)},
                              {"plies", r.plies},
                              {"sgf", sgf}});
    }
    j["engines"] = Json::array();  // who played under each name
    for (const EngineIdentity& e : info.engines)
        j["engines"].push_back({{"name", e.name},
                                {"command", e.command},
                                {"dir", e.dir},
                                {"gtp_name", e.gtpName},
                                {"gtp_version", e.gtpVersion}});
    return j.dump(2) + "\n";
}

}  // namespace hippolyta
