#include "engine/search/time_control.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace hippolyta {

namespace {

void checkSeconds(double s, const char* what) {
    if (!std::isfinite(s) || s < 0 || s > TimeSettings::kMaxSeconds)
        throw TimeSettingsError(std::string(what) + " must be 0.." +
                                std::to_string(static_cast<long>(TimeSettings::kMaxSeconds)) +
                                " seconds");
}

void checkCount(int n, int min, const char* what) {
    if (n < min || n > TimeSettings::kMaxCount)
        throw TimeSettingsError(std::string(what) + " must be " + std::to_string(min) + ".." +
                                std::to_string(TimeSettings::kMaxCount));
}

TimeSettings validated(TimeSettings s) {
    s.validate();
    return s;
}

// Byo-yomi: a move that ends within its period keeps it; each whole period it overran is lost
// (the last one never: that is a loss on time, for the controller to call).
void chargeByoyomi(ClockState& k, const TimeSettings& s, double elapsed) {
    double over = elapsed;
    int periods = k.stonesLeft > 0 ? k.stonesLeft : s.periods;
    if (k.stonesLeft == 0 && k.secondsLeft > 0) {
        if (elapsed < k.secondsLeft) {
            k.secondsLeft -= elapsed;
            return;
        }
        over = elapsed - k.secondsLeft;
        periods = s.periods;
    }
    const int lost = static_cast<int>(std::ceil(over / s.periodSeconds - 1e-9)) - 1;
    k.stonesLeft = periods - std::clamp(lost, 0, periods - 1);
    k.secondsLeft = s.periodSeconds;
}

// Canadian: the move that runs out of main time is the first stone of the first period; a
// period whose stones are all played starts afresh.
void chargeCanadian(ClockState& k, const TimeSettings& s, double elapsed) {
    double left = k.stonesLeft > 0 ? k.secondsLeft : s.periodSeconds;
    int stones = k.stonesLeft > 0 ? k.stonesLeft : s.stones;
    if (k.stonesLeft == 0 && k.secondsLeft > 0) {
        if (elapsed < k.secondsLeft) {
            k.secondsLeft -= elapsed;
            return;
        }
        elapsed -= k.secondsLeft;
    }
    left = std::max(0.0, left - elapsed);
    if (--stones == 0) {
        left = s.periodSeconds;
        stones = s.stones;
    }
    k.secondsLeft = left;
    k.stonesLeft = stones;
}

}  // namespace

const char* timeKindName(TimeKind kind) {
    switch (kind) {
        case TimeKind::Absolute:
            return "absolute";
        case TimeKind::Byoyomi:
            return "byoyomi";
        case TimeKind::Canadian:
            return "canadian";
        case TimeKind::Fischer:
            return "fischer";
        case TimeKind::None:
        default:
            return "none";
    }
}

TimeSettings TimeSettings::absolute(double main) {
    TimeSettings s;
    s.kind = TimeKind::Absolute;
    s.mainSeconds = main;
    return validated(s);
}

TimeSettings TimeSettings::byoyomi(double main, double period, int periods) {
    TimeSettings s;
    s.kind = TimeKind::Byoyomi;
    s.mainSeconds = main;
    s.periodSeconds = period;
    s.periods = periods;
    return validated(s);
}

TimeSettings TimeSettings::canadian(double main, double period, int stones) {
    TimeSettings s;
    s.kind = TimeKind::Canadian;
    s.mainSeconds = main;
    s.periodSeconds = period;
    s.stones = stones;
    return validated(s);
}

TimeSettings TimeSettings::fischer(double main, double increment) {
    TimeSettings s;
    s.kind = TimeKind::Fischer;
    s.mainSeconds = main;
    s.incrementSeconds = increment;
    return validated(s);
}

TimeSettings TimeSettings::fromGtp(double main, double byo, int stones) {
    checkSeconds(main, "main time");
    checkSeconds(byo, "byo-yomi time");
    checkCount(stones, 0, "byo-yomi stones");
    if (byo > 0 && stones == 0) return none();
    if (byo == 0) return absolute(main);
    return canadian(main, byo, stones);
}

void TimeSettings::validate() const {
    checkSeconds(mainSeconds, "main time");
    checkSeconds(periodSeconds, "period time");
    checkSeconds(incrementSeconds, "increment");
    checkCount(periods, 0, "periods");
    checkCount(stones, 0, "stones");
    const bool usesPeriod = kind == TimeKind::Byoyomi || kind == TimeKind::Canadian;
    if (usesPeriod && periodSeconds <= 0)
        throw TimeSettingsError(std::string(timeKindName(kind)) + " needs a period time above 0");
    if (!usesPeriod && periodSeconds != 0)
        throw TimeSettingsError("period time is only for byoyomi and canadian");
    if (kind == TimeKind::Byoyomi) checkCount(periods, 1, "byoyomi periods");
    if (kind != TimeKind::Byoyomi && periods != 0)
        throw TimeSettingsError("periods are only for byoyomi");
    if (kind == TimeKind::Canadian) checkCount(stones, 1, "canadian stones");
    if (kind != TimeKind::Canadian && stones != 0)
        throw TimeSettingsError("stones are only for canadian");
    if (kind != TimeKind::Fischer && incrementSeconds != 0)
        throw TimeSettingsError("an increment is only for fischer");
    if (kind == TimeKind::None && mainSeconds != 0)
        throw TimeSettingsError("no time limit takes no main time");
}

void TimeControl::setSettings(const TimeSettings& settings) {
    settings.validate();
    settings_ = settings;
    resetClocks();
}

void TimeControl::resetClocks() {
    for (ClockState& clock : clocks_)
        clock = ClockState{settings_.mainSeconds, 0, false};
}

void TimeControl::setTimeLeft(Color c, double seconds, int stones) {
    checkSeconds(seconds, "time left");
    checkCount(stones, 0, "stones left");
    clocks_[index(c)] = ClockState{seconds, stones, true};
}

void TimeControl::charge(Color c, double elapsed) {
    ClockState& k = clocks_[index(c)];
    const TimeSettings& s = settings_;
    if (!std::isfinite(elapsed) || elapsed < 0) elapsed = 0;
    switch (s.kind) {
        case TimeKind::Absolute:
            k.secondsLeft = std::max(0.0, k.secondsLeft - elapsed);
            break;
        case TimeKind::Fischer:
            k.secondsLeft = std::min(TimeSettings::kMaxSeconds,
                                     std::max(0.0, k.secondsLeft - elapsed) + s.incrementSeconds);
            break;
        case TimeKind::Byoyomi:
            chargeByoyomi(k, s, elapsed);
            break;
        case TimeKind::Canadian:
            chargeCanadian(k, s, elapsed);
            break;
        case TimeKind::None:
        default:
            break;
    }
}

}  // namespace hippolyta
