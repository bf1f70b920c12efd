#include "engine/search/parameters.h"

#include "engine/core/portable.h"
#include "engine/core/text_util.h"
#include "engine/search/retired_parameters.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <type_traits>

namespace hippolyta {

namespace {

// Reads and writes one constant, within [min, max]; `get` takes a copy because the accessors
// hand out references.
struct Accessor {
    std::function<void(EngineConfig&, double)> set;
    std::function<double(EngineConfig)> get;
    double min = 0, max = 0;
    bool whole = false;
};

// Ranges wide enough for any tuning run, narrow enough that no value overflows its field,
// divides by zero or leaves the search without a move to try.
constexpr double kWeightLimit = 1000;  // evaluation and prior weights, either sign
constexpr double kBudgetLimit = 1e12;  // node budgets

using Table = std::map<std::string, Accessor>;

// A real constant of EngineConfig, reached by `member`.
template <class Member>
void addReal(Table& t, const std::string& name, double min, double max, Member member) {
    t[name] = {[member](EngineConfig& c, double v) { member(c) = v; },
               [member](EngineConfig c) { return static_cast<double>(member(c)); }, min, max,
               false};
}

// A whole-number constant; the range check keeps the conversion from double defined.
template <class Member>
void addWhole(Table& t, const std::string& name, double min, double max, Member member) {
    t[name] = {[member](EngineConfig& c, double v) {
                   using T = typename std::remove_reference<decltype(member(c))>::type;
                   member(c) = static_cast<T>(v);
               },
               [member](EngineConfig c) { return static_cast<double>(member(c)); }, min, max, true};
}

void addSearchConstants(Table& t) {
    addReal(t, "exploration", 0, 100,
            [](EngineConfig& c) -> double& { return c.search.exploration; });
    addWhole(t, "playout_plies", 0, 1000,
             [](EngineConfig& c) -> int& { return c.search.playoutPlies; });
    addReal(t, "widening_base", 1, 1e6,
            [](EngineConfig& c) -> double& { return c.search.wideningBase; });
    addReal(t, "widening_scale", 0, 1e6,
            [](EngineConfig& c) -> double& { return c.search.wideningScale; });
    addReal(t, "widening_exponent", 0, 4,
            [](EngineConfig& c) -> double& { return c.search.wideningExponent; });
    addWhole(t, "first_chunk", 1, 1e6,
             [](EngineConfig& c) -> uint32_t& { return c.search.firstChunk; });
    addWhole(t, "expand_visits", 1, 1e9,
             [](EngineConfig& c) -> uint32_t& { return c.search.expandVisits; });
    addWhole(t, "virtual_loss", 0, 1e6,
             [](EngineConfig& c) -> uint32_t& { return c.search.virtualLoss; });
    // MoveOrdering's number: `ordering` on boards wider than 8, `ordering_small` up to 8.
    for (const auto& [name, member] : {std::pair{"ordering", &SearchParams::ordering},
                                       std::pair{"ordering_small", &SearchParams::orderingSmall}})
        t[name] = {[member = member](EngineConfig& c, double v) {
                       c.search.*member = static_cast<MoveOrdering>(static_cast<int>(v));
                   },
                   [member = member](EngineConfig c) {
                       return static_cast<double>(static_cast<int>(c.search.*member));
                   },
                   0, 3, true};
    addWhole(t, "region_budget_tree", 0, kBudgetLimit,
             [](EngineConfig& c) -> uint64_t& { return c.search.regionBudgetTree; });
    addWhole(t, "region_budget_root", 0, kBudgetLimit,
             [](EngineConfig& c) -> uint64_t& { return c.search.regionBudgetRoot; });
    addWhole(t, "endgame_budget", 0, kBudgetLimit,
             [](EngineConfig& c) -> uint64_t& { return c.search.endgameBudget; });
    addWhole(t, "net_visits", 1, 1e9,
             [](EngineConfig& c) -> uint32_t& { return c.search.netVisits; });
    addReal(t, "net_value_weight", 0, 1,
            [](EngineConfig& c) -> double& { return c.search.netValueWeight; });
    addReal(t, "net_prior_bias", 0, 1e6,
            [](EngineConfig& c) -> double& { return c.search.netPriorBias; });
    addWhole(t, "endgame_max_empty", 0, kMaxBoardSize * kMaxBoardSize,
             [](EngineConfig& c) -> int& { return c.search.endgameMaxEmpty; });
}

void addEvalConstants(Table& t) {
    const double w = kWeightLimit;
    for (int k = 0; k < kEvalTerms; ++k) {
        const std::string name = kEvalTermNames[k];
        TermWeights EvalWeights::*term = kEvalTermMembers[k];
        addReal(t, "eval." + name + ".open", -w, w,
                [term](EngineConfig& c) -> double& { return (c.eval.*term).open; });
        addReal(t, "eval." + name + ".end", -w, w,
                [term](EngineConfig& c) -> double& { return (c.eval.*term).end; });
        // One board size's own values; unset (NaN) ones read as no value.
        for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n)
            for (int e = 0; e < 2; ++e) {
                const size_t i = static_cast<size_t>(2 * k + e);
                const size_t size = static_cast<size_t>(n);
                addReal(
                    t, sizeTermName(n, name + (e == 0 ? ".open" : ".end")), -w, w,
                    [size, i](EngineConfig& c) -> double& { return c.eval.bySize[size].value[i]; });
            }
    }
    addReal(t, "eval.tie_bonus", -w, w, [](EngineConfig& c) -> double& { return c.eval.tieBonus; });
    addReal(t, "eval.phase_scale", 0.001, 1e6,
            [](EngineConfig& c) -> double& { return c.eval.phaseScale; });
    addReal(t, "eval.trapped_penalty", -w, w,
            [](EngineConfig& c) -> double& { return c.eval.trappedPenalty; });
    addReal(t, "eval.trapped_below", 0, w,
            [](EngineConfig& c) -> double& { return c.eval.trappedBelow; });
    addReal(t, "eval.win_scale", 0.001, 1e6,
            [](EngineConfig& c) -> double& { return c.eval.winScale; });
    for (int i = 0; i < PriorLayout::kCount; ++i)
        addReal(t, priorWeightName(i), -w, w,
                [i](EngineConfig& c) -> float& { return c.prior[static_cast<size_t>(i)]; });
}

const Table& accessors() {
    static const Table table = [] {
        Table t;
        addSearchConstants(t);
        addEvalConstants(t);
        return t;
    }();
    return table;
}

}  // namespace

