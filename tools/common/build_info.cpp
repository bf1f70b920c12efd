#include "tools/common/build_info.h"

#include <string_view>

#include "hippolyta_git.h"  // generated at build time by cmake/git_commit.cmake

namespace hippolyta {

std::string versionText(const std::string& program) {
    const std::string_view kind = HIPPOLYTA_BUILD_KIND;
    return program + " " + HIPPOLYTA_VERSION_TEXT + "\ncommit " + HIPPOLYTA_GIT_COMMIT +
           "\nbuild " + (kind == "portable" ? "portable x86-64-v2" : "native") +
           "\nCopyright (C) " + HIPPOLYTA_COPYRIGHT +
           "\nLicense GPL-3.0-or-later: GNU GPL version 3 or later "
           "<https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n";
}

}  // namespace hippolyta
