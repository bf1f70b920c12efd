// How long genmove thinks: the bridge between the session's clocks and the engine's time
// manager (engine/search/time_manager.h, stoppers.h). Without a clock the engine's fixed
// limits (--move-time, --visits) are used unchanged; under a clock they are caps.
#pragma once

#include <string>

#include "engine/search/time_manager.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

// The time manager's options from the session's options and the engine's configuration.
TimeManagerOptions timeManagerOptions(GtpState& state);
// The budget for c's next move in the session's game (c to move).
TimeBudget moveBudget(GtpState& state, Color c);
// The limits for c's next move: the engine's defaults without a clock, else the budget's
// maximum as a hard stop and the stopper chain as onReport. Logs the budget (debug).
SearchLimits moveLimits(GtpState& state, Color c);
// After genmove played c's move, which took `elapsed` seconds: logs it (debug) and charges
// c's clock, in case the controller does not report before the next move.
void recordMoveTime(GtpState& state, Color c, double elapsed);
// amz-time_debug's answer: the settings and clocks, then c's budget on two lines.
std::string describeTimeDebug(GtpState& state, Color c);

}  // namespace hippolyta
