#include "adapters/training/territory_source.h"

#include <cmath>
#include <stdexcept>

namespace hippolyta {

namespace {

const char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Two base-64 digits a cell: P(own) - P(opponent) in thousandths, plus 1000 (0..2000).
std::string valuesOf(const TerritoryTable& table) {
    const TerritoryValues v = territoryValues(table);
    std::string out = "    \"";
    for (size_t c = 0; c < v.size(); ++c) {
        const long u = std::lround(static_cast<double>(v[c]) * 1000) + 1000;
        if (u < 0 || u > 2000) throw std::invalid_argument("a territory value out of [-1, 1]");
        out += kDigits[u / 64];
        out += kDigits[u % 64];
        if (c % 48 == 47 && c + 1 < v.size()) out += "\"\n    \"";
    }
    return out + "\"";
}

}  // namespace

std::string territorySource(const std::vector<TerritoryFile>& files,
                            const std::vector<std::string>& paths) {
    const TerritoryFile* byBoard[kTerritoryBoards] = {nullptr, nullptr};
    for (const TerritoryFile& f : files)
        byBoard[static_cast<int>(f.board)] = &f;
    if (!byBoard[0] || !byBoard[1])
        throw std::invalid_argument("need one territory table for 8x8 and one for 10x10");
    std::string out =
        "// The learned territory tables, written by `hippolyta-train territory-source` from\n";
    for (const std::string& p : paths)
        out += "// " + p + "\n";
    out +=
        "// (docs/learning.md, \"The learned territory\"). Do not edit: rebuild with\n"
        "// tools/knowledge/rebuild.sh.\n"
        "// clang-format off\n"
        "#include \"engine/eval/territory_model.h\"\n\n"
        "namespace hippolyta {\n\nnamespace {\n\n"
        "// P(own) - P(opponent) per cell in thousandths, plus 1000, as two base-64 digits\n"
        "// (A-Z a-z 0-9 - _): 8x8's table, then 10x10's.\n"
        "const char* const kValues[kTerritoryBoards] = {\n";
    for (const TerritoryFile* f : byBoard)
        out += valuesOf(f->table) + ",\n";
    out +=
        "};\n\n"
        "int digit(char c) {\n"
        "    return c >= 'A' && c <= 'Z'   ? c - 'A'\n"
        "           : c >= 'a' && c <= 'z' ? c - 'a' + 26\n"
        "           : c >= '0' && c <= '9' ? c - '0' + 52\n"
        "           : c == '-'             ? 62\n"
        "                                  : 63;\n"
        "}\n\n}  // namespace\n\n"
        "const TerritoryValues& builtInTerritoryValues(TerritoryBoard board) {\n"
        "    static const std::array<TerritoryValues, kTerritoryBoards> values = [] {\n"
        "        std::array<TerritoryValues, kTerritoryBoards> v{};\n"
        "        for (int b = 0; b < kTerritoryBoards; ++b)\n"
        "            for (int c = 0; c < TerritoryLayout::kCells; ++c) {\n"
        "                const char* d = kValues[b] + 2 * c;\n"
        "                v[b][c] = static_cast<float>((digit(d[0]) * 64 + digit(d[1]) - 1000) * "
        "1e-3);\n"
        "            }\n"
        "        return v;\n"
        "    }();\n"
        "    return values[static_cast<int>(board)];\n"
        "}\n\n}  // namespace hippolyta\n";
    return out;
}

}  // namespace hippolyta
