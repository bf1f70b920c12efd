// What every executable answers to --version: the version, the git commit it was built from,
// and whether the build is portable (x86-64-v2) or tuned for the building machine (native).
#pragma once

#include <string>

namespace hippolyta {

// Three lines, the first as help2man expects:
//   PROGRAM VERSION
//   commit COMMIT          (12 hex digits, "-dirty" with uncommitted changes, or "unknown")
//   build portable x86-64-v2 | build native
std::string versionText(const std::string& program);

}  // namespace hippolyta
