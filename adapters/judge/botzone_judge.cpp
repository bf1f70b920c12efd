#include "adapters/judge/botzone_judge.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "adapters/botzone/botzone_json.h"
#include "adapters/botzone/botzone_protocol.h"
#include "adapters/common/openings.h"
#include "adapters/judge/bot_process.h"
#include "engine/core/game.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

constexpr int kBoard = 8;
constexpr const char* kKeepRunning = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<";
const char* const kKeys[6] = {"x0", "y0", "x1", "y1", "x2", "y2"};

std::string jsonMove(const BotzoneMove& m) {
    std::string s = "{";
    for (int k = 0; k < 6; ++k)
        s += std::string(k ? "," : "") + "\"" + kKeys[k] + "\":" + std::to_string(m.v[k]);
    return s + "}";
}

// The first request a bot gets: the whole history so far, from its side's view (Botzone's
// first mover, our White, gets -1s as its first request).
std::vector<std::string> fullRequest(const std::vector<Move>& history, Color side, bool json) {
    std::vector<BotzoneMove> requests, responses;
    if (side == Color::White) requests.push_back(BotzoneMove{});
    for (size_t i = 0; i < history.size(); ++i) {
        const bool ours = (i % 2 == 0) == (side == Color::White);
        (ours ? responses : requests).push_back(fromMove(history[i]));
    }
    if (json) {
        std::string s = "{\"requests\":[";
        for (size_t i = 0; i < requests.size(); ++i) {
            if (i) s += ',';
            s += jsonMove(requests[i]);
        }
        s += "],\"responses\":[";
        for (size_t i = 0; i < responses.size(); ++i) {
            if (i) s += ',';
            s += jsonMove(responses[i]);
        }
        return {s + "]}"};
    }
    std::vector<std::string> lines{std::to_string(requests.size())};
    for (size_t i = 0; i < requests.size(); ++i) {
        lines.push_back(formatBotzoneMove(requests[i]));
        if (i < responses.size()) lines.push_back(formatBotzoneMove(responses[i]));
    }
    return lines;
}

std::optional<BotzoneMove> parseAnswer(const std::string& line, bool json) {
    if (!json) return parseBotzoneMove(line);
    try {
        const JsonValue v = parseJson(line);
        const JsonValue* r = v.isObject() ? v.find("response") : nullptr;
        if (!r || !r->isObject()) return std::nullopt;
        BotzoneMove m;
        for (int k = 0; k < 6; ++k) {
            const JsonValue* x = r->find(kKeys[k]);
            if (!x || !x->isInteger) return std::nullopt;
            m.v[k] = static_cast<int>(x->integer);
        }
        return m;
    } catch (const JsonError&) {
        return std::nullopt;
    }
}

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// One game; returns the winner. Faults and turn times go into the summary.
class JudgedGame {
  public:
    JudgedGame(const BotzoneJudgeConfig& config, int number, BotzoneJudgeSummary& summary)
        : config_(config), number_(number), summary_(summary) {
        const Opening opening = randomOpening(kBoard, config.randomPlies, config.seed,
                                              static_cast<uint64_t>(number - 1));
        game_ = Game(opening.start);
        for (const Move& m : opening.moves)
            game_.play(m);
    }

    // The winner, or nothing when the game was stopped after config.maxPlies bot moves.
    std::optional<Color> play() {
        std::unique_ptr<BotProcess> bots[2];
        bool started[2] = {false, false};
        for (int plies = 0; !game_.isOver(); ++plies) {
            if (config_.maxPlies > 0 && plies == config_.maxPlies) return std::nullopt;
            const Color side = game_.position().sideToMove();
            const int s = index(side);
            if (!bots[s]) bots[s] = std::make_unique<BotProcess>(config_.command);
            const std::string fault = turn(*bots[s], side, started[s]);
            if (!fault.empty()) {
                summary_.faults.push_back("game " + std::to_string(number_) + " ply " +
                                          std::to_string(game_.moves().size() + 1) + " (" +
                                          colorName(side) + "): " + fault);
                return opposite(side);
            }
            started[s] = true;
        }
        return opposite(game_.position().sideToMove());
    }

  private:
    static std::string colorName(Color c) {
        return c == Color::White ? "first mover" : "second mover";
    }

