// The tournament's entrants file (parseEntrants, behind readEntrants). What is accepted holds at
// least two entrants with distinct names that the results table can carry (no tab, line break,
// ',' or ';', no space at either end) and commands that are not blank; written back as JSON it
// parses to the same entrants.
#include <nlohmann/json.hpp>
#include <set>

#include "adapters/match/match_core.h"
#include "adapters/tournament/entrants.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;

namespace {

std::string asJson(const std::vector<EngineSpec>& specs) {
    nlohmann::json engines = nlohmann::json::array();
    for (const EngineSpec& s : specs) {
        nlohmann::json e = {{"name", s.name}, {"command", s.command}};
        if (!s.dir.empty()) e["dir"] = s.dir;
        engines.push_back(e);
    }
    return nlohmann::json{{"engines", engines}}.dump();
}

bool same(const std::vector<EngineSpec>& a, const std::vector<EngineSpec>& b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (a[i].name != b[i].name || a[i].command != b[i].command || a[i].dir != b[i].dir)
            return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(fuzz::asText(data, size));
    std::vector<EngineSpec> specs;
    try {
        specs = parseEntrants(text, "fuzz.json");
    } catch (const std::invalid_argument&) {
        return 0;
    }
    FUZZ_CHECK(specs.size() >= 2, "accepted fewer than two entrants: " + fuzz::quoted(text));
    std::set<std::string> names;
    for (const EngineSpec& s : specs) {
        FUZZ_CHECK(!s.name.empty() && cleanName(s.name) == s.name &&
                       s.name.find_first_of("\t\n\r,;") == std::string::npos,
                   "accepted a name the results table cannot carry: " + fuzz::quoted(s.name));
        FUZZ_CHECK(names.insert(s.name).second, "accepted a name twice: " + fuzz::quoted(s.name));
        FUZZ_CHECK(s.command.find_first_not_of(" \t") != std::string::npos,
                   "accepted a blank command: " + fuzz::quoted(text));
    }
    const std::string again = asJson(specs);
    try {
        FUZZ_CHECK(same(parseEntrants(again, "again.json"), specs),
                   "the entrants changed on the way back: " + again);
    } catch (const std::invalid_argument& e) {
        fuzz::fail(std::string("our own entrants JSON is refused: ") + e.what());
    }
    return 0;
}
