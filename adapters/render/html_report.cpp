#include "adapters/render/html_report.h"

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "adapters/match/report.h"
#include "adapters/render/board_files.h"
#include "adapters/render/report_assets.h"
#include "adapters/render/svg_board.h"
#include "engine/core/file_io.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

using Json = nlohmann::json;

std::string escapeHtml(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string points(double p) {
    return std::fabs(p - std::round(p)) < 1e-9 ? std::to_string(std::lround(p))
                                               : fixedDecimals(p, 1);
}

std::string signedElo(const std::optional<double>& elo) {
    if (!elo) return "&mdash;";
    return formatElo(*elo);
}

std::string cell(const std::string& text, const char* cls = nullptr) {
    return std::string("<td") + (cls ? std::string(" class=\"") + cls + "\"" : "") + ">" + text +
           "</td>";
}

std::string title(const ReportData& data) {
    if (!data.title.empty()) return data.title;
    if (data.format == "match" && data.entrants.size() == 2)
        return "Match: " + data.entrants[0].name + " vs " + data.entrants[1].name;
    if (data.format == "match") return "Match report";
    return "Tournament (" + data.format + ")";
}

std::string settingsLine(const ReportData& data) {
    std::string line = std::to_string(data.games.size()) + " games";
    if (data.size)
        line += " &middot; " + std::to_string(data.size) + "x" + std::to_string(data.size);
    if (!data.tc.empty()) line += " &middot; tc " + escapeHtml(data.tc);
    if (data.rounds)
        line +=
            " &middot; " + std::to_string(data.rounds) + (data.rounds == 1 ? " round" : " rounds");
    return line + " &middot; " + std::to_string(data.entrants.size()) + " entrants";
}

std::string standingsTable(const ReportData& data) {
    std::string t =
        "<table id=\"standings\"><thead><tr><th>#</th><th class=\"name\">Entrant</th>"
        "<th title=\"a win scores 1\">Points</th><th title=\"first tie-break: the sum of the "
        "opponents' points\">Opp. points</th><th title=\"second tie-break: the winner's "
        "territory summed over won games\">Territory</th><th>Games</th><th>W</th><th>L</th>"
        "</tr></thead><tbody>";
    for (const ReportEntrant& e : data.entrants)
        t += "<tr class=\"standing\" data-name=\"" + escapeHtml(e.name) + "\">" +
             cell(std::to_string(e.rank)) + cell(escapeHtml(e.name), "name") +
             cell(points(e.points), "strong") + cell(points(e.opponentsPoints)) +
             cell(std::to_string(e.territory)) + cell(std::to_string(e.games)) +
             cell(std::to_string(e.wins)) + cell(std::to_string(e.losses)) + "</tr>";
    return t + "</tbody></table><p class=\"note\">Ranked by points, then the opponents' " +
           "points, then the winner's territory summed over won games.</p>";
}

// Row X, column Y: X's points against Y, then Y's.
std::string crosstable(const ReportData& data) {
    std::string t = "<table id=\"crosstable\"><thead><tr><th>#</th><th class=\"name\">Entrant</th>";
    for (const ReportEntrant& e : data.entrants)
        t += "<th title=\"" + escapeHtml(e.name) + "\">" + std::to_string(e.rank) + "</th>";
    t += "<th>Points</th></tr></thead><tbody>";
    for (const ReportEntrant& row : data.entrants) {
        t += "<tr class=\"xt-row\" data-name=\"" + escapeHtml(row.name) + "\">" +
             cell(std::to_string(row.rank)) + cell(escapeHtml(row.name), "name");
        for (const ReportEntrant& col : data.entrants) {
            if (col.name == row.name) {
                t += cell("", "self");
                continue;
            }
            std::string text;
            for (const ReportEncounter& enc : data.encounters) {
                if (enc.a == row.name && enc.b == col.name)
                    text = points(enc.aPoints) + "&ndash;" + points(enc.bPoints);
                if (enc.b == row.name && enc.a == col.name)
                    text = points(enc.bPoints) + "&ndash;" + points(enc.aPoints);
            }
            t += cell(text);
        }
        t += cell(points(row.points), "strong") + "</tr>";
    }
    return t + "</tbody></table>";
}

std::string eloTable(const ReportData& data) {
    std::vector<const ReportEntrant*> order;
    for (const ReportEntrant& e : data.entrants)
        order.push_back(&e);
    std::stable_sort(order.begin(), order.end(), [](const auto* a, const auto* b) {
        return a->elo.value_or(-1e300) > b->elo.value_or(-1e300);
    });
    std::string t =
        "<table id=\"elo\"><thead><tr><th class=\"name\">Entrant</th><th>Elo</th><th "
        "title=\"half-width of the 95% interval\">&plusmn;</th><th>Games</th><th>Score</th>"
        "</tr></thead><tbody>";
    for (const ReportEntrant* e : order) {
        const std::string score =
            e->games ? fixedDecimals(100.0 * e->points / e->games, 1) + "%" : "&mdash;";
        t += "<tr class=\"elo-row\">" + cell(escapeHtml(e->name), "name") +
             cell(signedElo(e->elo), "strong") +
             cell(e->eloError ? fixedDecimals(*e->eloError, 1) : "&mdash;") +
             cell(std::to_string(e->games)) + cell(score) + "</tr>";
    }
    if (data.format == "match")
        return t + "</tbody></table><p class=\"note\">From the match score, as the match " +
               "report's Elo difference (&plusmn; its 95% interval), split around the mean; " +
               "none while one side won every game.</p>";
    const std::string anchor = data.eloAnchor == "mean" ? "the mean rating of the field"
                                                        : escapeHtml(data.eloAnchor) + " at 0";
    return t + "</tbody></table><p class=\"note\">Maximum-likelihood ratings from all games, " +
           "anchored on " + anchor + ".</p>";
}

std::string gameList(const ReportData& data) {
    const bool rounds = data.format != "match";
    std::string t = "<table id=\"games\"><thead><tr><th>#</th>";
    if (rounds) t += "<th>Rd</th>";
    t += "<th class=\"name\">White</th><th class=\"name\">Black</th><th>Result</th><th>Plies</th>"
         "</tr></thead><tbody>";
    for (const ReportGame& g : data.games) {
        t += "<tr class=\"game-row\" data-game=\"" + std::to_string(g.number) +
             "\" tabindex=\"0\">" + cell(std::to_string(g.number));
        if (rounds) t += cell(g.round ? std::to_string(g.round) : "");
        t += cell(escapeHtml(g.white), g.winner == g.white ? "name won" : "name") +
             cell(escapeHtml(g.black), g.winner == g.black ? "name won" : "name") +
             cell(escapeHtml(g.result)) + cell(std::to_string(g.plies)) + "</tr>";
    }
    return t + "</tbody></table>";
}

Json squaresOf(Bitboard b) {
    Json list = Json::array();
    forEachSquare(b, [&](int sq) { list.push_back(sq); });
    return list;
}

Json viewerGame(const ReportGame& g) {
    Json j = {{"n", g.number}, {"r", g.round},    {"w", g.white},
              {"b", g.black},  {"res", g.result}, {"why", g.reason}};
    if (!g.record) {
        j["err"] = g.recordError.empty() ? "no record" : g.recordError;
        return j;
    }
    const GameRecord& rec = *g.record;
    const Position& s = rec.start;
    j["size"] = rec.size();
    j["start"] = {{"w", squaresOf(s.amazons(Color::White))},
                  {"b", squaresOf(s.amazons(Color::Black))},
                  {"x", squaresOf(s.arrows())}};
    Json moves = Json::array();
    for (const Move& m : rec.moves)
        moves.push_back({m.from, m.to, m.arrow});
    j["moves"] = moves;
    const Position end = replayRecord(rec).position();
    const TerritoryMap map = territoryOf(end);
    std::string terr;
    for (SquareShade shade : map)
        terr += ".wbt"[static_cast<int>(shade)];
    j["terr"] = terr;
    j["final"] = end.isGameOver();
    return j;
}

// The viewer's boards: one interactive picture per board size among the games.
std::string boards(const ReportData& data) {
    std::set<int> sizes;
    for (const ReportGame& g : data.games)
        if (g.record) sizes.insert(g.record->size());
    std::string out;
    for (int n : sizes) {
        SvgOptions options;
        options.interactive = true;
        options.pixels = 560;
        options.idPrefix = "board-" + std::to_string(n);
        options.extraSvgAttributes = " style=\"display:none\"";
        BoardPicture empty;
        empty.position = Position::emptyBoard(n);
        out += renderBoardSvg(empty, options);
    }
    return out;
}

// JSON inside <script>: no "</script>" or "<!--" can end or bend it.
std::string scriptSafe(std::string text) {
    std::string out;
    for (char c : text)
        out += c == '<' ? std::string("\\u003c") : std::string(1, c);
    return out;
}

// A step button with its icon drawn in a 16 x 16 box (no font has to hold the symbols).
std::string button(const char* id, const char* title, const char* icon) {
    return std::string("<button id=\"") + id + "\" title=\"" + title +
           "\"><svg viewBox=\"0 0 16 16\" aria-hidden=\"true\"><path d=\"" + icon +
           "\"/></svg></button>";
}

// Who played under each name: the command line, where it ran, what it said its name was.
std::string enginesTable(const ReportData& data) {
    if (data.engines.empty()) return "";
    std::string t =
        "<section class=\"card\"><h2>Engines</h2><table id=\"engines\"><thead><tr>"
        "<th class=\"name\">Entrant</th><th class=\"name\">Command</th><th "
        "class=\"name\">Directory</th><th class=\"name\">GTP name</th></tr></thead><tbody>";
    for (const EngineIdentity& e : data.engines)
        t +=
            "<tr>" + cell(escapeHtml(e.name), "name") +
            cell("<code>" + escapeHtml(e.command) + "</code>", "name") +
            cell(escapeHtml(e.dir), "name") +
            cell(escapeHtml(e.gtpName + (e.gtpVersion.empty() ? "" : " " + e.gtpVersion)), "name") +
            "</tr>";
    return t + "</tbody></table></section>";
}

std::string viewer(const ReportData& data) {
    Json games = Json::array();
    for (const ReportGame& g : data.games)
        games.push_back(viewerGame(g));
    return "<section class=\"card wide\" id=\"viewer-card\"><h2>Games</h2>"
           "<div id=\"viewer\" data-game=\"\" data-ply=\"\"><div class=\"game-list\">" +
           gameList(data) +
           "</div><div class=\"board-pane\"><div id=\"game-title\"></div>"
           "<div id=\"board-box\">" +
           boards(data) + "<p id=\"board-error\" hidden></p></div><div class=\"controls\">" +
           button("first", "first (Home)", "M3 2h2v12H3zM14 2v12L6 8z") +
           button("prev", "previous (&larr;)", "M12 2v12L4 8z") +
           "<span id=\"ply-counter\"></span>" + button("next", "next (&rarr;)", "M4 2v12l8-6z") +
           button("last", "last (End)", "M11 2h2v12h-2zM2 2v12l8-6z") +
           "</div>"
           "<div id=\"move-text\"></div><div id=\"result-text\"></div></div>"
           "<div class=\"move-pane\"><h3>Moves</h3><ol id=\"move-list\"></ol></div></div>"
           "<p class=\"note\">&larr; &rarr; step, Home/End jump, &uarr; &darr; change game. "
           "Link to a position: <code>#game=N&amp;ply=P</code>.</p>"
           "<script type=\"application/json\" id=\"report-data\">" +
           scriptSafe(Json{{"games", games}}.dump()) + "</script></section>";
}

}  // namespace

