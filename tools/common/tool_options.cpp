#include "tools/common/tool_options.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/file_io.h"
#include "engine/nn/backend.h"
#include "engine/search/parameters.h"
#include "tools/common/build_info.h"

namespace hippolyta {

namespace po = boost::program_options;

ToolOptions::ToolOptions(std::string program, const std::string& usage)
    : program_(std::move(program)), shown_(usage) {
    // clang-format off
    shown_.add_options()
        ("help,h", "show this help and exit")
        ("version", "show the version and exit");
    // clang-format on
}

void ToolOptions::addParams(std::vector<std::string>& params, const char* name, const char* what) {
    shown_.add_options()(name, po::value(&params)->composing()->value_name("NAME=VALUE"),
                         (std::string(what) + ", NAME=VALUE (repeatable; --" + name +
                          " help lists every constant with its range and built-in value)")
                             .c_str());
    paramOptions_.push_back(name);
}

void ToolOptions::addNetOptions(std::string& file, bool& noNet, const std::string& byDefault) {
    // clang-format off
    shown_.add_options()
        ("net", po::value(&file)->value_name("FILE"),
            ("search with this policy-and-value network (engine/nn's net file): its policy orders "
            "and biases the children of busy nodes, its value mixes into theirs (net_* "
            "constants). A net trained on one board size works on every size (it is "
            "convolutional). A bad file is refused at start. Default: " + byDefault).c_str())
        ("no-net", po::bool_switch(&noNet), "search without a network");
    // clang-format on
}

void ToolOptions::deprecated(const std::string& old, const std::string& current) {
    deprecated_[old] = current;
}

bool ToolOptions::given(const std::string& name) const {
    return values_.count(name) && !values_[name].defaulted();
}

void ToolOptions::printHelp() const {
    std::cout << shown_ << '\n';
}

bool ToolOptions::parse(std::vector<std::string> args) {
    if (printedVersion(args, program_.substr(0, program_.find(' ')))) return false;
    for (std::string& arg : args)
        for (const auto& [old, current] : deprecated_) {
            const std::string flag = "--" + old;
            if (arg != flag && arg.rfind(flag + "=", 0) != 0) continue;
            std::cerr << program_ << ": " << flag << " is deprecated; use --" << current << '\n';
            arg = "--" + current + arg.substr(flag.size());
        }
    po::options_description all;
    all.add(shown_).add(hidden_);
    try {
        po::store(po::command_line_parser(args).options(all).positional(positional_).run(),
                  values_);
        if (values_.count("help")) {
            printHelp();
            return false;
        }
        for (const char* name : paramOptions_)
            if (values_.count(name))
                for (const std::string& p : values_[name].as<std::vector<std::string>>())
                    if (p == "help") {
                        std::cout << parameterHelp();
                        return false;
                    }
        po::notify(values_);
    } catch (const po::error& e) {
        throw UsageError(e.what());
    }
    return true;
}

namespace {

int usageFailure(const ToolOptions& options, const std::string& message) {
    std::cerr << options.program() << ": " << message << " (see --help)\n";
    return 2;
}

}  // namespace

int runTool(ToolOptions& options, const std::vector<std::string>& args,
            const std::function<void()>& check, const std::function<int()>& run) {
    try {
        if (!options.parse(args)) return 0;
        if (check) check();
    } catch (const std::exception& e) {
        return usageFailure(options, e.what());
    }
    try {
        return run();
    } catch (const UsageError& e) {
        return usageFailure(options, e.what());
    } catch (const std::exception& e) {
        std::cerr << options.program() << ": " << e.what() << '\n';
        return 1;
    }
}

int runTool(ToolOptions& options, int argc, char** argv, const std::function<void()>& check,
            const std::function<int()>& run) {
    return runTool(options, std::vector<std::string>(argv + 1, argv + argc), check, run);
}

int runSubcommands(const std::string& program, const std::string& usage, int argc, char** argv,
                   const std::map<std::string, Subcommand>& subcommands) {
    const std::vector<std::string> all(argv + 1, argv + argc);
    if (printedVersion(all, program)) return 0;
    if (all.empty()) {
        std::cerr << usage;
        return 2;
    }
    const std::string& sub = all.front();
    if (sub == "--help" || sub == "-h" || sub == "help") {
        std::cout << usage;
        return 0;
    }
    const auto found = subcommands.find(sub);
    if (found == subcommands.end()) {
        std::cerr << program << ": unknown subcommand '" << sub << "'\n" << usage;
        return 2;
    }
    try {
        return found->second({all.begin() + 1, all.end()});
    } catch (const std::exception& e) {
        const bool usage =
            dynamic_cast<const UsageError*>(&e) || dynamic_cast<const po::error*>(&e);
        std::cerr << program << ' ' << sub << ": " << e.what()
                  << (usage ? " (see --help)\n" : "\n");
        return usage ? 2 : 1;
    }
}

void applyParams(EngineConfig& config, const std::vector<std::string>& params) {
    for (const std::string& p : params) {
        std::string notice;
        try {
            setParameterOrThrow(config, p, &notice);
        } catch (const ParameterError& e) {
            throw UsageError("bad --param '" + p + "': " + e.what());
        }
        if (!notice.empty()) std::cerr << "--param " << p << ": " << notice << "\n";
    }
}

std::shared_ptr<const SearchNet> loadNetOption(const std::string& file, bool noNet) {
    if (noNet || file.empty()) return nullptr;
    std::string bytes;
    try {
        bytes = readWholeFile(file, size_t{1} << 30);
    } catch (const FileError&) {
        throw UsageError("--net " + file + ": cannot read the file");
    }
    try {
        return makeNetBackend(defaultNetBackend(),
                              std::make_shared<const Network>(parseNetFile(bytes, file)));
    } catch (const NetFileError& e) {
        throw UsageError(std::string("--net: ") + e.what());
    }
}

bool printedVersion(const std::vector<std::string>& args, const std::string& program) {
    for (const std::string& arg : args)
        if (arg == "--version") {
            std::cout << versionText(program);
            return true;
        }
    return false;
}

}  // namespace hippolyta
