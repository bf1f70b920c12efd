// The SAU engine program: what hippolyta-sau (and the Windows championship executable) runs,
// and hippolyta too when it is started as the platform starts an engine, with no arguments.
#pragma once

#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "opening-book/book.h"

namespace hippolyta {

// Whether hippolyta should run as the SAU program: started under the name hippolyta-sau (a
// link or a renamed copy; ".exe" allowed), or with no arguments beside a settings file
// (kSauSettingsFileName in the executable's folder).
bool sauStartRequested(int argc, char** argv);

// Reads the settings file beside the executable if there is one, then `args`; sends stderr to
// the log file (or nowhere); loads the weights and the book; runs the SAU front on stdin and
// stdout. --help and --version print to stdout (`version` is --version's text). A bad setting
// is one line on stderr and exit code 2.
int runSauProgram(const std::vector<std::string>& args, const std::string& version);

// The data directories of the SAU program: `dataDir` (if any), the executable's own folder (the
// championship folder holds the book and the weights beside the executable), the current folder
// (the platform's start folder), then the usual ones (protocol/data_files.h).
std::vector<std::string> sauDataDirectories(const std::string& dataDir);

// The 10x10 book: `file`, else 10x10.book from `dirs`; nullptr, with a line on `log`, when
// there is none or it cannot be read.
std::unique_ptr<Book> loadSauBook(const std::string& file, const std::vector<std::string>& dirs,
                                  std::ostream& log);

}  // namespace hippolyta
