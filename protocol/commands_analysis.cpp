// Analysis and pondering: streaming analysis in the lz-analyze / kata-analyze form, the
// analysing genmove, and pondering on or off. The search runs on its own thread and reports
// through a callback; only this layer formats and writes.
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <memory>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"
#include "protocol/move_budget.h"

namespace hippolyta {

namespace {

constexpr long long kDefaultIntervalCs = 50;
constexpr long long kMaxIntervalCs = 360000;  // one hour

struct AnalyzeRequest {
    std::optional<Color> color;
    double intervalSeconds = kDefaultIntervalCs / 100.0;
};

bool isColorWord(const std::string& word) {
    try {
        parseColor(word);
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

// [COLOR] [INTERVAL | interval INTERVAL], the interval in centiseconds, as lz-analyze takes it.
AnalyzeRequest parseAnalyzeArgs(const GtpArgs& args) {
    AnalyzeRequest r;
    size_t i = 0;
    if (i < args.size() && isColorWord(args[i])) r.color = args.color(i++);
    if (i < args.size() && args[i] == "interval" && ++i == args.size())
        args.syntaxError("'interval' needs a number of centiseconds");
    if (i < args.size()) {
        const long long cs = args.integer(i++);
        if (cs < 1 || cs > kMaxIntervalCs)
            throw GtpError("interval must be 1.." + std::to_string(kMaxIntervalCs) +
                           " centiseconds");
        r.intervalSeconds = static_cast<double>(cs) / 100.0;
    }
    if (i != args.size()) args.syntaxError("unexpected '" + args[i] + "'");
    return r;
}

void requireTreeSearch(GtpState& state, const char* what) {
    if (state.engine().config().player != "mcts")
        throw GtpError(std::string(what) + " needs the mcts player");
}

void requireStream(GtpState& state) {
    if (!state.stream().attached())
        throw GtpError("streaming answers need the session's input loop");
}

// Wraps `inner` (may be empty) so that an info line goes out every `interval` seconds; `printed`
// (may be null) turns true with the first line.
std::function<bool(const SearchResult&)> streamingReport(
    GtpState& state, double interval, std::function<bool(const SearchResult&)> inner,
    std::shared_ptr<std::atomic<bool>> printed) {
    using Clock = std::chrono::steady_clock;
    const BoardShape n = state.boardSize();
    return [&state, n, interval, inner = std::move(inner), printed = std::move(printed),
            next = Clock::now() +
                   std::chrono::duration<double>(interval)](const SearchResult& r) mutable {
        if (Clock::now() >= next && !r.candidates.empty()) {
            state.stream().line(analysisInfo(r, n));
            if (printed) *printed = true;
            next = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                      std::chrono::duration<double>(interval));
        }
        return inner ? inner(r) : false;
    };
}

// Makes the search behind `limits` stream info lines every `interval` seconds, keeping any
// report listener it already has (the time stoppers) and reporting at least as often.
void streamInto(SearchLimits& limits, GtpState& state, double interval,
                std::shared_ptr<std::atomic<bool>> printed = nullptr) {
    constexpr double kMaxReportSeconds = 0.05;  // info lines go out at most this late
    limits.reportSeconds =
        std::min(interval, limits.reportSeconds > 0 ? limits.reportSeconds : kMaxReportSeconds);
    limits.onReport =
        streamingReport(state, interval, std::move(limits.onReport), std::move(printed));
}

std::string analyze(GtpState& state, const GtpArgs& args) {
    const AnalyzeRequest request = parseAnalyzeArgs(args);
    requireTreeSearch(state, "analysis");
    requireStream(state);
    Game game = state.game();
    if (request.color) game.setSideToMove(*request.color);
    SearchLimits limits;  // no limit: the next input line ends it
    const auto printed = std::make_shared<std::atomic<bool>>(false);
    streamInto(limits, state, request.intervalSeconds, printed);
    state.stream().open();
    const BoardShape n = state.boardSize();
    state.startAnalysis(std::move(game), std::move(limits),
                        [&state, n, printed](const SearchResult& r, bool stopped) {
                            // A search that ends by itself (a proof) shows its final figures;
                            // one stopped before its first line (a short analysis on a loaded
                            // machine) shows the figures it has.
                            if ((!stopped || !*printed) && !r.candidates.empty())
                                state.stream().line(analysisInfo(r, n));
                        });
    return {};
}

// Searches as genmove does, streaming info lines, then answers `play MOVE` and plays it.
std::string genmoveAnalyze(GtpState& state, const GtpArgs& args) {
    if (args.empty()) throw GtpError("wrong number of arguments (usage: " + args.usage() + ")");
    const Color c = args.color(0);
    std::vector<std::string> rest(args.words().begin() + 1, args.words().end());
    const AnalyzeRequest request = parseAnalyzeArgs(GtpArgs(args.usage(), rest));
    requireTreeSearch(state, "analysis");
    requireStream(state);
    SearchLimits limits = moveLimits(state, c);
    streamInto(limits, state, request.intervalSeconds);
    state.stream().open();
    const std::optional<Move> m = playEngineMove(state, c, limits);
    state.stream().line(m ? "play " + formatMove(*m, state.boardSize(), MoveStyle::Slash)
                          : std::string("play resign"));
    state.stream().close();
    return {};
}

std::string ponder(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    if (args.empty()) return state.ponderEnabled() ? "on" : "off";
    if (args[0] != "on" && args[0] != "off") args.syntaxError("expected 'on' or 'off'");
    if (args[0] == "on") requireTreeSearch(state, "pondering");
    state.setPonder(args[0] == "on");
    return {};
}

}  // namespace

std::string analysisInfo(const SearchResult& result, BoardShape boardSize, size_t maxMoves) {
    std::string out;
    size_t order = 0;
    for (const CandidateInfo& c : result.candidates) {
        if (order == maxMoves) break;
        if (!out.empty()) out += ' ';
        out += "info move " + formatMove(c.move, boardSize, MoveStyle::Slash) + " visits " +
               std::to_string(c.visits) + " winrate " + fixedDecimals(c.winrate, 4) + " prior " +
               fixedDecimals(c.prior, 4) + " order " + std::to_string(order++) + " pv";
        for (const Move m : c.pv)
            out += ' ' + formatMove(m, boardSize, MoveStyle::Slash);
    }
    return out;
}

void registerAnalysisCommands(CommandRegistry& registry) {
    registry.add("amz-analyze [COLOR] [INTERVAL]", analyze);
    registry.add("amz-genmove_analyze COLOR [INTERVAL]", genmoveAnalyze);
    registry.add("amz-ponder [on|off]", ponder);
}

}  // namespace hippolyta
