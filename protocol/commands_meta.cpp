// Meta commands: who we are, what we know, which game we play, and quit.
#include <algorithm>
#include <cctype>

#include "engine/core/text_util.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_state.h"

#ifndef HIPPOLYTA_VERSION
#define HIPPOLYTA_VERSION "unknown"
#endif

namespace hippolyta {

namespace {}  // namespace

void registerMetaCommands(CommandRegistry& registry) {
    registry.add("protocol_version", [](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        return std::string("2");
    });
    registry.add("name", [](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        return std::string("Hippolyta");
    });
    registry.add("version", [](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        return std::string(HIPPOLYTA_VERSION);
    });
    registry.add("known_command NAME", [&registry](GtpState&, const GtpArgs& args) {
        args.expectCount(1);
        return std::string(registry.contains(args[0]) ? "true" : "false");
    });
    registry.add("list_commands", [&registry](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        std::string out;
        for (const std::string& name : registry.names())
            out += name + "\n";
        return out;
    });
    registry.add("quit", [](GtpState& state, const GtpArgs& args) {
        args.expectCount(0);
        state.requestQuit();
        return std::string();
    });
    // Quarry asks for the game first; without list_games it takes the engine for a Go engine.
    registry.add("list_games", [](GtpState&, const GtpArgs& args) {
        args.expectCount(0);
        return std::string("Amazons");
    });
    registry.add("set_game GAME", [](GtpState&, const GtpArgs& args) {
        args.expectCount(1);
        if (lowerCase(args[0]) != "amazons")
            throw GtpError("unsupported game '" + args[0] + "' (only Amazons)");
        return std::string();
    });
}

}  // namespace hippolyta
