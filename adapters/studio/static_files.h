// The page's static files: a URL path mapped to a file inside the Studio's folder, and the
// content type of each. Nothing the browser sends is used as a path unless it is a plain
// relative name (letters, digits, '-', '_', '.', at most 3 folders deep, no part starting with
// '.'); the file must then be a regular file inside the folder, symbolic links resolved.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace hippolyta {

// The relative file name for a URL target ("/" is index.html; a query is dropped), or nothing
// for a target that names no acceptable file.
std::optional<std::string> staticFileName(std::string_view target);
// The content type for a file name by its extension (application/octet-stream if unknown).
std::string contentType(std::string_view name);
// The file's bytes when `name` is a regular file inside `root` (after resolving links) and at
// most maxBytes long; else nothing.
std::optional<std::string> readStaticFile(const std::string& root, const std::string& name,
                                          std::size_t maxBytes);
// The Studio's folder: `optionDir` if given, else "studio" in the first data directory
// (protocol/data_files.h) that holds studio/index.html. Nothing when none does.
std::optional<std::string> findStudioDirectory(const std::string& optionDir, std::string* searched);

}  // namespace hippolyta
