#include "protocol/gtp_session.h"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "protocol/game_log.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_framing.h"

namespace hippolyta {

GtpSession::GtpSession(const EngineConfig& config, GtpOptions options)
    : state_(config, std::move(options)) {
    registerMetaCommands(registry_);
    registerBoardCommands(registry_);
    registerTimeCommands(registry_);
    registerExtensionCommands(registry_);
    registerRecordCommands(registry_);
    registerDisplayCommands(registry_);
    if (!state_.options().gameLogDir.empty())
        state_.addListener(std::make_unique<GameLogListener>(state_.options().gameLogDir));
}

std::string GtpSession::lineTooLongResponse() {
    return formatResponse(
        false, std::nullopt,
        "line too long (more than " + std::to_string(kMaxLineBytes) + " bytes); ignored");
}

std::string GtpSession::execute(std::string_view rawLine) {
    const std::string cleaned = cleanLine(rawLine);
    if (isBlank(cleaned)) return {};
    const GtpCommand cmd = parseCommand(cleaned);
    try {
        return formatResponse(true, cmd.id, dispatch(cmd));
    } catch (const GtpError& e) {
        spdlog::debug("gtp: '{}' failed: {}", cleaned, e.what());
        return formatResponse(false, cmd.id, e.what());
    } catch (const std::exception& e) {
        spdlog::error("gtp: '{}' raised: {}", cleaned, e.what());
        return formatResponse(false, cmd.id, std::string("internal error: ") + e.what());
    } catch (...) {
        spdlog::error("gtp: '{}' raised an unknown exception", cleaned);
        return formatResponse(false, cmd.id, "internal error");
    }
}

std::string GtpSession::dispatch(const GtpCommand& cmd) {
    if (cmd.name.empty()) throw GtpError("missing command name after the id");
    const bool nonAscii =
        hasNonAscii(cmd.name) || std::any_of(cmd.args.begin(), cmd.args.end(),
                                             [](const std::string& w) { return hasNonAscii(w); });
    if (nonAscii) throw GtpError("non-ASCII characters in the command");
    const CommandRegistry::Entry* entry = registry_.find(cmd.name);
    if (!entry) throw GtpError("unknown command");
    const GtpArgs args(entry->usage, cmd.args);
    spdlog::debug("gtp: {} {}", cmd.name, args.joined());
    return entry->handler(state_, args);
}

int GtpSession::run(std::istream& in, std::ostream& out) {
    LineReader reader(in);
    std::string line;
    for (;;) {
        const LineReader::Status status = reader.next(line);
        if (status == LineReader::Status::End) break;
        // Pondering and streaming analysis (a later issue) stop here: any input line ends
        // them before the command runs. They need a reader thread that notices the line while
        // the search runs; the command then goes through this same path.
        const std::string response =
            status == LineReader::Status::TooLong ? lineTooLongResponse() : execute(line);
        if (response.empty()) continue;
        out << response << std::flush;
        if (!out) {
            spdlog::warn("gtp: cannot write the answer; the controller has gone");
            break;
        }
        if (state_.quitRequested()) break;
        // Pondering would start here, after the answer is out.
    }
    spdlog::debug("gtp: session ends ({})", state_.quitRequested() ? "quit" : "end of input");
    return 0;
}

int runGtpSession(std::istream& in, std::ostream& out, const EngineConfig& config,
                  const GtpOptions& options) {
    GtpSession session(config, options);
    return session.run(in, out);
}

}  // namespace hippolyta
