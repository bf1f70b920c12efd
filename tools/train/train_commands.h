// hippolyta-train's subcommands (tools/hippolyta-train.cpp dispatches to them) and what they
// share: the data options, the weights file in and out, the fit's summary lines. The fitting
// itself is in adapters/training and adapters/neural; these parse options and print figures.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "adapters/training/fit_data.h"
#include "adapters/training/training_sample.h"
#include "engine/search/engine.h"
#include "tools/common/tool_options.h"

namespace hippolyta::train {

// The data and weights options of the fitting subcommands.
struct Common {
    std::vector<std::string> data, heldOut;
    std::string weightsIn, weightsOut;
    FitDataOptions fit;
};

// The training positions, and the held-out ones: --held-out's files whole, or else every
// --hold-out-every'th game of --data.
DataSplit loadSplit(const Common& c);
void addCommon(ToolOptions& cli, Common& c);
// The built-in values, or --weights' file's.
EngineConfig startConfig(const Common& c);
// Writes the weights file whole or not at all, with how it was made.
void writeWeights(const Common& c, const EngineConfig& config, std::vector<std::string> notes);
// "hippolyta-train SUB ARGS...", for the comments of the files written.
std::string commandLine(const std::string& sub, const std::vector<std::string>& args);
double secondsSince(std::chrono::steady_clock::time_point t);
// Prints a fit's figures; returns the line for the weights file's comments.
std::string printFit(const FitSummary& r, const char* loss, double seconds,
                     const char* steps = "Newton iterations");

// The subcommands (fit_commands.cpp, other_commands.cpp): each takes its arguments after the
// subcommand's name and returns the exit code.
int runEval(const std::vector<std::string>& args);
int runPrior(const std::vector<std::string>& args);
int runPattern(const std::vector<std::string>& args);
int runQuality(const std::vector<std::string>& args);
int runWrite(const std::vector<std::string>& args);
int runPackPrior(const std::vector<std::string>& args);
int runSpsaCommand(const std::vector<std::string>& args);
int runNnExport(const std::vector<std::string>& args);
int runNnCheck(const std::vector<std::string>& args);

}  // namespace hippolyta::train
