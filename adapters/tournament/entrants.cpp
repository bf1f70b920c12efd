#include "adapters/tournament/entrants.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "adapters/match/match_core.h"

namespace hippolyta {

namespace {

std::string stringField(const nlohmann::json& e, const char* key, bool required,
                        const std::string& where) {
    if (!e.contains(key)) {
        if (required) throw std::invalid_argument(where + ": \"" + key + "\" is missing");
        return "";
    }
    if (!e[key].is_string()) throw std::invalid_argument(where + ": \"" + key + "\" is no string");
    const std::string value = e[key].get<std::string>();
    if (required && value.find_first_not_of(" \t") == std::string::npos)
        throw std::invalid_argument(where + ": \"" + key + "\" is empty");
    return value;
}

}  // namespace

std::vector<EngineSpec> parseEntrants(const std::string& text, const std::string& source) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::exception& e) {
        throw std::invalid_argument(source + ": not JSON: " + e.what());
    }
    if (!j.is_object() || !j.contains("engines") || !j["engines"].is_array())
        throw std::invalid_argument(source + ": expected {\"engines\": [...]}");
    std::vector<EngineSpec> out;
    std::set<std::string> names;
    for (std::size_t i = 0; i < j["engines"].size(); ++i) {
        const nlohmann::json& e = j["engines"][i];
        const std::string where = source + ": engine " + std::to_string(i + 1);
        if (!e.is_object()) throw std::invalid_argument(where + " is not an object");
        EngineSpec spec;
        spec.name = stringField(e, "name", true, where);
        spec.command = stringField(e, "command", true, where);
        spec.dir = stringField(e, "dir", false, where);
        if (spec.name.find_first_of("\t\n\r,;") != std::string::npos ||
            cleanName(spec.name) != spec.name)
            throw std::invalid_argument(where + ": the name '" + spec.name +
                                        "' may not hold tabs, line breaks, ',' or ';', or "
                                        "start or end with a space");
        if (!names.insert(spec.name).second)
            throw std::invalid_argument(where + ": the name '" + spec.name + "' is taken");
        out.push_back(std::move(spec));
    }
    if (out.size() < 2) throw std::invalid_argument(source + ": a tournament needs two engines");
    return out;
}

std::vector<EngineSpec> readEntrants(const std::string& path) {
    std::vector<EngineSpec> specs = parseEntrants(readWholeFile(path), path);
    const std::filesystem::path base = std::filesystem::absolute(path).parent_path();
    for (EngineSpec& s : specs)
        if (!s.dir.empty() && std::filesystem::path(s.dir).is_relative())
            s.dir = (base / s.dir).lexically_normal().string();
    return specs;
}

}  // namespace hippolyta
