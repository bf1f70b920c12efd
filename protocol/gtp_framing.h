// GTP framing: reading raw lines with a length cap, cleaning them, splitting them into
// {id, name, args}, and formatting `=id result` / `?id message` responses.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hippolyta {

// Longest raw input line accepted (the LF not counted); longer ones get an error.
constexpr size_t kMaxLineBytes = 64 * 1024;

// The cleaning rules of GTP 2: drop control characters except tab (CR included), cut from '#'
// to the end, turn tabs into spaces. `raw` holds no LF.
std::string cleanLine(std::string_view raw);
// True if the line holds nothing but spaces (such lines are skipped without an answer).
bool isBlank(std::string_view line);

struct GtpCommand {
    std::optional<std::string> id;  // the digits as given, echoed back verbatim
    std::string name;               // empty when the line held only an id
    std::vector<std::string> args;
    friend bool operator==(const GtpCommand&, const GtpCommand&) = default;
};

// Splits a cleaned line at runs of spaces; a first word of digits only is the id.
GtpCommand parseCommand(std::string_view cleaned);
// The first byte >= 0x80, if any: commands are ASCII.
bool hasNonAscii(std::string_view line);

// `=id result` (success) or `?id message` (failure) with the closing empty line. A multi-line
// result keeps its line breaks but loses any empty line (which would end the response early);
// a failure message is folded onto one line.
std::string formatResponse(bool success, const std::optional<std::string>& id,
                           std::string_view text);

// Reads LF-terminated lines from a stream, never holding more than the cap: the rest of a
// longer line is read and dropped. Blocks only until the next LF (or end of input), so commands
// sent together are answered one by one as they are read.
class LineReader {
  public:
    enum class Status { Line, TooLong, End };

    explicit LineReader(std::istream& in, size_t maxBytes = kMaxLineBytes)
        : in_(in), maxBytes_(maxBytes) {}

    // Line: `line` holds the line without its LF (a last line without LF counts too).
    // TooLong: the line was longer than the cap and has been skipped. End: no more input.
    Status next(std::string& line);

  private:
    std::istream& in_;
    size_t maxBytes_;
};

}  // namespace hippolyta
