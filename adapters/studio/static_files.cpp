#include "adapters/studio/static_files.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include "protocol/data_files.h"

namespace hippolyta {

namespace fs = std::filesystem;

namespace {

bool plainPart(std::string_view part) {
    if (part.empty() || part.size() > 64 || part[0] == '.') return false;
    for (char c : part)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '.')
            return false;
    return true;
}

}  // namespace

std::optional<std::string> staticFileName(std::string_view target) {
    const std::size_t query = target.find_first_of("?#");
    if (query != std::string_view::npos) target = target.substr(0, query);
    if (target.empty() || target[0] != '/') return std::nullopt;
    target.remove_prefix(1);
    if (target.empty()) return "index.html";
    int parts = 0;
    std::size_t begin = 0;
    while (true) {
        const std::size_t slash = target.find('/', begin);
        const std::string_view part = target.substr(begin, slash - begin);
        if (!plainPart(part) || ++parts > 4) return std::nullopt;
        if (slash == std::string_view::npos) break;
        begin = slash + 1;
    }
    return std::string(target);
}

std::string contentType(std::string_view name) {
    static const std::map<std::string, std::string, std::less<>> types = {
        {"html", "text/html; charset=utf-8"},
        {"css", "text/css; charset=utf-8"},
        {"js", "text/javascript; charset=utf-8"},
        {"mjs", "text/javascript; charset=utf-8"},
        {"json", "application/json"},
        {"svg", "image/svg+xml"},
        {"png", "image/png"},
        {"jpg", "image/jpeg"},
        {"ico", "image/x-icon"},
        {"txt", "text/plain; charset=utf-8"},
        {"md", "text/plain; charset=utf-8"},
        {"sgf", "application/x-go-sgf"},
        {"woff2", "font/woff2"},
    };
    const std::size_t dot = name.rfind('.');
    if (dot == std::string_view::npos) return "application/octet-stream";
    const auto it = types.find(name.substr(dot + 1));
    return it == types.end() ? "application/octet-stream" : it->second;
}

std::optional<std::string> readStaticFile(const std::string& root, const std::string& name,
                                          std::size_t maxBytes) {
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec) return std::nullopt;
    const fs::path file = fs::canonical(base / name, ec);
    if (ec || !fs::is_regular_file(file, ec)) return std::nullopt;
    // Inside the folder, even through a symbolic link.
    const auto [rootEnd, fileIt] =
        std::mismatch(base.begin(), base.end(), file.begin(), file.end());
    if (rootEnd != base.end()) return std::nullopt;
    if (fs::file_size(file, ec) > maxBytes || ec) return std::nullopt;
    std::ifstream in(file, std::ios::binary);
    if (!in) return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::optional<std::string> findStudioDirectory(const std::string& optionDir,
                                               std::string* searched) {
    std::vector<std::string> dirs;
    if (!optionDir.empty())
        dirs.push_back(optionDir);
    else
        for (const std::string& d : dataDirectories(""))
            dirs.push_back((fs::path(d) / "studio").string());
    std::ostringstream places;
    for (const std::string& d : dirs) {
        std::error_code ec;
        if (fs::is_regular_file(fs::path(d) / "index.html", ec)) return d;
        places << (places.tellp() > 0 ? ", " : "") << d;
    }
    if (searched) *searched = places.str();
    return std::nullopt;
}

}  // namespace hippolyta
