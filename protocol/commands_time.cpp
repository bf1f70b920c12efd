// Time commands: the controller's time settings and clock reports, validated and stored in the
// session's TimeControl. Budgeting from them is move_budget.h's business; amz-time_debug shows it.
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"
#include "protocol/move_budget.h"

namespace hippolyta {

namespace {

constexpr const char* kTimeForms =
    "none | absolute MAIN | byoyomi MAIN PERIOD PERIODS | canadian MAIN PERIOD STONES";

// A seconds value: a finite number, range-checked by TimeSettings.
double seconds(const GtpArgs& args, size_t i) {
    return args.number(i);
}

int count(const GtpArgs& args, size_t i) {
    const long long v = args.integer(i);
    if (v < 0 || v > TimeSettings::kMaxCount)
        throw GtpError("'" + args[i] + "' is out of range (0.." +
                       std::to_string(TimeSettings::kMaxCount) + ")");
    return static_cast<int>(v);
}

// The kgs-time_settings forms, plus `fischer MAIN INCREMENT` when allowed.
TimeSettings parseTimeForm(const GtpArgs& args, bool allowFischer) {
    if (args.empty()) throw GtpError("wrong number of arguments (usage: " + args.usage() + ")");
    const std::string& kind = args[0];
    if (kind == "none") {
        args.expectCount(1);
        return TimeSettings::none();
    }
    if (kind == "absolute") {
        args.expectCount(2);
        return TimeSettings::absolute(seconds(args, 1));
    }
    if (kind == "byoyomi") {
        args.expectCount(4);
        return TimeSettings::byoyomi(seconds(args, 1), seconds(args, 2), count(args, 3));
    }
    if (kind == "canadian") {
        args.expectCount(4);
        return TimeSettings::canadian(seconds(args, 1), seconds(args, 2), count(args, 3));
    }
    if (kind == "fischer" && allowFischer) {
        args.expectCount(3);
        return TimeSettings::fischer(seconds(args, 1), seconds(args, 2));
    }
    args.syntaxError("unknown time system '" + kind + "'");
}

// Runs f, turning a validation failure into a GTP error.
template <typename F>
void validating(F&& f) {
    try {
        f();
    } catch (const TimeSettingsError& e) {
        throw GtpError(std::string("invalid time: ") + e.what());
    }
}

}  // namespace

// Settings on the first line, then one line per colour with its clock.
std::string describeTimeControl(const TimeControl& time) {
    const TimeSettings& s = time.settings();
    std::string out = timeKindName(s.kind);
    if (s.hasLimit()) out += " main " + formatSeconds(s.mainSeconds);
    if (s.kind == TimeKind::Byoyomi)
        out +=
            " period " + formatSeconds(s.periodSeconds) + " periods " + std::to_string(s.periods);
    if (s.kind == TimeKind::Canadian)
        out += " period " + formatSeconds(s.periodSeconds) + " stones " + std::to_string(s.stones);
    if (s.kind == TimeKind::Fischer) out += " increment " + formatSeconds(s.incrementSeconds);
    for (Color c : {Color::White, Color::Black}) {
        const ClockState& clock = time.clock(c);
        out += std::string("\n") + colorName(c) + " time_left " + formatSeconds(clock.secondsLeft) +
               " stones " + std::to_string(clock.stonesLeft) +
               (clock.reported ? "" : " (not reported)");
    }
    return out;
}

void registerTimeCommands(CommandRegistry& registry) {
    registry.add("time_settings MAIN BYO_YOMI STONES", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(3);
        const double main = seconds(args, 0), byo = seconds(args, 1);
        const int stones = count(args, 2);
        validating([&] { state.time().setSettings(TimeSettings::fromGtp(main, byo, stones)); });
        return std::string();
    });
    // In byoyomi the last argument counts periods left, not stones.
    registry.add("time_left COLOR TIME STONES", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(3);
        const Color c = args.color(0);
        const double left = seconds(args, 1);
        const int stones = count(args, 2);
        validating([&] { state.time().setTimeLeft(c, left, stones); });
        return std::string();
    });
    registry.add(std::string("kgs-time_settings ") + kTimeForms,
                 [](GtpState& state, const GtpArgs& args) {
                     validating([&] { state.time().setSettings(parseTimeForm(args, false)); });
                     return std::string();
                 });
    // Our extension: the same forms plus Fischer; with no argument, shows settings and clocks.
    registry.add(std::string("amz-time_settings [") + kTimeForms + " | fischer MAIN INCREMENT]",
                 [](GtpState& state, const GtpArgs& args) {
                     if (args.empty()) return describeTimeControl(state.time());
                     validating([&] { state.time().setSettings(parseTimeForm(args, true)); });
                     return std::string();
                 });
    // The clocks and the budget the next move of COLOR (default: the side to move) would get.
    registry.add("amz-time_debug [COLOR]", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0, 1);
        const Color c = args.empty() ? state.game().position().sideToMove() : args.color(0);
        return describeTimeDebug(state, c);
    });
}

}  // namespace hippolyta
