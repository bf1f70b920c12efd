// Where the engine's data files (the opening books, and any other file it ships) are found:
// nothing about the source tree is compiled in. The places, searched in this order:
//   1. a directory given on the command line (--data-dir);
//   2. the environment variable HIPPOLYTA_DATA_DIR;
//   3. beside the executable: <exe dir>/../share/hippolyta, which is the installed tree
//      (PREFIX/bin, PREFIX/share/hippolyta) and the build tree alike (build/bin, and
//      build/share/hippolyta, which CMake fills at build time).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace hippolyta {

// The data directories in search order; an empty option or variable is skipped.
std::vector<std::string> dataDirectories(const std::string& optionDir);
// The directory of the running executable (/proc/self/exe), or empty if unknown.
std::string executableDirectory();
// The path of `name` in the first of `dirs` that holds such a regular file.
std::optional<std::string> findDataFile(const std::string& name,
                                        const std::vector<std::string>& dirs);
// For logs and answers: "NAME not found in A, B, C" (or "... no data directory").
std::string describeNotFound(const std::string& name, const std::vector<std::string>& dirs);

// A program that ships with the running one (hippolyta beside hippolyta-studio): `name` in the
// executable's own directory (executableDirectory(), however the program was started: by its
// path, or by its bare name found on PATH), else the first executable `name` on PATH; never
// the current directory. `looked` (if not null) gets the folders tried, in order, each once:
// the executable's first.
std::optional<std::string> findCompanionProgram(const std::string& name,
                                                std::vector<std::string>* looked = nullptr);

}  // namespace hippolyta
