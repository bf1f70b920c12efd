#include "engine/eval/territory_file.h"

#include <cstdio>

#include "engine/core/checked_text.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

using TL = TerritoryLayout;

const char* const kTerritoryMagic = "hippolyta-territory";

std::string territoryLayoutLine() {
    return "cells " + std::to_string(TL::kStages) + " " + std::to_string(TL::kQueenClasses) + " " +
           std::to_string(TL::kQueenClasses) + " " + std::to_string(TL::kKingClasses) + " " +
           std::to_string(TL::kKingClasses) + " " + std::to_string(TL::kBalanceClasses);
}

// The file's lines after the checksum check, comments split off.
struct TableLines {
    std::vector<std::string> comments;
    std::vector<std::string> data;
};

TableLines splitTableLines(std::string_view body) {
    TableLines out;
    size_t pos = 0;
    while (pos < body.size()) {
        const size_t nl = std::min(body.find('\n', pos), body.size());
        const std::string line = trimmed(body.substr(pos, nl - pos));
        pos = nl + 1;
        if (line.empty()) continue;
        if (line[0] == '#')
            out.comments.push_back(trimmed(std::string_view(line).substr(1)));
        else
            out.data.push_back(line);
    }
    return out;
}

void readCellPair(const std::string& line, float& own, float& opp, const std::string& where) {
    const size_t space = line.find(' ');
    double a = 0, b = 0;
    if (space == std::string::npos || !parseDecimal(line.substr(0, space), a) ||
        !parseDecimal(trimmed(line.substr(space)), b))
        throw TerritoryFileError(where + "expected 'P_OWN P_OPPONENT', got '" + line + "'");
    if (!(a >= 0 && b >= 0 && a + b <= 1 + 1e-4))
        throw TerritoryFileError(where + "probabilities out of range: '" + line + "'");
    own = static_cast<float>(a);
    opp = static_cast<float>(b);
}

}  // namespace

std::string territoryBoardName(TerritoryBoard board) {
    return board == TerritoryBoard::Small ? "8x8" : "10x10";
}

TerritoryFile parseTerritoryFile(std::string_view text, const std::string& name) {
    std::string_view body;
    const std::string problem = checksumProblem(text, body);
    if (!problem.empty()) throw TerritoryFileError(name + ": " + problem);
    const TableLines lines = splitTableLines(body);
    const std::string magic = std::string(kTerritoryMagic) + " ";
    if (lines.data.empty() || !startsWith(lines.data[0], magic))
        throw TerritoryFileError(name + ": not a Hippolyta territory table");
    if (lines.data[0] != magic + std::to_string(kTerritoryFormatVersion))
        throw TerritoryFileError(name + ": format version '" + lines.data[0].substr(magic.size()) +
                                 "' is not " + std::to_string(kTerritoryFormatVersion));
    TerritoryFile f;
    f.comments = lines.comments;
    if (lines.data.size() != 3 + static_cast<size_t>(TL::kCells))
        throw TerritoryFileError(name + ": " + std::to_string(lines.data.size() - 1) +
                                 " lines of data, expected " + std::to_string(2 + TL::kCells));
    if (lines.data[1] == "board 8x8")
        f.board = TerritoryBoard::Small;
    else if (lines.data[1] == "board 10x10")
        f.board = TerritoryBoard::Large;
    else
        throw TerritoryFileError(name + ": expected 'board 8x8' or 'board 10x10', got '" +
                                 lines.data[1] + "'");
    if (lines.data[2] != territoryLayoutLine())
        throw TerritoryFileError(name + ": layout '" + lines.data[2] + "' is not '" +
                                 territoryLayoutLine() + "'");
    for (int c = 0; c < TL::kCells; ++c)
        readCellPair(lines.data[3 + static_cast<size_t>(c)], f.table.own[c], f.table.opp[c],
                     name + " cell " + std::to_string(c) + ": ");
    return f;
}

std::string formatTerritoryFile(const TerritoryFile& file) {
    std::string out =
        std::string(kTerritoryMagic) + " " + std::to_string(kTerritoryFormatVersion) + "\n";
    for (const std::string& c : file.comments)
        out += "# " + c + "\n";
    out += "board " + territoryBoardName(file.board) + "\n" + territoryLayoutLine() + "\n";
    char buf[48];
    for (int c = 0; c < TL::kCells; ++c) {
        std::snprintf(buf, sizeof buf, "%.5f %.5f\n", static_cast<double>(file.table.own[c]),
                      static_cast<double>(file.table.opp[c]));
        out += buf;
    }
    return out + checksumLine(out);
}

}  // namespace hippolyta
