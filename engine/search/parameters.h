// Named access to the tunable constants of EngineConfig (search and evaluation), so tools and
// fronts can expose them as `name=value` settings without knowing every field. Every constant
// has a range (and whole-number ones must be whole), checked before anything is set, so a
// setting can never overflow a field or break the search.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/search/engine.h"

namespace hippolyta {

// A constant's name, accepted values and built-in value.
struct ParameterInfo {
    std::string name;
    double min = 0, max = 0;
    bool whole = false;          // integers only
    std::optional<double> init;  // the built-in value; none for a board size's unset own weight
};

// Thrown by setParameterOrThrow(); what() says which name or value is wrong and why.
class ParameterError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

// Why `value` cannot be given to the constant `name` (an unknown name, a value out of its range,
// a fraction for a whole-number constant), or an empty string when it can.
std::string parameterProblem(const std::string& name, double value);
// Sets one constant by name (e.g. "exploration", "playout_plies", "eval.t1.open",
// "eval.win_scale"); false (and nothing changed) if parameterProblem() finds one.
bool setParameter(EngineConfig& config, const std::string& name, double value);
// Parses "name=value"; false (and nothing changed) if malformed, unknown or out of range.
bool setParameter(EngineConfig& config, const std::string& assignment);
// Like setParameter(config, assignment), but throws ParameterError with the reason, and also
// takes a retired name (retired_parameters.h): a renamed one sets its successor, a removed one at
// its off value changes nothing; either way *notice (when given) says so for people.
void setParameterOrThrow(EngineConfig& config, const std::string& assignment,
                         std::string* notice = nullptr);
// The constant's value, or nothing for an unknown name or a board size's unset own weight.
std::optional<double> getParameter(const EngineConfig& config, const std::string& name);
// The name of one board size's own weight for a term: sizeTermName(10, "t1.open") is
// "eval.10x10.t1.open".
std::string sizeTermName(int size, const std::string& term);
// Every name setParameter() accepts, sorted.
std::vector<std::string> parameterNames();
// Every constant with its range and built-in value, sorted by name.
std::vector<ParameterInfo> parameterInfos();
// parameterInfos() as text for people, one constant a line (what `--param help` prints).
std::string parameterHelp();

}  // namespace hippolyta
