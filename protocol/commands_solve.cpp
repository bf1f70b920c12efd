// The solver's commands: amz-solve (df-pn on the current position, progress on stderr) and
// amz-moves_left (the exact moves each side has left once the board is walled apart).
#include <spdlog/spdlog.h>

#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "engine/guide/player_guide.h"
#include "engine/solve/dfpn.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

namespace {

constexpr double kDefaultSolveSeconds = 10;
constexpr double kMaxSolveSeconds = 86400;
constexpr size_t kSolveTableMb = 64;

// amz-solve [SECONDS]: `win MOVE`, `loss`, or `unknown PN DN` for the side to move.
std::string solveCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0, 1);
    double seconds = kDefaultSolveSeconds;
    if (args.size() == 1) {
        seconds = args.number(0);
        if (!(seconds > 0 && seconds <= kMaxSolveSeconds))
            throw GtpError("seconds must be more than 0 and at most 86400");
    }
    const Position& pos = state.game().position();
    RegionValuer valuer(nullptr);
    DfpnSettings settings;
    settings.tableMb = kSolveTableMb;
    DfpnSolver solver(settings, valuer, playerGuide());
    solver.onProgress(1.0, [](const DfpnProgress& p) {
        spdlog::info("amz-solve: {:.1f} s, {} nodes, root pn {} dn {}", p.seconds, p.nodes, p.phi,
                     p.delta);
    });
    DfpnLimits limits;
    limits.deadline = std::chrono::steady_clock::now() +
                      std::chrono::microseconds(static_cast<int64_t>(seconds * 1e6));
    const DfpnResult r = solver.solve(pos, limits);
    spdlog::info("amz-solve: {} nodes", r.nodes);
    if (r.outcome == Outcome::Win) return "win " + formatMove(*r.move, pos.shape());
    if (r.outcome == Outcome::Loss) return "loss";
    return "unknown " + std::to_string(r.phi) + ' ' + std::to_string(r.delta);
}

std::string boundsText(const MoveBounds& b) {
    return b.exact() ? std::to_string(b.lower)
                     : std::to_string(b.lower) + ".." + std::to_string(b.upper);
}

// amz-moves_left: `white N black M` (a range LOW..HIGH where the count ran out of budget).
std::string movesLeftCommand(GtpState& state, const GtpArgs& args) {
    args.expectCount(0);
    RegionValuer valuer(nullptr, 2000000);
    const SideMoves m = valuer.movesLeft(state.game().position());
    if (!m.separated) throw GtpError("not separated: a region still holds amazons of both colours");
    return "white " + boundsText(m.white) + " black " + boundsText(m.black);
}

}  // namespace

void registerSolveCommands(CommandRegistry& registry) {
    registry.add("amz-solve [SECONDS]", solveCommand);
    registry.add("amz-moves_left", movesLeftCommand);
}

}  // namespace hippolyta
