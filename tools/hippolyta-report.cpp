// hippolyta-report: (re)writes DIR/report.html for a match or tournament output directory.
// See docs/reports.md.

#include <iostream>

#include "adapters/render/html_report.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    std::vector<std::string> dirs;
    ToolOptions cli(
        "hippolyta-report",
        "Usage: hippolyta-report DIR...\n"
        "Writes DIR/report.html (standings, crosstable, Elo, game viewer) from DIR/standings.json\n"
        "or the results table, and the games in DIR/games (see docs/reports.md).\nOptions");
    cli.addHidden()("dir", po::value(&dirs));
    cli.positional("dir", -1);
    const auto check = [&] {
        if (dirs.empty()) throw UsageError("give the match's or tournament's --out directory");
    };
    return runTool(cli, argc, argv, check, [&] {
        int status = 0;
        for (const std::string& dir : dirs) {
            try {
                std::cout << writeHtmlReport(dir) << '\n';
            } catch (const std::exception& e) {
                std::cerr << "hippolyta-report: " << e.what() << '\n';
                status = 1;
            }
        }
        return status;
    });
}
