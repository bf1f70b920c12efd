// The compiled-in territory tables: engine/eval/territory_tables.cpp is written from the
// committed table files (engine/weights/territory-*.table), so that a bare binary and the
// Botzone single file carry them: P(own) - P(opponent) per cell in thousandths, two base-64
// digits each (about 50 KB a table).
#pragma once

#include <string>
#include <vector>

#include "engine/eval/territory_file.h"

namespace hippolyta {

// The source text; `paths` name the files (one per board, both boards) in its comment.
std::string territorySource(const std::vector<TerritoryFile>& files,
                            const std::vector<std::string>& paths);

}  // namespace hippolyta
