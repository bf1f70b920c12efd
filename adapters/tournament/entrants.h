// The entrants file of a tournament:
//   {"engines": [{"name": "hippolyta", "command": "build/bin/hippolyta", "dir": "optional"}, ...]}
// A relative "dir" is taken from the file's own folder; without one the engine runs where the
// tournament runs.
#pragma once

#include <string>
#include <vector>

#include "adapters/match/match_engine.h"

namespace hippolyta {

// Throws std::invalid_argument naming `source` for malformed JSON, missing or empty names or
// commands, names that repeat or hold a tab, line break, ',' or ';', and fewer than 2 entrants.
std::vector<EngineSpec> parseEntrants(const std::string& text, const std::string& source);
// Reads and parses the file. Throws std::runtime_error if it cannot be read.
std::vector<EngineSpec> readEntrants(const std::string& path);

}  // namespace hippolyta
