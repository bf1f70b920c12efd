// Versioned text files sealed by a last line "checksum <16 hex digits>" (FNV-1a 64 of every
// byte before that line): the weights file and the pattern prior's file share this reader and
// writer. The first line is "MAGIC VERSION", lines starting with '#' are comments (the file's
// history), and the rest are the format's own. A cut or edited file, another magic or another
// version fails the read whole (CheckedTextError says why), so no damaged file half-applies.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hippolyta {

class CheckedTextError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct CheckedTextLine {
    int number = 0;    // in the file, from 1
    std::string text;  // trimmed; never empty
};

struct CheckedText {
    std::vector<std::string> comments;   // without the leading '#' and the space after it
    std::vector<CheckedTextLine> lines;  // the format's lines, in order
};

// Reads a file's text; `name` is for messages. `kind` names the format in messages ("a Hippolyta
// weights file"). Throws CheckedTextError.
CheckedText readCheckedText(std::string_view text, const std::string& name, std::string_view magic,
                            int version, std::string_view kind);
// The file's text: the first line, the comments as "# ..." lines, the lines, the checksum line.
std::string writeCheckedText(std::string_view magic, int version,
                             const std::vector<std::string>& comments,
                             const std::vector<std::string>& lines);

// "checksum <hex>\n" for the text before it.
std::string checksumLine(std::string_view covered);

// Splits off the checksum line and checks it: returns an empty string and sets `covered` to the
// text before the line, or says what is wrong ("no checksum line at the end ...").
std::string checksumProblem(std::string_view text, std::string_view& covered);

}  // namespace hippolyta
