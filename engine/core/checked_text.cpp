#include "engine/core/checked_text.h"

#include <algorithm>
#include <cstdio>

#include "engine/core/assert.h"
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

CheckedText readCheckedText(std::string_view text, const std::string& name, std::string_view magic,
                            int version, std::string_view kind) {
    std::string_view body;
    const std::string problem = checksumProblem(text, body);
    if (!problem.empty()) throw CheckedTextError(name + ": " + problem);
    // Checked even when the checksum line is all there is: that is no such file either.
    size_t pos = std::min(body.find('\n'), body.size());
    const std::string first = trimmed(body.substr(0, pos));
    const std::string prefix = std::string(magic) + " ";
    if (!startsWith(first, prefix)) throw CheckedTextError(name + ": not " + std::string(kind));
    int found = 0;
    if (!parseInteger(std::string_view(first).substr(prefix.size()), found) || found != version)
        throw CheckedTextError(name + ": format version '" + first.substr(prefix.size()) +
                               "' is not " + std::to_string(version));
    CheckedText out;
    for (int number = 2; pos < body.size(); ++number) {
        pos += 1;  // past the line break
        const size_t nl = body.find('\n', pos);
        std::string line = trimmed(body.substr(pos, nl - pos));
        pos = std::min(nl, body.size());
        if (line.empty()) continue;
        if (line[0] == '#')
            out.comments.push_back(trimmed(std::string_view(line).substr(1)));
        else
            out.lines.push_back({number, std::move(line)});
    }
    return out;
}

std::string writeCheckedText(std::string_view magic, int version,
                             const std::vector<std::string>& comments,
                             const std::vector<std::string>& lines) {
    std::string out = std::string(magic) + " " + std::to_string(version) + "\n";
    for (std::string c : comments) {
        std::replace(c.begin(), c.end(), '\n', ' ');  // a note given with a line break stays one
        out += "# " + c + "\n";
    }
    for (const std::string& l : lines) {
        HIPPOLYTA_ASSERT(!l.empty() && l[0] != '#' && l.find('\n') == std::string::npos);
        out += l + "\n";
    }
    return out + checksumLine(out);
}

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
