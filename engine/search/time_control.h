// Time settings and clock state as told by the controller: plain values, validated on entry.
// Budgeting (how long to think for a move) lives elsewhere; this only records what we know.
#pragma once

#include <array>
#include <stdexcept>
#include <string>

#include "engine/core/move.h"

namespace hippolyta {

// Thrown for settings or clock values out of range; what() explains the problem.
class TimeSettingsError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

enum class TimeKind {
    None,      // no limit
    Absolute,  // main time only (sudden death)
    Byoyomi,   // main time, then `periods` periods of `periodSeconds` each (Japanese)
    Canadian,  // main time, then `stones` moves in every block of `periodSeconds`
    Fischer,   // main time, plus `incrementSeconds` after every move
};

const char* timeKindName(TimeKind kind);  // "none", "absolute", ...

struct TimeSettings {
    static constexpr double kMaxSeconds = 1e7;  // about 115 days: anything more is a typo
    static constexpr int kMaxCount = 1000000;   // stones or periods

    TimeKind kind = TimeKind::None;
    double mainSeconds = 0;
    double periodSeconds = 0;     // Byoyomi and Canadian
    int periods = 0;              // Byoyomi
    int stones = 0;               // Canadian
    double incrementSeconds = 0;  // Fischer

    static TimeSettings none() { return {}; }
    static TimeSettings absolute(double main);
    static TimeSettings byoyomi(double main, double period, int periods);
    static TimeSettings canadian(double main, double period, int stones);
    static TimeSettings fischer(double main, double increment);
    // GTP's time_settings MAIN BYO STONES: byo > 0 with 0 stones means no limit, byo = 0 means
    // absolute time, anything else is Canadian. Validated.
    static TimeSettings fromGtp(double main, double byo, int stones);

    // Throws TimeSettingsError unless every field fits the kind (unused fields must be zero).
    void validate() const;
    bool hasLimit() const { return kind != TimeKind::None; }
    friend bool operator==(const TimeSettings& a, const TimeSettings& b) {
        return a.kind == b.kind && a.mainSeconds == b.mainSeconds &&
               a.periodSeconds == b.periodSeconds && a.periods == b.periods &&
               a.stones == b.stones && a.incrementSeconds == b.incrementSeconds;
    }
    friend bool operator!=(const TimeSettings& a, const TimeSettings& b) { return !(a == b); }
};

// What the controller last said about one side's clock (GTP time_left).
struct ClockState {
    double secondsLeft = 0;  // in main time: main time left; in overtime: time left in the period
    int stonesLeft = 0;      // 0 in main time; Canadian: stones left; Byoyomi: periods left
    bool reported = false;   // false until a time_left arrives for this side
    friend bool operator==(const ClockState& a, const ClockState& b) {
        return a.secondsLeft == b.secondsLeft && a.stonesLeft == b.stonesLeft &&
               a.reported == b.reported;
    }
    friend bool operator!=(const ClockState& a, const ClockState& b) { return !(a == b); }
};

// The settings and both clocks. Changing the settings resets the clocks to the main time.
class TimeControl {
  public:
    const TimeSettings& settings() const { return settings_; }
    const ClockState& clock(Color c) const { return clocks_[index(c)]; }

    // Validates first: on error nothing changes.
    void setSettings(const TimeSettings& settings);
    // Both clocks back to the main time, unreported (for a new game under the same settings).
    void resetClocks();
    void setTimeLeft(Color c, double seconds, int stones);
    // Runs c's clock as the controller would for a move that took `elapsed` seconds, so that
    // budgets stay right when the controller does not report after every move. The next
    // time_left overrides it; `reported` is kept as it was.
    void charge(Color c, double elapsed);

  private:
    TimeSettings settings_;
    std::array<ClockState, 2> clocks_{};
};

}  // namespace hippolyta
