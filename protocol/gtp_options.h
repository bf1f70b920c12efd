// Options of a GTP session, set from the command line by the engine's main().
#pragma once

#include <string>

namespace hippolyta {

struct GtpOptions {
    std::string gameLogDir;  // empty: no engine-side game log
};

}  // namespace hippolyta
