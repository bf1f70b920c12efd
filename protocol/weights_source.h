// Loading a weights file (engine/search/weights_file.h) into the engine's settings at start-up.
#pragma once

#include <ostream>
#include <string>

#include "engine/search/engine.h"

namespace hippolyta {

// The shipped weights file's name in the data directories (protocol/data_files.h).
constexpr const char* kWeightsFileName = "hippolyta.weights";
// The shipped network's name there, and the one board size it plays by default (where its SPRT
// accepted it; docs/neural-results.md).
constexpr const char* kShippedNetFileName = "10x10.hpn";
constexpr int kShippedNetBoardSize = 10;

// Reads `path` and applies its values to config. A missing, unreadable, damaged or foreign file
// changes nothing: a line on err says why, and the engine goes on with what config holds (the
// compiled-in defaults). True if the file was applied.
bool loadWeightsInto(const std::string& path, EngineConfig& config, std::ostream& err);

}  // namespace hippolyta
