#include "adapters/sau/sau_console.h"

#include <sys/stat.h>

#include <csignal>
#include <cstdio>

#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#else
#include <fcntl.h>
#include <unistd.h>
#endif

#include "engine/core/text_util.h"

namespace hippolyta {

void prepareSauConsole() {
#ifdef _WIN32
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
#endif
#ifdef SIGPIPE
    std::signal(SIGPIPE, SIG_IGN);
#endif
}

bool sendStderrTo(const std::string& logFile) {
    std::fflush(stderr);
#ifdef _WIN32
    const char* nullDevice = "NUL";
#else
    const char* nullDevice = "/dev/null";
#endif
    if (!logFile.empty() && std::freopen(logFile.c_str(), "a", stderr)) {
        std::setvbuf(stderr, nullptr, _IONBF, 0);  // each line there at once, as stderr was
        return true;
    }
    // freopen closed stderr if it failed: reopen it on the null device.
    if (!std::freopen(nullDevice, "w", stderr)) {
#ifndef _WIN32
        const int fd = ::open(nullDevice, O_WRONLY);  // never leave fd 2 to a later open()
        if (fd >= 0 && fd != STDERR_FILENO) {
            ::dup2(fd, STDERR_FILENO);
            ::close(fd);
        }
#endif
    }
    return logFile.empty();
}

std::string programNameOf(const std::string& path) {
    const size_t slash = path.find_last_of("/\\");
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    if (name.size() > 4 && lowerCase(name.substr(name.size() - 4)) == ".exe")
        name.resize(name.size() - 4);
    return name;
}

bool regularFileExists(const std::string& path) {
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG;
}

}  // namespace hippolyta
