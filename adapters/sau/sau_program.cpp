#include "adapters/sau/sau_program.h"

#include <exception>
#include <iostream>

#include "adapters/sau/sau_console.h"
#include "adapters/sau/sau_front.h"
#include "adapters/sau/sau_settings.h"
#include "engine/core/file_io.h"
#include "opening-book/book_file.h"
#include "protocol/data_files.h"
#include "protocol/weights_source.h"

namespace hippolyta {

namespace {

constexpr const char* kProgram = "hippolyta-sau";
constexpr const char* kBookName = "10x10.book";

std::string besideExecutable(const std::string& name) {
    const std::string dir = executableDirectory();
    return dir.empty() ? std::string() : dir + "/" + name;
}

std::string help() {
    return std::string("Usage: ") + kProgram + " [options]\n" +
           "Plays 10x10 Amazons on the SAU Game Platform (name?, new, move, error, end, quit on\n"
           "stdin and stdout), with a game clock of its own. The platform starts it with no\n"
           "arguments: the settings then come from " +
           kSauSettingsFileName +
           " beside the\nexecutable, one `key = value` a line, the keys being the options below "
           "(docs/fronts.md).\nOptions:\n" +
           sauOptionsHelp();
}

// The settings file beside the executable (if any), then the arguments. Throws
// SauSettingsError or FileError.
SauCommandLine readSettings(const std::vector<std::string>& args, SauSettings& settings,
                            std::string& from) {
    const std::string conf = besideExecutable(kSauSettingsFileName);
    if (!conf.empty() && regularFileExists(conf)) {
        applySauSettingsFile(readWholeFile(conf, 1 << 20), conf, settings);
        from = conf;
    }
    return applySauArguments(args, settings);
}

void loadWeights(SauSettings& settings, const std::vector<std::string>& dirs) {
    if (settings.noWeights) return;
    std::string path = settings.weightsFile;
    if (path.empty()) {
        const std::optional<std::string> found = findDataFile(kWeightsFileName, dirs);
        if (!found) {
            std::cerr << "sau: " << describeNotFound(kWeightsFileName, dirs)
                      << "; using the built-in weights" << std::endl;
            return;
        }
        path = *found;
    }
    if (loadWeightsInto(path, settings.engine, std::cerr))
        std::cerr << "sau: weights from " << path << std::endl;
}

}  // namespace

bool sauStartRequested(int argc, char** argv) {
    if (argc >= 1 && programNameOf(argv[0]) == kProgram) return true;
    if (argc != 1) return false;
    const std::string conf = besideExecutable(kSauSettingsFileName);
    return !conf.empty() && regularFileExists(conf);
}

std::vector<std::string> sauDataDirectories(const std::string& dataDir) {
    std::vector<std::string> dirs;
    if (!dataDir.empty()) dirs.push_back(dataDir);
    if (const std::string exeDir = executableDirectory(); !exeDir.empty()) dirs.push_back(exeDir);
    // The platform starts an engine in its own folder; found there even when the folder's name
    // does not survive the trip through the executable's path (non-ASCII names on Windows).
    dirs.push_back(".");
    for (const std::string& d : dataDirectories(""))
        dirs.push_back(d);
    return dirs;
}

std::unique_ptr<Book> loadSauBook(const std::string& file, const std::vector<std::string>& dirs,
                                  std::ostream& log) {
    std::string path = file;
    if (path.empty()) {
        const std::optional<std::string> found = findDataFile(kBookName, dirs);
        if (!found) {
            log << "sau: no book: " << describeNotFound(kBookName, dirs) << std::endl;
            return nullptr;
        }
        path = *found;
    }
    try {
        auto book = std::make_unique<Book>(loadBook(path));
        log << "sau: book " << path << std::endl;
        return book;
    } catch (const std::exception& e) {
        log << "sau: " << e.what() << "; playing without a book" << std::endl;
        return nullptr;
    }
}

int runSauProgram(const std::vector<std::string>& args, const std::string& version) {
    SauSettings settings;
    std::string from = "the command line";
    try {
        switch (readSettings(args, settings, from)) {
            case SauCommandLine::Help:
                std::cout << help();
                return 0;
            case SauCommandLine::Version:
                std::cout << version;
                return 0;
            case SauCommandLine::Run:
                break;
        }
    } catch (const std::exception& e) {
        std::cerr << kProgram << ": " << e.what() << " (see --help)" << std::endl;
        return 2;
    }
    prepareSauConsole();
    // From here on nothing but protocol output reaches stdout or stderr.
    sendStderrTo(settings.logFile);  // a log file that cannot be opened: play without a log
    std::cerr << kProgram << " " << HIPPOLYTA_VERSION << ": settings from " << from << std::endl;
    const std::vector<std::string> dirs = sauDataDirectories(settings.dataDir);
    loadWeights(settings, dirs);
    std::unique_ptr<Book> book;
    if (!settings.noBook) book = loadSauBook(settings.bookFile, dirs, std::cerr);
    settings.sau.book = book.get();
    return runSauFront(std::cin, std::cout, std::cerr, settings.engine, settings.sau);
}

}  // namespace hippolyta
