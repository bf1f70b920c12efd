// Time controls the match runner enforces with its own clock, and how they are told to GTP
// engines. Seconds are doubles throughout.
//
// Text form (--tc):  none | move:S | M | M+I | M+NxP
//   move:S   fixed S seconds for every move
//   M        sudden death: M seconds for the whole game
//   M+I      Fischer: M seconds, I seconds added after each move
//   M+NxP    byo-yomi: M seconds of main time, then N periods of P seconds
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/move.h"

namespace hippolyta {

enum class ClockKind { None, PerMove, SuddenDeath, Fischer, ByoYomi };

struct MatchTimeControl {
    ClockKind kind = ClockKind::None;
    double mainSeconds = 0;       // SuddenDeath, Fischer, ByoYomi
    double incrementSeconds = 0;  // Fischer
    double periodSeconds = 0;     // PerMove: the time per move; ByoYomi: one period
    int periods = 0;              // ByoYomi

    friend bool operator==(const MatchTimeControl&, const MatchTimeControl&) = default;
};

// Throws std::invalid_argument with a clear message for a malformed text.
MatchTimeControl parseTimeControl(std::string_view text);
// The text form above; parseTimeControl(formatTimeControl(tc)) == tc.
std::string formatTimeControl(const MatchTimeControl& tc);

// The GTP commands that announce tc at the start of a game: kgs-time_settings if the engine
// has it, else the standard time_settings (Fischer is announced as absolute time and the
// increments show in time_left). Empty for no time control.
std::string timeSettingsCommand(const MatchTimeControl& tc, bool kgs);

// Seconds a move gets on average under tc on an empty board of this size: the main time over
// the moves the engine expects to think about (engine/search/time_manager.h), plus the
// increment or a period; 0 without a time control.
double secondsPerMove(const MatchTimeControl& tc, int size);
// Below this a time control measures speed and machine load more than strength.
constexpr double kShortMoveSeconds = 0.1;
// A warning for people when tc leaves less than kShortMoveSeconds a move, else empty.
std::string shortClockWarning(const MatchTimeControl& tc, int size);

// One game's two clocks.
class GameClock {
  public:
    explicit GameClock(const MatchTimeControl& tc, double graceSeconds = 0);

    const MatchTimeControl& timeControl() const { return tc_; }
    // How long side may think from now before it loses on time, grace included;
    // nullopt without a time control.
    std::optional<double> deadline(Color side) const;
    // Charges a move that took `elapsed` seconds to side: false if it lost on time (the clock
    // is then left unchanged).
    bool charge(Color side, double elapsed);
    // Main time left (PerMove: the time per move); nullopt without a time control.
    std::optional<double> timeLeft(Color side) const;
    int periodsLeft(Color side) const { return sides_[index(side)].periods; }
    double used(Color side) const { return sides_[index(side)].used; }
    // The GTP time_left command for side, or empty without a time control.
    std::string timeLeftCommand(Color side, bool kgs) const;

  private:
    struct Side {
        double remaining = 0;
        int periods = 0;
        double used = 0;
    };
    MatchTimeControl tc_;
    double grace_;
    Side sides_[2];
};

}  // namespace hippolyta
