// Command-line parsing shared by the thin tools: options, positional arguments and --help.
#pragma once

#include <boost/program_options.hpp>
#include <cstring>
#include <iostream>

#include "tools/common/build_info.h"

namespace hippolyta {

// Parses argv into vm. Prints the options and returns false when --help was given; throws
// boost::program_options::error for bad options.
inline bool parseToolOptions(
    int argc, char** argv, const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional,
    boost::program_options::variables_map& vm) {
    namespace po = boost::program_options;
    po::store(po::command_line_parser(argc, argv).options(options).positional(positional).run(),
              vm);
    if (vm.count("help")) {
        std::cout << options << '\n';
        return false;
    }
    po::notify(vm);
    return true;
}

// True (after printing the version, as help2man reads it) when any argument is --version: every
// executable answers it, whatever else its command line holds.
inline bool printedVersion(int argc, char** argv, const char* program) {
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--version") == 0) {
            std::cout << versionText(program);
            return true;
        }
    return false;
}

}  // namespace hippolyta
