// hippolyta-sau: the engine for the SAU Game Platform (docs/fronts.md, "SAU Game Platform"). The
// platform starts it with no arguments in its own folder; its settings come from
// hippolyta-sau.conf beside it, or from the command line with the same keys. Built for Linux
// and, as the championship executable, for Windows (cmake/windows.cmake): no Boost here.
#include <string>
#include <vector>

#include "adapters/sau/sau_program.h"
#include "tools/common/build_info.h"

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    return hippolyta::runSauProgram(args, hippolyta::versionText("hippolyta-sau"));
}
