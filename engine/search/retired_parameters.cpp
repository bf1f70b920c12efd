#include "engine/search/retired_parameters.h"

#include <array>
#include <cmath>

#include "engine/core/portable.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

// The release that retired each name below; its figures stay in docs/learning-results.md,
// "Removed from the product".
constexpr const char* kRelease = "0.3.0";

struct Renamed {
    const char* name;
    const char* replacement;
};
constexpr std::array<Renamed, 2> kRenamed{{
    {"solver_budget", "endgame_budget"},
    {"solver_max_empty", "endgame_max_empty"},
}};

// A removed constant and the value that left the search as it is now; a NaN off value: any value
// is off, since the constant acted only through another removed one (two_level).
struct Removed {
    const char* name;
    double off;
    const char* what;
};
constexpr double kAny = NAN;
constexpr std::array<Removed, 8> kRemoved{{
    {"two_level", 0, "two-level expansion"},
    {"two_level_widening_base", kAny, "two-level expansion"},
    {"two_level_widening_exponent", kAny, "two-level expansion"},
    {"minimax_weight", 0, "implicit minimax backups"},
    {"rerank_top", 0, "reordering the best cheap moves by the evaluation"},
    {"eval_order_visits", 0, "ordering visited nodes' children by the evaluation"},
    {"endgame_bounds", 0, "proofs from region bounds in the tree"},
    {"prior_bias", 0, "the PUCT term under the move priors"},
}};

// The learned territory's weights, shared (eval.ownership.open/.end) or one board size's
// (eval.10x10.ownership.end, ...).
bool isOwnershipWeight(const std::string& name) {
    const auto endsWith = [&](std::string_view tail) {
        return name.size() >= tail.size() &&
               name.compare(name.size() - tail.size(), tail.size(), tail.data(), tail.size()) == 0;
    };
    return startsWith(name, "eval.") && (endsWith(".ownership.open") || endsWith(".ownership.end"));
}

RetiredUse removedUse(const std::string& name, double off, const std::string& what, double value) {
    if (!std::isnan(off) && value != off)
        return {"",
                name + " " + compactNumber(value) + ": the constant was removed in release " +
                    kRelease + " with " + what + ", and only its off value " + compactNumber(off) +
                    " can still be read; this setting needs an older release",
                true};
    return {"", name + " is ignored: it was removed in release " + kRelease + " with " + what};
}

}  // namespace

std::optional<RetiredUse> retiredUse(const std::string& name, double value) {
    for (const Renamed& r : kRenamed)
        if (name == r.name)
            return RetiredUse{r.replacement, name + " is now " + r.replacement + " (renamed in " +
                                                 "release " + kRelease + ")"};
    for (const Removed& r : kRemoved)
        if (name == r.name) return removedUse(name, r.off, r.what, value);
    if (isOwnershipWeight(name)) return removedUse(name, 0, "the learned territory", value);
    return std::nullopt;
}

}  // namespace hippolyta
