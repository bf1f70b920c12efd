// Reads the SAU Game Platform's input a line at a time: bytes up to '\n', any others kept as
// they are (parseSauLine treats NUL, CR and other control bytes as blanks). A line longer than
// kMaxLineBytes keeps its first kMaxLineBytes bytes; the rest of it is dropped, so that garbage
// without line breaks cannot grow memory. Only istream calls: binary-safe once stdin is binary.
#pragma once

#include <cstddef>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "adapters/sau/sau_protocol.h"

namespace hippolyta {

class SauReader {
  public:
    static constexpr std::size_t kMaxLineBytes = 4096;

    explicit SauReader(std::istream& in) : in_(in) {}

    // The next line without its '\n'; a last line without one counts. Empty at the end of the
    // input (or when it fails). Blocks until a whole line is there.
    std::optional<std::string> nextLine();
    // The commands of the next line that holds any, or empty at the end of the input.
    std::optional<std::vector<SauCommand>> nextCommands();

  private:
    std::istream& in_;
};

}  // namespace hippolyta