std::string viewerGameJson(const ReportGame& game) {
    return viewerGame(game).dump();
}

std::string renderHtmlReport(const ReportData& data) {
    const std::string heading = escapeHtml(title(data));
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
           "<title>" +
           heading + "</title><style>" + reportCss() + "</style></head><body><header><h1>" +
           heading + "</h1><p class=\"settings\">" + settingsLine(data) +
           "</p></header><main><div class=\"row\">"
           "<section class=\"card\"><h2>Standings</h2>" +
           standingsTable(data) + "</section><section class=\"card\"><h2>Crosstable</h2>" +
           crosstable(data) + "</section><section class=\"card\"><h2>Elo</h2>" + eloTable(data) +
           "</section></div>" + enginesTable(data) + viewer(data) +
           "</main><footer>Written by Hippolyta</footer><script>" + reportScript() +
           "</script></body></html>\n";
}

std::string writeHtmlReport(const std::string& dir) {
    ReportCache none;
    return writeHtmlReport(dir, none);
}

std::string writeHtmlReport(const std::string& dir, ReportCache& cache) {
    const ReportData data = loadReportData(dir, cache);
    const std::string path = (std::filesystem::path(dir) / "report.html").string();
    writeFileAtomically(path, renderHtmlReport(data));
    return path;
}

bool tryWriteHtmlReport(const std::string& dir, std::ostream& out, std::ostream& err) {
    try {
        out << "Report: " << writeHtmlReport(dir) << '\n';
        out.flush();
        return true;
    } catch (const std::exception& e) {
        err << "no report written (" << e.what() << "); retry with hippolyta-report " << dir
            << '\n';
        return false;
    }
}

}  // namespace hippolyta
