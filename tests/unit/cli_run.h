// Running a build/bin executable through the shell in tests, with its stdout and stderr.
#pragma once

#include <array>
#include <cstdio>
#include <string>

namespace hippolyta {

struct CliRun {
    int status = -1;  // as pclose() returns it: the exit code times 256
    std::string out;  // stdout and stderr
};

// Runs `args` (a build/bin program and its arguments, shell syntax) with stdin from `input`
// (printf syntax).
inline CliRun runCliTool(const std::string& args, const std::string& input = "") {
    const std::string command =
        "printf '" + input + "' | " + HIPPOLYTA_BIN_DIR "/" + args + " 2>&1";
    CliRun run;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return run;
    std::array<char, 4096> buffer;
    size_t n;
    while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        run.out.append(buffer.data(), n);
    run.status = pclose(pipe);
    return run;
}

}  // namespace hippolyta
