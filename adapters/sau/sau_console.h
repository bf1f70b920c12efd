// The process-level set-up of an engine that a referee program starts with its output piped:
// the SAU Game Platform reads our stdout and stderr as one channel and takes any word "move"
// or "name" in it for a command, so in that mode nothing but protocol output may reach either.
// The one place with code for Windows as well as POSIX (the championship build).
#pragma once

#include <string>

namespace hippolyta {

// stdin and stdout in binary mode (on Windows: no CRLF translation, and a 0x1A byte does not end
// the input), and a write to a closed pipe an error rather than a fatal signal (POSIX SIGPIPE).
void prepareSauConsole();

// Sends stderr to the end of `logFile`, or to the null device when it is empty. Everything
// written to std::cerr, std::clog or C's stderr afterwards, by us or a library, lands there.
// When the file cannot be opened, stderr goes to the null device and false is returned.
bool sendStderrTo(const std::string& logFile);

// The file name of a path without its folders and without a ".exe" ending (any case):
// "C:\\a\\hippolyta-sau.EXE" and "/usr/games/hippolyta-sau" are both "hippolyta-sau".
std::string programNameOf(const std::string& path);

// Whether a regular file exists at path.
bool regularFileExists(const std::string& path);

}  // namespace hippolyta
