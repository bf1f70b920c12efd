#include "engine/search/parameters.h"

#include "engine/core/portable.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <map>

namespace hippolyta {

namespace {

// Reads and writes one constant; `get` takes a copy because the accessors hand out references.
struct Accessor {
    std::function<void(EngineConfig&, double)> set;
    std::function<double(EngineConfig)> get;
};

const std::map<std::string, Accessor>& accessors() {
    static const std::map<std::string, Accessor> table = [] {
        std::map<std::string, Accessor> t;
        auto real = [&](const std::string& name, auto member) {
            t[name] = {[member](EngineConfig& c, double v) { member(c) = v; },
                       [member](EngineConfig c) { return static_cast<double>(member(c)); }};
        };
        auto whole = [&](const std::string& name, auto member) {
            t[name] = {[member](EngineConfig& c, double v) {
                           using T = typename std::remove_reference<decltype(member(c))>::type;
                           member(c) = static_cast<T>(v);
                       },
                       [member](EngineConfig c) { return static_cast<double>(member(c)); }};
        };
        real("exploration", [](EngineConfig& c) -> double& { return c.search.exploration; });
        whole("playout_plies", [](EngineConfig& c) -> int& { return c.search.playoutPlies; });
        real("widening_base", [](EngineConfig& c) -> double& { return c.search.wideningBase; });
        real("widening_scale", [](EngineConfig& c) -> double& { return c.search.wideningScale; });
        real("widening_exponent",
             [](EngineConfig& c) -> double& { return c.search.wideningExponent; });
        whole("first_chunk", [](EngineConfig& c) -> uint32_t& { return c.search.firstChunk; });
        whole("expand_visits", [](EngineConfig& c) -> uint32_t& { return c.search.expandVisits; });
        whole("virtual_loss", [](EngineConfig& c) -> uint32_t& { return c.search.virtualLoss; });
        t["ordering"] = {// MoveOrdering's number
                         [](EngineConfig& c, double v) {
                             c.search.ordering = static_cast<MoveOrdering>(static_cast<int>(v));
                         },
                         [](EngineConfig c) {
                             return static_cast<double>(static_cast<int>(c.search.ordering));
                         }};
        real("prior_bias", [](EngineConfig& c) -> double& { return c.search.priorBias; });
        whole("rerank_top", [](EngineConfig& c) -> uint32_t& { return c.search.rerankTop; });
        whole("eval_order_visits",
              [](EngineConfig& c) -> uint32_t& { return c.search.evalOrderVisits; });
        whole("region_budget_tree",
              [](EngineConfig& c) -> uint64_t& { return c.search.regionBudgetTree; });
        whole("region_budget_root",
              [](EngineConfig& c) -> uint64_t& { return c.search.regionBudgetRoot; });
        whole("solver_budget", [](EngineConfig& c) -> uint64_t& { return c.search.solverBudget; });
        whole("solver_max_empty", [](EngineConfig& c) -> int& { return c.search.solverMaxEmpty; });
        for (int k = 0; k < kEvalTerms; ++k) {
            const std::string name = kEvalTermNames[k];
            TermWeights EvalWeights::*term = kEvalTermMembers[k];
            t["eval." + name + ".open"] = {
                [term](EngineConfig& c, double v) { (c.eval.*term).open = v; },
                [term](EngineConfig c) { return (c.eval.*term).open; }};
            t["eval." + name + ".end"] = {
                [term](EngineConfig& c, double v) { (c.eval.*term).end = v; },
                [term](EngineConfig c) { return (c.eval.*term).end; }};
            // One board size's own values; unset (NaN) ones read as no value.
            for (int n = kMinBoardSize; n <= kMaxBoardSize; ++n)
                for (int e = 0; e < 2; ++e) {
                    const size_t i = static_cast<size_t>(2 * k + e);
                    const size_t size = static_cast<size_t>(n);
                    t[sizeTermName(n, name + (e == 0 ? ".open" : ".end"))] = {
                        [size, i](EngineConfig& c, double v) { c.eval.bySize[size].value[i] = v; },
                        [size, i](EngineConfig c) { return c.eval.bySize[size].value[i]; }};
                }
        }
        real("eval.tie_bonus", [](EngineConfig& c) -> double& { return c.eval.tieBonus; });
        real("eval.phase_scale", [](EngineConfig& c) -> double& { return c.eval.phaseScale; });
        real("eval.trapped_penalty",
             [](EngineConfig& c) -> double& { return c.eval.trappedPenalty; });
        real("eval.trapped_below", [](EngineConfig& c) -> double& { return c.eval.trappedBelow; });
        real("eval.win_scale", [](EngineConfig& c) -> double& { return c.eval.winScale; });
        for (int i = 0; i < PriorLayout::kCount; ++i)
            t[priorWeightName(i)] = {
                [i](EngineConfig& c, double v) { c.prior[i] = static_cast<float>(v); },
                [i](EngineConfig c) { return static_cast<double>(c.prior[i]); }};
        return t;
    }();
    return table;
}

}  // namespace

bool setParameter(EngineConfig& config, const std::string& name, double value) {
    const auto it = accessors().find(name);
    if (it == accessors().end()) return false;
    it->second.set(config, value);
    return true;
}

bool setParameter(EngineConfig& config, const std::string& assignment) {
    const size_t eq = assignment.find('=');
    if (eq == std::string::npos) return false;
    const std::string value = assignment.substr(eq + 1);
    double v = 0;
    if (!parseDecimal(value, v)) return false;
    return setParameter(config, assignment.substr(0, eq), v);
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
    for (const auto& [name, unused] : accessors())
        names.push_back(name);
    return names;
}

}  // namespace hippolyta
