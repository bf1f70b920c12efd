#include "engine/core/checked_text.h"

#include <cstdio>

#include "engine/core/fnv.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

std::string hex64(uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

}  // namespace

std::string checksumLine(std::string_view covered) {
    return "checksum " + hex64(fnv1a64(covered)) + "\n";
}

std::string checksumProblem(std::string_view text, std::string_view& covered) {
    std::string_view body = text;
    while (!body.empty() && (body.back() == '\n' || body.back() == '\r'))
        body.remove_suffix(1);
    const size_t nl = body.rfind('\n');
    const std::string last = trimmed(nl == std::string_view::npos ? body : body.substr(nl + 1));
    if (!startsWith(last, "checksum "))
        return "no checksum line at the end (a cut or damaged file)";
    covered = text.substr(0, nl == std::string_view::npos ? 0 : nl + 1);
    const std::string expected = hex64(fnv1a64(covered));
    if (trimmed(last.substr(9)) != expected)
        return "checksum mismatch (the file is damaged or was edited by hand; expected " +
               expected + ")";
    return "";
}

}  // namespace hippolyta
