#include "protocol/data_files.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>
#include <system_error>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <unistd.h>
#endif

namespace fs = std::filesystem;

namespace hippolyta {

std::string executableDirectory() {
#ifdef _WIN32
    // Windows (the SAU championship build) has no /proc: the module's own file name, in the
    // code page that the C library's narrow file functions (open, stat) take.
    char path[MAX_PATH * 4];
    const DWORD n = GetModuleFileNameA(nullptr, path, sizeof path);
    if (n == 0 || n >= sizeof path) return std::string();
    const std::string exe(path, n);
    const size_t slash = exe.find_last_of("\\/");
    return slash == std::string::npos ? std::string() : exe.substr(0, slash);
#else
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? std::string() : exe.parent_path().string();
#endif
}

std::vector<std::string> dataDirectories(const std::string& optionDir) {
    std::vector<std::string> dirs;
    if (!optionDir.empty()) dirs.push_back(optionDir);
    if (const char* env = std::getenv("HIPPOLYTA_DATA_DIR"); env && *env) dirs.push_back(env);
    if (const std::string exeDir = executableDirectory(); !exeDir.empty())
        dirs.push_back((fs::path(exeDir).parent_path() / "share" / "hippolyta").string());
    return dirs;
}

std::optional<std::string> findDataFile(const std::string& name,
                                        const std::vector<std::string>& dirs) {
    for (const std::string& dir : dirs) {
        std::error_code ec;
        const fs::path path = fs::path(dir) / name;
        if (fs::is_regular_file(path, ec)) return path.string();
    }
    return std::nullopt;
}

std::string describeNotFound(const std::string& name, const std::vector<std::string>& dirs) {
    if (dirs.empty()) return name + " not found: no data directory";
    std::string out = name + " not found in ";
    for (size_t i = 0; i < dirs.size(); ++i)
        out += (i ? ", " : "") + dirs[i];
    return out;
}

namespace {

// An executable regular file (links followed); on Windows, which has no execute bit, a regular
// file.
bool isProgram(const fs::path& path) {
    std::error_code ec;
#ifdef _WIN32
    return fs::is_regular_file(path, ec);
#else
    return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
#endif
}

#ifdef _WIN32
constexpr char kPathSeparator = ';';
#else
constexpr char kPathSeparator = ':';
#endif

}  // namespace

std::optional<std::string> findCompanionProgram(const std::string& name,
                                                std::vector<std::string>* looked) {
    std::vector<std::string> dirs;
    if (const std::string exeDir = executableDirectory(); !exeDir.empty()) dirs.push_back(exeDir);
    // PATH's entries; an empty one means the current directory to a shell, and is skipped here.
    const char* path = std::getenv("PATH");
    for (std::string_view rest = path ? path : ""; !rest.empty();) {
        const std::size_t colon = rest.find(kPathSeparator);
        const std::string_view dir = rest.substr(0, colon);
        if (!dir.empty() && fs::path(dir).is_absolute() &&
            std::find(dirs.begin(), dirs.end(), dir) == dirs.end())
            dirs.emplace_back(dir);
        rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    for (const std::string& dir : dirs) {
        if (looked) looked->push_back(dir);
        const fs::path candidate = fs::path(dir) / name;
        if (isProgram(candidate)) return candidate.string();
    }
    return std::nullopt;
}

}  // namespace hippolyta
