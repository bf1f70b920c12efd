// A GTP session: one path for every command. A line is read (with a length cap), cleaned,
// parsed into {id, name, args}, looked up in the registry, handled, and answered with
// `=id result` or `?id message` and an empty line, flushed at once.
#pragma once

#include <istream>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/search/engine.h"
#include "protocol/gtp_framing.h"
#include "protocol/gtp_options.h"
#include "protocol/gtp_registry.h"
#include "protocol/gtp_state.h"

namespace hippolyta {

class GtpSession {
  public:
    GtpSession(const EngineConfig& config, GtpOptions options);
    GtpSession(const GtpSession&) = delete;
    GtpSession& operator=(const GtpSession&) = delete;

    // Answers one raw input line (no LF): the whole response with its closing empty line, or
    // an empty string for a line that is blank once cleaned. Never throws.
    std::string execute(std::string_view rawLine);
    // The answer to a line longer than kMaxLineBytes (which is never parsed).
    static std::string lineTooLongResponse();

    // Answers commands from `in` until quit or end of input. Returns the exit code: 0.
    int run(std::istream& in, std::ostream& out);

    GtpState& state() { return state_; }
    const CommandRegistry& registry() const { return registry_; }

  private:
    std::string answer(const GtpCommand& cmd, const std::string& cleaned);
    std::string dispatch(const GtpCommand& cmd);
    void afterEngineMove();

    CommandRegistry registry_;
    GtpState state_;
    bool pendingPonder_ = false;  // set by a move command, acted on once its answer is out
};

// Returns the process exit code (0 after quit or end of input).
int runGtpSession(std::istream& in, std::ostream& out, const EngineConfig& config,
                  const GtpOptions& options);

}  // namespace hippolyta