std::string parameterProblem(const std::string& name, double value) {
    const auto it = accessors().find(name);
    if (it == accessors().end()) return "unknown constant '" + name + "' (--param help lists them)";
    const Accessor& a = it->second;
    if (!(value >= a.min && value <= a.max))
        return name + " must be " + (a.whole ? "a whole number " : "") + "from " +
               compactNumber(a.min) + " to " + compactNumber(a.max) + ", not " +
               compactNumber(value);
    if (a.whole && value != std::floor(value))
        return name + " must be a whole number, not " + compactNumber(value);
    return {};
}

bool setParameter(EngineConfig& config, const std::string& name, double value) {
    if (!parameterProblem(name, value).empty()) return false;
    accessors().at(name).set(config, value);
    return true;
}

void setParameterOrThrow(EngineConfig& config, const std::string& assignment, std::string* notice) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos)
        throw ParameterError("'" + assignment + "' is not NAME=VALUE (--param help lists them)");
    std::string name = assignment.substr(0, eq);
    const std::string text = assignment.substr(eq + 1);
    double value = 0;
    if (!parseDecimal(text, value)) throw ParameterError(name + ": '" + text + "' is not a number");
    if (const auto retired = retiredUse(name, value)) {
        if (retired->refused) throw ParameterError(retired->notice);
        if (notice) *notice = retired->notice;
        if (retired->name.empty()) return;
        name = retired->name;
    }
    const std::string problem = parameterProblem(name, value);
    if (!problem.empty()) throw ParameterError(problem);
    accessors().at(name).set(config, value);
}

bool setParameter(EngineConfig& config, const std::string& assignment) {
    try {
        setParameterOrThrow(config, assignment);
        return true;
    } catch (const ParameterError&) {
        return false;
    }
}

std::optional<double> getParameter(const EngineConfig& config, const std::string& name) {
    const auto it = accessors().find(name);
    if (it == accessors().end()) return std::nullopt;
    const double value = it->second.get(config);
    if (std::isnan(value)) return std::nullopt;  // a board size's own weight left unset
    return value;
}

std::string sizeTermName(int size, const std::string& term) {
    const std::string n = std::to_string(size);
    return "eval." + n + "x" + n + "." + term;
}

std::vector<std::string> parameterNames() {
    std::vector<std::string> names;
    for (const auto& entry : accessors())
        names.push_back(entry.first);
    return names;
}

std::vector<ParameterInfo> parameterInfos() {
    const EngineConfig defaults;
    std::vector<ParameterInfo> infos;
    for (const auto& entry : accessors()) {
        const Accessor& a = entry.second;
        infos.push_back({entry.first, a.min, a.max, a.whole, getParameter(defaults, entry.first)});
    }
    return infos;
}

std::string parameterHelp() {
    std::string text =
        "Constants for --param NAME=VALUE: name, range, built-in value (before any weights "
        "file;\n'unset' board-size weights follow the shared eval.TERM ones)\n";
    for (const ParameterInfo& p : parameterInfos()) {
        char line[160];
        std::snprintf(line, sizeof line, "  %-28s %s %s..%s  %s\n", p.name.c_str(),
                      p.whole ? "whole" : "real ", compactNumber(p.min).c_str(),
                      compactNumber(p.max).c_str(),
                      p.init ? compactNumber(*p.init).c_str() : "unset");
        text += line;
    }
    return text;
}

}  // namespace hippolyta
