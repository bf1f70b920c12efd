#include "protocol/gtp_session.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <set>
#include <utility>

#include "protocol/game_log.h"
#include "protocol/gtp_commands.h"
#include "protocol/gtp_framing.h"

namespace hippolyta {

namespace {

// Commands after which the engine ponders, when pondering is on.
const std::set<std::string, std::less<>> kMoveCommands = {"genmove", "amz-genmove_analyze"};

}  // namespace

GtpSession::GtpSession(const EngineConfig& config, GtpOptions options)
    : state_(config, std::move(options)) {
    registerMetaCommands(registry_);
    registerBoardCommands(registry_);
    registerTimeCommands(registry_);
    registerExtensionCommands(registry_);
    registerSolveCommands(registry_);
    registerRecordCommands(registry_);
    registerAnalysisCommands(registry_);
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
    // Any input line, even a blank one, ends pondering and streaming analysis first.
    state_.stopBackground();
    const std::string cleaned = cleanLine(rawLine);
    if (isBlank(cleaned)) return {};
    const GtpCommand cmd = parseCommand(cleaned);
    state_.stream().prepare(cmd.id);
    std::string response = answer(cmd, cleaned);
    if (state_.stream().usedByCommand()) {
        // The command answered through the stream; a failure after its header can only end
        // the answer early.
        if (!state_.stream().isOpen() || response.starts_with("?")) state_.stream().close();
        response.clear();
    }
    // Pondering starts only once the move's answer is out (see run()).
    if (!response.starts_with("?") && kMoveCommands.contains(cmd.name)) pendingPonder_ = true;
    return response;
}

std::string GtpSession::answer(const GtpCommand& cmd, const std::string& cleaned) {
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

// After the engine's move is out: how much of the ponder tree its search kept, then pondering
// on the opponent's time.
void GtpSession::afterEngineMove() {
    if (const uint64_t pondered = state_.takePonderVisits()) {
        const SearchResult r = state_.engine().snapshot();
        spdlog::info("ponder tree kept: {} of {} visits ({:.1f}%)", r.keptVisits, pondered,
                     100.0 * static_cast<double>(r.keptVisits) / static_cast<double>(pondered));
    }
    state_.startPonder();
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

// The search thinks in the background (pondering, analysis) while this thread waits for the
// next line; the line stops it before its command runs.
int GtpSession::run(std::istream& in, std::ostream& out) {
    state_.stream().attach(&out);
    LineReader reader(in);
    std::string line;
    for (;;) {
        const LineReader::Status status = reader.next(line);
        state_.stopBackground();
        if (status == LineReader::Status::End) break;
        const std::string response =
            status == LineReader::Status::TooLong ? lineTooLongResponse() : execute(line);
        if (!response.empty()) out << response << std::flush;
        if (!out) {
            spdlog::warn("gtp: cannot write the answer; the controller has gone");
            break;
        }
        if (state_.quitRequested()) break;
        if (std::exchange(pendingPonder_, false)) afterEngineMove();
    }
    state_.stopBackground();
    state_.stream().attach(nullptr);
    spdlog::debug("gtp: session ends ({})", state_.quitRequested() ? "quit" : "end of input");
    return 0;
}

int runGtpSession(std::istream& in, std::ostream& out, const EngineConfig& config,
                  const GtpOptions& options) {
    GtpSession session(config, options);
    return session.run(in, out);
}

}  // namespace hippolyta
