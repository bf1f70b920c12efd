// hippolyta-report: (re)writes DIR/report.html for a match or tournament output directory.
// See docs/reports.md.

#include <iostream>

#include "adapters/render/html_report.h"
#include "tools/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    if (printedVersion(argc, argv, "hippolyta-report")) return 0;
    std::vector<std::string> dirs;
    po::options_description opts(
        "Usage: hippolyta-report DIR...\n"
        "Writes DIR/report.html (standings, crosstable, Elo, game viewer) from DIR/standings.json\n"
        "or the results table, and the games in DIR/games (see docs/reports.md).\nOptions");
    opts.add_options()("help,h", "show this help and exit")("version", "show the version and exit")(
        "dir", po::value(&dirs)->multitoken(), "the match's or tournament's --out directory");
    po::positional_options_description positional;
    positional.add("dir", -1);
    try {
        po::variables_map vm;
        if (!parseToolOptions(argc, argv, opts, positional, vm)) return 0;
        if (dirs.empty()) throw std::invalid_argument("give the output directory");
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-report: " << e.what() << "\n(see --help)\n";
        return 2;
    }
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
}
