// Options of a GTP session, set from the command line by the engine's main().
#pragma once

#include <string>

#include "protocol/book_source.h"

namespace hippolyta {

struct GtpOptions {
    std::string gameLogDir;         // empty: no engine-side game log
    double lagBufferSeconds = 0.2;  // kept back from every clock budget for transport delays
    double moveTimeCapSeconds = 0;  // > 0: no move under a clock takes longer (--move-time)
    bool ponder = false;            // think on the opponent's time (amz-ponder changes it)
    double maxPonderSeconds = 600;  // one ponder search stops after this long
    BookOptions book;               // default: no book (the engine's main() picks the shipped one)
};

}  // namespace hippolyta
