// One GTP line: the line reader (with a small cap), cleaning, splitting into {id, name, args}
// and the response framing. Properties: a cleaned line holds no control character, '#' or tab
// and cleans to itself; the words hold no space and rejoin to the cleaned line's words; an id is
// digits; a response starts with '=' or '?', ends with one empty line and holds no other.
#include <algorithm>
#include <sstream>

#include "protocol/gtp_framing.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

namespace {

void checkLine(std::string_view raw) {
    const std::string cleaned = cleanLine(raw);
    for (const char ch : cleaned) {
        const auto c = static_cast<unsigned char>(ch);
        FUZZ_CHECK(c >= 0x20 && c != 0x7f && c != '#', "cleaned line keeps " + quoted(cleaned));
    }
    FUZZ_CHECK(cleanLine(cleaned) == cleaned, "cleaning is not idempotent on " + quoted(raw));
    const GtpCommand cmd = parseCommand(cleaned);
    std::string words;
    if (cmd.id) {
        FUZZ_CHECK(!cmd.id->empty() && std::all_of(cmd.id->begin(), cmd.id->end(),
                                                   [](char c) { return c >= '0' && c <= '9'; }),
                   "bad id " + quoted(*cmd.id));
        words += *cmd.id;
    }
    std::vector<std::string> all;
    if (!cmd.name.empty()) all.push_back(cmd.name);
    all.insert(all.end(), cmd.args.begin(), cmd.args.end());
    FUZZ_CHECK(cmd.args.empty() || !cmd.name.empty(), "arguments without a name");
    for (const std::string& w : all) {
        FUZZ_CHECK(!w.empty() && w.find(' ') == std::string::npos, "bad word " + quoted(w));
        words += (words.empty() ? "" : " ") + w;
    }
    // The words are exactly the cleaned line's runs of non-spaces.
    std::string expected;
    std::istringstream split(cleaned);
    for (std::string w; split >> w;)
        expected += (expected.empty() ? "" : " ") + w;
    FUZZ_CHECK(words == expected, "split of " + quoted(cleaned) + " gives " + quoted(words));
    FUZZ_CHECK(!isBlank(cleaned) || (all.empty() && !cmd.id), "a blank line parses to a command");

    for (const bool success : {true, false}) {
        const std::string r = formatResponse(success, cmd.id, raw);
        FUZZ_CHECK(r.starts_with(success ? "=" : "?"), "response starts wrongly");
        FUZZ_CHECK(r.ends_with("\n\n") && r.find("\n\n") == r.size() - 2,
                   "response " + quoted(r) + " is not one answer");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    constexpr size_t kCap = 64;
    std::istringstream in{std::string(text)};
    LineReader reader(in, kCap);
    std::string line;
    size_t lines = 0;
    for (LineReader::Status s; (s = reader.next(line)) != LineReader::Status::End;) {
        FUZZ_CHECK(++lines <= size + 1, "the reader gives more lines than the input holds");
        if (s == LineReader::Status::TooLong) continue;
        FUZZ_CHECK(line.size() <= kCap && line.find('\n') == std::string::npos,
                   "reader line " + quoted(line));
        checkLine(line);
    }
    checkLine(text);
    return 0;
}
