// The settings of the SAU engine program (hippolyta-sau, the Windows championship executable,
// and hippolyta started under that name or beside a settings file), read by a small parser of
// its own from a settings file and from the command line. The same keys serve both:
//
//   # hippolyta-sau.conf, beside the executable
//   game-time = 900
//   level = 10
//   threads = 1
//   log-file = hippolyta-sau.log
//
// is the command line `--game-time 900 --level 10 --threads 1 --log-file hippolyta-sau.log`.
// No Boost: the Windows build has none (docs/fronts.md, "The championship build").
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/sau/sau_front.h"
#include "engine/search/engine.h"

namespace hippolyta {

// A bad setting; what() names the file and line or the option, and the reason.
class SauSettingsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct SauSettings {
    EngineConfig engine;
    SauOptions sau;
    std::string logFile;   // empty: the log goes nowhere
    std::string bookFile;  // empty: 10x10.book from the data directories
    bool noBook = false;
    std::string dataDir;      // searched first for the book and the weights
    std::string weightsFile;  // empty: hippolyta.weights from the data directories
    bool noWeights = false;
};

// The settings file's name, looked for beside the executable.
constexpr const char* kSauSettingsFileName = "hippolyta-sau.conf";

// Applies a settings file's text (`name` is for messages): one `key = value` a line, blank
// lines and comments (from '#' or ';') skipped, a value in double quotes kept as it is, CRLF line
// ends and a UTF-8 byte order mark (as Windows editors write) accepted. A switch (ponder,
// no-book, no-weights) takes yes/no, on/off, true/false or 1/0. Throws SauSettingsError; what
// the file set before the bad line stays set.
void applySauSettingsFile(std::string_view text, const std::string& name, SauSettings& settings);

enum class SauCommandLine { Run, Help, Version };
// Applies `--key value`, `--key=value` and switches alone (`--ponder`), in order; `--help` and
// `--version` end the parse. Throws SauSettingsError.
SauCommandLine applySauArguments(const std::vector<std::string>& args, SauSettings& settings);

// The options, one a line with its help, for --help.
std::string sauOptionsHelp();

}  // namespace hippolyta
