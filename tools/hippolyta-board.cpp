// hippolyta-board: draws a board as SVG, from a game record (SGF or the match's text record) at a
// chosen move or from a position string. See docs/reports.md.

#include <iostream>

#include "adapters/render/board_files.h"
#include "engine/core/file_io.h"
#include "tools/common/tool_options.h"

namespace po = boost::program_options;
using namespace hippolyta;

int main(int argc, char** argv) {
    std::string input, output;
    int move = -1, pixels = 480;
    bool territory = false, noCoordinates = false;
    ToolOptions cli("hippolyta-board",
                    "Usage: hippolyta-board [options] GAME.sgf|GAME.txt|POSITION\n"
                    "Draws the board of a game record, SGF or the match's text record (at --move, "
                    "default\nthe end), or of a position string (e.g. \"2x1B/xxx2/5/xxx2/xWx2 w\") "
                    "as SVG (see\ndocs/reports.md).\nOptions");
    // clang-format off
    cli.add()
        ("move,m", po::value(&move)->value_name("PLIES"), "plies played from the record's start "
            "(0: the start; default: the end); the last of them is marked")
        ("territory,t", po::bool_switch(&territory),
            "shade the territory: the winner's final territory at a finished game's end, "
            "else the queen-distance territory")
        ("size,s", po::value(&pixels)->default_value(480)->value_name("PIXELS"),
            "width of the picture in pixels")
        ("no-coordinates", po::bool_switch(&noCoordinates), "leave out the a.. and 1.. labels")
        ("output,o", po::value(&output)->value_name("FILE"),
            "write the SVG to this file (default: stdout)");
    // clang-format on
    cli.addHidden()("input", po::value(&input));
    cli.positional("input", 1);
    const auto check = [&] {
        if (input.empty()) throw UsageError("give a game record or a position string");
        if (cli.given("move") && move < 0) throw UsageError("--move must be >= 0");
        if (pixels < 16 || pixels > 20000) throw UsageError("--size must be 16..20000 pixels");
    };
    return runTool(cli, argc, argv, check, [&] {
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
    });
}
