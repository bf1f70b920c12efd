// The command line every tool's main() shares: --help and --version, the parse, `--param`
// with `--param help`, deprecated spellings, and how errors end the program (a one-line message
// on stderr; exit code 2 for a bad command line, 1 for a failure while running).
#pragma once

#include <boost/program_options.hpp>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace hippolyta {

struct EngineConfig;
class SearchNet;

// A bad command line: the tool prints "PROGRAM: message" and "(see --help)", and exits with 2.
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// One tool's (or one subcommand's) options. --help and --version are always there.
class ToolOptions {
  public:
    // `program` names the tool in messages ("hippolyta-book build"); `usage` opens --help: the
    // usage lines and what the tool does.
    ToolOptions(std::string program, const std::string& usage);

    // Options --help shows; give each a value_name() ("N", "SPEC", "FILE") when it takes one.
    boost::program_options::options_description_easy_init add() { return shown_.add_options(); }
    boost::program_options::options_description& shown() { return shown_; }
    // Options --help leaves out (the targets of positional arguments).
    boost::program_options::options_description_easy_init addHidden() {
        return hidden_.add_options();
    }
    // Positional arguments fill option `name` (count -1: all the rest).
    void positional(const char* name, int count) { positional_.add(name, count); }
    // `--param NAME=VALUE` (repeatable) into `params`; `--param help` lists the constants.
    void addParams(std::vector<std::string>& params, const char* name = "param",
                   const char* what = "set a search or evaluation constant");
    // `--net FILE` into `file` and `--no-net` into `noNet` (see loadNetOption()); the help
    // ends with `byDefault`, what the tool does with neither.
    void addNetOptions(std::string& file, bool& noNet, const std::string& byDefault);
    // An old spelling still read as `current`, with a one-line note on stderr.
    void deprecated(const std::string& old, const std::string& current);

    // Parses `args` (those after the program name or subcommand). False when the tool is done:
    // --help, --version or --param help was printed. Throws UsageError.
    bool parse(std::vector<std::string> args);
    bool parse(int argc, char** argv) { return parse({argv + 1, argv + argc}); }
    const boost::program_options::variables_map& values() const { return values_; }
    // True when the option was on the command line (not just its default).
    bool given(const std::string& name) const;
    const std::string& program() const { return program_; }

  private:
    void printHelp() const;
    std::string program_;
    boost::program_options::options_description shown_, hidden_;
    boost::program_options::positional_options_description positional_;
    boost::program_options::variables_map values_;
    std::vector<const char*> paramOptions_;
    std::map<std::string, std::string> deprecated_;
};

// A tool's main: parses, then `check` (anything it throws is a bad command line, exit 2), then
// `run` (anything it throws is a failure, exit 1; else its result). Errors are one line on
// stderr, "PROGRAM: message".
int runTool(ToolOptions& options, int argc, char** argv, const std::function<void()>& check,
            const std::function<int()>& run);
// The same for a subcommand's arguments.
int runTool(ToolOptions& options, const std::vector<std::string>& args,
            const std::function<void()>& check, const std::function<int()>& run);

// A tool made of subcommands (`PROGRAM SUB [options]`): `usage` for no argument, --help or
// `help`; --version; else the subcommand's result. A UsageError or an option error ends with
// exit code 2, any other error with 1, each as one line "PROGRAM SUB: message" on stderr.
using Subcommand = std::function<int(const std::vector<std::string>& args)>;
int runSubcommands(const std::string& program, const std::string& usage, int argc, char** argv,
                   const std::map<std::string, Subcommand>& subcommands);

// Applies NAME=VALUE settings in order; throws UsageError naming the first bad one.
void applyParams(EngineConfig& config, const std::vector<std::string>& params);

// The network `--net FILE` names (none for an empty file name or noNet), read and checked
// whole: a file that cannot be used throws UsageError saying why (exit code 2).
std::shared_ptr<const SearchNet> loadNetOption(const std::string& file, bool noNet);

// Any argument --version: prints the program's version and returns true (every executable
// answers it, whatever else its command line holds, as help2man needs).
bool printedVersion(const std::vector<std::string>& args, const std::string& program);

}  // namespace hippolyta
