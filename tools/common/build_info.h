// What every executable answers to --version: the version, the git commit it was built from,
// whether the build is portable (x86-64-v2) or tuned for the building machine (native), and the
// licence.
#pragma once

#include <string>

namespace hippolyta {

// The first line as help2man expects, then the commit and the build, then the copyright and
// licence lines in the GNU form (help2man makes them the man page's COPYRIGHT section):
//   PROGRAM VERSION         (CMake's project version, e.g. 0.2.0)
//   commit COMMIT           (cmake/git_commit.cmake: git describe, the tarball's COMMIT or
//                            "unknown"; "-dirty" with uncommitted changes)
//   build portable x86-64-v2 | build native
//   Copyright (C) YEARS Hippolyta developers
//   License GPL-3.0-or-later: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
//   This is free software: ... NO WARRANTY ...
std::string versionText(const std::string& program);

}  // namespace hippolyta
