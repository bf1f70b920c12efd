// Text files sealed by a last line "checksum <16 hex digits>": FNV-1a 64 of every byte before
// that line (weights files, territory tables). A cut or edited file fails the check whole.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace hippolyta {

// "checksum <hex>\n" for the text before it.
std::string checksumLine(std::string_view covered);

// Splits off the checksum line and checks it: returns an empty string and sets `covered` to the
// text before the line, or says what is wrong ("no checksum line at the end ...").
std::string checksumProblem(std::string_view text, std::string_view& covered);

}  // namespace hippolyta
