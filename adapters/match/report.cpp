#include "adapters/match/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "adapters/match/time_control.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

void add(Score& s, bool won) {
    won ? ++s.wins : ++s.losses;
}

// The winner's territory summed over each engine's games won with no moves left.
std::string territoryLine(const std::vector<GameRow>& rows, const std::string& engine1,
                          const std::string& engine2) {
    std::map<std::string, int> sum;
    for (const GameRow& r : rows)
        if (r.reason == EndReason::NoMoves) sum[r.winnerName()] += r.territory;
    return "Territory in won games: " + engine1 + " " + std::to_string(sum[engine1]) + ", " +
           engine2 + " " + std::to_string(sum[engine2]) + "\n";
}

}  // namespace

std::string scoreText(const Score& s) {
    return std::to_string(s.wins) + " - " + std::to_string(s.losses) + " - " +
           std::to_string(s.draws) + "  [" + fixedDecimals(s.ratio(), 3) + "] " +
           std::to_string(s.games());
}

Score scoreOf(const std::vector<GameRow>& rows, const std::string& engine1) {
    Score s;
    for (const GameRow& r : rows) {
        const std::string& winner = r.winner == Color::White ? r.white : r.black;
        add(s, winner == engine1);
    }
    return s;
}

std::string progressLine(const GameRow& r) {
    std::string line = "Finished game " + std::to_string(r.game) + " (" + r.white + " vs " +
                       r.black + "): " + (r.winner == Color::White ? "1-0" : "0-1") + " {" +
                       reasonName(r.reason);
    if (!r.detail.empty()) line += ": " + r.detail;
    return line + "} " + r.result() + ", " + std::to_string(r.plies) + " plies, " +
           fixedDecimals(r.whiteSeconds, 1) + "s / " + fixedDecimals(r.blackSeconds, 1) + "s";
}

std::string scoreLine(const std::vector<GameRow>& rows, const std::string& engine1,
                      const std::string& engine2) {
    return "Score of " + engine1 + " vs " + engine2 + ": " + scoreText(scoreOf(rows, engine1));
}

std::string sprtLine(const SprtConfig& c, const Score& score) {
    const SprtStatus s = sprt(c, score.wins, score.losses);
    // How far the LLR has gone towards the bound it heads for, as cutechess shows it.
    const double towards = s.llr >= 0 ? s.llr / s.upper : s.llr / s.lower;
    std::string line = "SPRT: llr " + fixedDecimals(s.llr, 3) + " (" +
                       fixedDecimals(100 * towards, 1) + "%), lbound " + fixedDecimals(s.lower, 2) +
                       ", ubound " + fixedDecimals(s.upper, 2);
    if (s.decision == SprtStatus::Decision::AcceptH1) line += " - H1 was accepted";
    if (s.decision == SprtStatus::Decision::AcceptH0) line += " - H0 was accepted";
    return line + " [elo0 " + formatSeconds(c.elo0) + ", elo1 " + formatSeconds(c.elo1) +
           ", alpha " + formatSeconds(c.alpha) + ", beta " + formatSeconds(c.beta) + "]";
}

std::string formatDuration(double seconds) {
    const long s = std::lround(std::max(0.0, seconds));
    char text[32];
    if (s < 60)
        std::snprintf(text, sizeof text, "%lds", s);
    else if (s < 3600)
        std::snprintf(text, sizeof text, "%ldm%02lds", s / 60, s % 60);
    else
        std::snprintf(text, sizeof text, "%ldh%02ldm", s / 3600, s / 60 % 60);
    return text;
}

std::optional<double> estimateSecondsLeft(double elapsed, int playedThisRun, int remaining) {
    if (playedThisRun <= 0 || remaining < 0) return std::nullopt;
    return elapsed / playedThisRun * remaining;
}

std::string progressStatusLine(const ProgressStatus& p) {
    std::string line = std::to_string(p.done) + "/" + std::to_string(p.total) + " games";
    // The score last: long names are what gets cut to fit a line.
    if (p.secondsLeft) line += " | " + formatDuration(*p.secondsLeft) + " left";
    if (p.elo) line += " | Elo " + formatElo(*p.elo);
    if (!p.score.empty()) line += " | " + p.score;
    return line.size() > 79 ? line.substr(0, 76) + "..." : line;
}

std::string enginesSection(const std::vector<EngineIdentity>& engines) {
    std::string out = engines.empty() ? "" : "Engines:\n";
    for (const EngineIdentity& e : engines)
        out += "  " + describeIdentity(e) + "\n";
    return out;
}

std::string formatElo(double elo) {
    if (std::isnan(elo)) return "nan";
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    const std::string text = fixedDecimals(elo, 1);
    if (text == "-0.0" || text == "0.0") return "0.0";
    return text[0] == '-' ? text : "+" + text;
}

std::string matchReport(const std::vector<GameRow>& rows, const std::string& engine1,
                        const std::string& engine2, const std::optional<SprtConfig>& sprtConfig) {
    Score total, asWhite, asBlack, whiteSide;
    std::map<std::string, std::map<std::string, int>> losses;  // engine -> reason -> count
    for (const GameRow& r : rows) {
        const bool engine1White = r.white == engine1;
        const bool engine1Won = (r.winner == Color::White) == engine1White;
        add(total, engine1Won);
        add(engine1White ? asWhite : asBlack, engine1Won);
        add(whiteSide, r.winner == Color::White);
        ++losses[r.loser()][reasonName(r.reason)];
    }
    const std::string pad = "...      ";
    std::string out = "Score of " + engine1 + " vs " + engine2 + ": " + scoreText(total) + "\n";
    out += pad + engine1 + " playing White: " + scoreText(asWhite) + "\n";
    out += pad + engine1 + " playing Black: " + scoreText(asBlack) + "\n";
    out += pad + "White vs Black: " + scoreText(whiteSide) + "\n";
    const EloEstimate e = estimateElo(total);
    out += "Elo difference: " + formatElo(e.diff) + " +/- " + fixedDecimals(e.margin, 1) +
           ", LOS: " + fixedDecimals(100 * e.los, 1) + " %, DrawRatio: " +
           fixedDecimals(total.games() ? 100.0 * total.draws / total.games() : 0.0, 1) + " %\n";
    if (sprtConfig) out += sprtLine(*sprtConfig, total) + "\n";
    out += territoryLine(rows, engine1, engine2);
    out += "Loss reasons:\n";
    for (const std::string& name : {engine1, engine2}) {
        out += "  " + name + ":";
        int count = 0;
        for (const auto& [reason, n] : losses[name]) {
            out += std::string(count++ ? "," : "") + " " + reason + " " + std::to_string(n);
        }
        out += count ? "\n" : " none\n";
    }
    return out;
}

}  // namespace hippolyta
