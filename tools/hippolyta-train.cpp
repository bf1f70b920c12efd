// hippolyta-train: fits the evaluation's weights and the move prior to self-play data, measures
// move-order quality, and writes weights files. See docs/learning.md.

#include "tools/common/tool_options.h"
#include "tools/train/train_commands.h"

using namespace hippolyta;
using namespace hippolyta::train;

namespace {

const char* kUsage =
    "Usage: hippolyta-train SUBCOMMAND [options]   (hippolyta-train SUBCOMMAND --help)\n"
    "  eval      fit the evaluation's weights to self-play data (Texel's method)\n"
    "  prior     fit the learned move prior to the search's visit counts\n"
    "  pattern   fit the pattern move prior (ordering 3) to the search's visit counts\n"
    "  quality   how often move orders find the search's favourite move\n"
    "  spsa      tune search constants by SPSA through the match core (resumable)\n"
    "  write     write a weights file: the built-in values, a file's, and NAME=VALUE changes\n"
    "  pack-prior print a pattern prior file's weights packed, as they are compiled in\n"
    "  nn-export self-play data to training-tensor files for tools/neural (docs/neural.md)\n"
    "  nn-check  load a network file, show its evaluation of a position, time it\n"
    "Options:\n"
    "  -h [ --help ]         show this help and exit\n"
    "  --version             show the version and exit\n";

}  // namespace

int main(int argc, char** argv) {
    return runSubcommands("hippolyta-train", kUsage, argc, argv,
                          {{"eval", runEval},
                           {"prior", runPrior},
                           {"pattern", runPattern},
                           {"quality", runQuality},
                           {"spsa", runSpsaCommand},
                           {"write", runWrite},
                           {"pack-prior", runPackPrior},
                           {"nn-export", runNnExport},
                           {"nn-check", runNnCheck}});
}
