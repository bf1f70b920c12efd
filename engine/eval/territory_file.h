// The territory table file: the learned territory model of one board (territory_model.h) in a
// versioned text file sealed with a checksum, as the weights file is:
//
//   hippolyta-territory 1
//   # comment lines: the command, the data and the seed that made it
//   board 10x10
//   cells 4 5 5 6 6 7     <- the layout: stages, queen, queen, king, king and balance classes
//   0.0123 0.0045        <- P(own) P(opponent) of cell 0, then of every cell in order
//   ...
//   checksum 89ab01cd23ef4567
//
// A file with another first line or version, another layout, a cell count other than the
// layout's, a probability outside [0, 1] or a pair summing past 1, or a wrong or missing checksum
// is refused whole (TerritoryFileError says why).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval/territory_model.h"

namespace hippolyta {

constexpr int kTerritoryFormatVersion = 1;

class TerritoryFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct TerritoryFile {
    std::vector<std::string> comments;  // without the leading "# "
    TerritoryBoard board = TerritoryBoard::Large;
    TerritoryTable table;
};

// Parses and checks a table file's text; `name` is for messages. Throws TerritoryFileError.
TerritoryFile parseTerritoryFile(std::string_view text, const std::string& name);
// The file's text, checksum line included (probabilities with 5 decimals).
std::string formatTerritoryFile(const TerritoryFile& file);
// "8x8" or "10x10": the board a table is fitted on.
std::string territoryBoardName(TerritoryBoard board);

}  // namespace hippolyta