    // Asks `side` for a move and plays it; returns a fault, or "" when all went well.
    std::string turn(BotProcess& bot, Color side, bool started) {
        const std::vector<std::string> request =
            started
                ? std::vector<std::string>{config_.json
                                               ? jsonMove(fromMove(game_.moves().back()))
                                               : formatBotzoneMove(fromMove(game_.moves().back()))}
                : fullRequest(game_.moves(), side, config_.json);
        bot.resume();
        const auto start = std::chrono::steady_clock::now();
        for (const std::string& line : request)
            if (!bot.writeLine(line)) return "the bot stopped reading its input";
        const std::optional<std::string> answer = bot.readLine(config_.hangSeconds);
        const double seconds = since(start);
        const int ply = static_cast<int>(game_.moves().size()) + 1;
        summary_.turns.push_back({number_, ply, !started, seconds});
        logTurn(ply, side, !started, seconds);
        if (!answer && bot.outputEnded())
            return "the bot ended without answering (it " + bot.exitDescription() + ")";
        if (!answer) return "no answer within " + formatSeconds(config_.hangSeconds) + " s";
        const std::optional<BotzoneMove> bm = parseAnswer(*answer, config_.json);
        const std::optional<Move> m = bm ? toMove(*bm) : std::nullopt;
        if (!m || !game_.position().isLegal(*m))
            return "illegal or unreadable answer '" + *answer + "'";
        const double limit = started ? config_.turnLimit : config_.firstTurnLimit;
        if (seconds > limit)
            return "answered after " + formatSeconds(seconds) + " s (limit " +
                   formatSeconds(limit) + " s)";
        const std::optional<std::string> marker = bot.readLine(config_.hangSeconds);
        if (!marker || *marker != kKeepRunning) return "no keep-running line after the answer";
        bot.pause();  // Botzone stops a keep-running bot until its next turn
        game_.play(*m);
        return "";
    }

    void logTurn(int ply, Color side, bool first, double seconds) const {
        if (config_.turnsFile.empty()) return;
        std::ofstream out(config_.turnsFile, std::ios::app);
        out << number_ << '\t' << ply << '\t' << (side == Color::White ? "first" : "second") << '\t'
            << (first ? 1 : 0) << '\t' << fixedDecimals(seconds, 4) << '\n';
    }

    const BotzoneJudgeConfig& config_;
    int number_;
    BotzoneJudgeSummary& summary_;
    Game game_{Position::start(kBoard)};
};

std::vector<double> timesOf(const BotzoneJudgeSummary& s, bool firstTurns) {
    std::vector<double> t;
    for (const BotzoneTurnTime& turn : s.turns)
        if (turn.firstTurn == firstTurns) t.push_back(turn.seconds);
    std::sort(t.begin(), t.end());
    return t;
}

}  // namespace

double BotzoneJudgeSummary::maxSeconds(bool firstTurns) const {
    const std::vector<double> t = timesOf(*this, firstTurns);
    return t.empty() ? 0 : t.back();
}

double BotzoneJudgeSummary::medianSeconds(bool firstTurns) const {
    const std::vector<double> t = timesOf(*this, firstTurns);
    return t.empty() ? 0 : t[t.size() / 2];
}

int BotzoneJudgeSummary::over(double limit, bool firstTurns) const {
    const std::vector<double> t = timesOf(*this, firstTurns);
    return static_cast<int>(t.end() - std::upper_bound(t.begin(), t.end(), limit));
}

BotzoneJudgeSummary judgeBotzoneBot(const BotzoneJudgeConfig& config,
                                    const std::function<void(const std::string&)>& progress) {
    if (config.command.empty()) throw std::runtime_error("no bot command");
    BusyLoad load(config.busyLoad);
    BotzoneJudgeSummary summary;
    for (int g = 1; g <= config.games; ++g) {
        const size_t faultsBefore = summary.faults.size();
        const std::optional<Color> winner = JudgedGame(config, g, summary).play();
        ++summary.games;
        if (!winner) ++summary.unfinished;
        if (winner == Color::White) ++summary.firstMoverWins;
        std::string line = "game " + std::to_string(g) + ": " +
                           (!winner                  ? "stopped unfinished"
                            : winner == Color::White ? "first mover wins"
                                                     : "second mover wins");
        if (summary.faults.size() > faultsBefore) line += " (" + summary.faults.back() + ")";
        progress(line);
    }
    return summary;
}

std::string formatJudgeSummary(const BotzoneJudgeSummary& s, const BotzoneJudgeConfig& config) {
    std::ostringstream out;
    out << "games " << s.games << ", turns " << s.turns.size() << ", first mover won "
        << s.firstMoverWins << ", unfinished " << s.unfinished << ", faults " << s.faults.size()
        << "\n";
    out << "first turns: max " << fixedDecimals(s.maxSeconds(true), 3) << " s, median "
        << fixedDecimals(s.medianSeconds(true), 3) << " s, over "
        << formatSeconds(config.firstTurnLimit) << " s: " << s.over(config.firstTurnLimit, true)
        << "\n";
    out << "later turns: max " << fixedDecimals(s.maxSeconds(false), 3) << " s, median "
        << fixedDecimals(s.medianSeconds(false), 3) << " s, over "
        << formatSeconds(config.turnLimit) << " s: " << s.over(config.turnLimit, false) << "\n";
    for (const std::string& f : s.faults)
        out << "fault: " << f << "\n";
    return out.str();
}

}  // namespace hippolyta
