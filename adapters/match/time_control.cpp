#include "adapters/match/time_control.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/search/time_manager.h"

namespace hippolyta {

namespace {

double seconds(std::string_view s, std::string_view whole) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < 0)
        throw std::invalid_argument("bad time control '" + std::string(whole) +
                                    "': expected none, move:S, M, M+I or M+NxP in seconds");
    return v;
}

}  // namespace

double secondsPerMove(const MatchTimeControl& tc, int size) {
    const double moves = movesLeft(Position::start(size), TimeManagerOptions{}).expected;
    switch (tc.kind) {
        case ClockKind::PerMove:
            return tc.periodSeconds;
        case ClockKind::SuddenDeath:
            return tc.mainSeconds / moves;
        case ClockKind::Fischer:
            return tc.mainSeconds / moves + tc.incrementSeconds;
        case ClockKind::ByoYomi:
            return tc.mainSeconds / moves + tc.periodSeconds;
        case ClockKind::None:
        default:
            return 0;
    }
}

std::string shortClockWarning(const MatchTimeControl& tc, int size) {
    if (tc.kind == ClockKind::None) return "";
    const double perMove = secondsPerMove(tc, size);
    if (perMove >= kShortMoveSeconds) return "";
    return "tc " + formatTimeControl(tc) + " leaves about " + formatSeconds(perMove) +
           " s a move on " + std::to_string(size) + "x" + std::to_string(size) +
           ": pipes, thread wake-ups and the machine's load take a large share of that, so "
           "the results measure speed more than strength (use at least " +
           formatSeconds(kShortMoveSeconds) + " s a move)";
}

MatchTimeControl parseTimeControl(std::string_view text) {
    MatchTimeControl tc;
    if (text == "none" || text.empty()) return tc;
    if (text.starts_with("move:")) {
        tc.kind = ClockKind::PerMove;
        tc.periodSeconds = seconds(text.substr(5), text);
        if (tc.periodSeconds <= 0) throw std::invalid_argument("time per move must be > 0");
        return tc;
    }
    const std::size_t plus = text.find('+');
    tc.mainSeconds = seconds(text.substr(0, plus), text);
    if (plus == std::string_view::npos) {
        tc.kind = ClockKind::SuddenDeath;
        if (tc.mainSeconds <= 0) throw std::invalid_argument("sudden death time must be > 0");
        return tc;
    }
    const std::string_view rest = text.substr(plus + 1);
    const std::size_t x = rest.find('x');
    if (x == std::string_view::npos) {
        tc.kind = ClockKind::Fischer;
        tc.incrementSeconds = seconds(rest, text);
        if (tc.mainSeconds <= 0 && tc.incrementSeconds <= 0)
            throw std::invalid_argument("Fischer time control needs some time");
        return tc;
    }
    tc.kind = ClockKind::ByoYomi;
    const std::string_view count = rest.substr(0, x);
    const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), tc.periods);
    if (ec != std::errc() || end != count.data() + count.size() || tc.periods < 1)
        throw std::invalid_argument("bad byo-yomi '" + std::string(text) +
                                    "': expected M+NxP with N >= 1 periods");
    tc.periodSeconds = seconds(rest.substr(x + 1), text);
    if (tc.periodSeconds <= 0) throw std::invalid_argument("byo-yomi period must be > 0");
    return tc;
}

std::string formatTimeControl(const MatchTimeControl& tc) {
    switch (tc.kind) {
        case ClockKind::PerMove:
            return "move:" + formatSeconds(tc.periodSeconds);
        case ClockKind::SuddenDeath:
            return formatSeconds(tc.mainSeconds);
        case ClockKind::Fischer:
            return formatSeconds(tc.mainSeconds) + "+" + formatSeconds(tc.incrementSeconds);
        case ClockKind::ByoYomi:
            return formatSeconds(tc.mainSeconds) + "+" + std::to_string(tc.periods) + "x" +
                   formatSeconds(tc.periodSeconds);
        case ClockKind::None:
        default:
            return "none";
    }
}

