// hippolyta-board: draws a board as SVG, from an SGF game at a chosen move or from a position
// string. See docs/reports.md.

#include <iostream>

#include "adapters/render/board_files.h"
#include "engine/core/file_io.h"
#include "tools/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    if (printedVersion(argc, argv, "hippolyta-board")) return 0;
    std::string input, output;
    int move = -1, pixels = 480;
    bool territory = false, noCoordinates = false;
    po::options_description opts(
        "Usage: hippolyta-board [options] GAME.sgf|POSITION\n"
        "Draws the board of an SGF game (at --move, default the end) or of a position string\n"
        "(e.g. \"2x1B/xxx2/5/xxx2/xWx2 w\") as SVG (see docs/reports.md).\nOptions");
    // clang-format off
    opts.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit")
        ("move,m", po::value(&move), "plies played from the record's start (0: the start; "
            "default: the end); the last of them is marked")
        ("territory,t", po::bool_switch(&territory),
            "shade the territory: the winner's final territory at a finished game's end, "
            "else the queen-distance territory")
        ("size,s", po::value(&pixels)->default_value(480), "width of the picture in pixels")
        ("no-coordinates", po::bool_switch(&noCoordinates), "leave out the a.. and 1.. labels")
        ("output,o", po::value(&output), "write the SVG to this file (default: stdout)")
        ("input", po::value(&input), "the SGF file or the position string");
    // clang-format on
    po::positional_options_description positional;
    positional.add("input", 1);
    try {
        po::variables_map vm;
        if (!parseToolOptions(argc, argv, opts, positional, vm)) return 0;
        if (input.empty()) throw std::invalid_argument("give an SGF file or a position string");
        if (vm.count("move") && move < 0) throw std::invalid_argument("--move must be >= 0");
        if (pixels < 16 || pixels > 20000)
            throw std::invalid_argument("--size must be 16..20000 pixels");
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-board: " << e.what() << "\n(see --help)\n";
        return 2;
    }
    try {
        const BoardPicture picture =
            loadPicture(input, move >= 0 ? std::optional<int>(move) : std::nullopt, territory);
        SvgOptions options;
        options.pixels = pixels;
        options.coordinates = !noCoordinates;
        const std::string svg = renderBoardSvg(picture, options);
        if (output.empty()) {
            std::cout << svg;
            std::cout.flush();
            return std::cout ? 0 : 1;
        }
        writeFileAtomically(output, svg);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "hippolyta-board: " << e.what() << '\n';
        return 1;
    }
}
