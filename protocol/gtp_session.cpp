// PLACEHOLDER until the GTP layer lands (owned by the protocol work).
#include "protocol/gtp_session.h"

namespace hippolyta {

int runGtpSession(std::istream&, std::ostream&, const EngineConfig&, const GtpOptions&) {
    return 2;
}

}  // namespace hippolyta
