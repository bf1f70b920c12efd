// Named access to the tunable constants of EngineConfig (search and evaluation), so tools and
// fronts can expose them as `name=value` settings without knowing every field.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/search/engine.h"

namespace hippolyta {

// Sets one constant by name (e.g. "exploration", "playout_plies", "eval.t1.open",
// "eval.win_scale"); false if the name is unknown.
bool setParameter(EngineConfig& config, const std::string& name, double value);
// Parses "name=value"; false (and nothing changed) if malformed or unknown.
bool setParameter(EngineConfig& config, const std::string& assignment);
// The constant's value, or nothing for an unknown name or a board size's unset own weight.
std::optional<double> getParameter(const EngineConfig& config, const std::string& name);
// The name of one board size's own weight for a term: sizeTermName(10, "t1.open") is
// "eval.10x10.t1.open".
std::string sizeTermName(int size, const std::string& term);
// Every name setParameter() accepts.
std::vector<std::string> parameterNames();

}  // namespace hippolyta