std::string timeSettingsCommand(const MatchTimeControl& tc, bool kgs) {
    const std::string m = formatSeconds(tc.mainSeconds), p = formatSeconds(tc.periodSeconds);
    switch (tc.kind) {
        case ClockKind::PerMove:  // Canadian: P seconds for every single move
            return kgs ? "kgs-time_settings canadian 0 " + p + " 1" : "time_settings 0 " + p + " 1";
        case ClockKind::SuddenDeath:
        case ClockKind::Fischer:
            return kgs ? "kgs-time_settings absolute " + m : "time_settings " + m + " 0 0";
        case ClockKind::ByoYomi:
            // Standard GTP has only Canadian overtime: one stone per period is the nearest.
            return kgs ? "kgs-time_settings byoyomi " + m + " " + p + " " +
                             std::to_string(tc.periods)
                       : "time_settings " + m + " " + p + " 1";
        case ClockKind::None:
        default:
            return "";
    }
}

GameClock::GameClock(const MatchTimeControl& tc, double graceSeconds)
    : tc_(tc), grace_(graceSeconds) {
    for (Side& s : sides_) {
        s.remaining = tc.kind == ClockKind::PerMove ? tc.periodSeconds : tc.mainSeconds;
        s.periods = tc.kind == ClockKind::ByoYomi ? tc.periods : 0;
    }
}

std::optional<double> GameClock::deadline(Color side) const {
    const Side& s = sides_[index(side)];
    switch (tc_.kind) {
        case ClockKind::None:
            return std::nullopt;
        case ClockKind::ByoYomi:
            return s.remaining + s.periods * tc_.periodSeconds + grace_;
        default:
            return s.remaining + grace_;
    }
}

bool GameClock::charge(Color side, double elapsed) {
    Side& s = sides_[index(side)];
    const std::optional<double> limit = deadline(side);
    if (limit && elapsed > *limit) return false;
    s.used += elapsed;
    switch (tc_.kind) {
        case ClockKind::SuddenDeath:
            s.remaining = std::max(0.0, s.remaining - elapsed);
            break;
        case ClockKind::Fischer:
            s.remaining = std::max(0.0, s.remaining - elapsed) + tc_.incrementSeconds;
            break;
        case ClockKind::ByoYomi:
            if (elapsed <= s.remaining) {
                s.remaining -= elapsed;
            } else {
                // Each period the move overran is gone; the one it ended in starts afresh.
                const double over = elapsed - s.remaining;
                const int spent = static_cast<int>(std::ceil(over / tc_.periodSeconds - 1e-9));
                s.remaining = 0;
                s.periods -= std::clamp(spent - 1, 0, s.periods - 1);
            }
            break;
        default:  // None and PerMove keep nothing between moves
            break;
    }
    return true;
}

std::optional<double> GameClock::timeLeft(Color side) const {
    if (tc_.kind == ClockKind::None) return std::nullopt;
    return sides_[index(side)].remaining;
}

std::string GameClock::timeLeftCommand(Color side, bool kgs) const {
    const Side& s = sides_[index(side)];
    const std::string prefix = std::string("time_left ") + colorName(side) + " ";
    switch (tc_.kind) {
        case ClockKind::None:
            return "";
        case ClockKind::PerMove:
            return prefix + formatSeconds(tc_.periodSeconds) + " 1";
        case ClockKind::ByoYomi:
            if (s.remaining > 0) return prefix + formatSeconds(s.remaining) + " 0";
            // In byo-yomi: kgs counts periods left, standard GTP counts stones in the period.
            return prefix + formatSeconds(tc_.periodSeconds) + " " +
                   std::to_string(kgs ? s.periods : 1);
        default:
            return prefix + formatSeconds(s.remaining) + " 0";
    }
}

}  // namespace hippolyta
