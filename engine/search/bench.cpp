// PLACEHOLDER until the search lands (owned by the search work).
#include "engine/search/bench.h"

namespace hippolyta {

BenchReport runBench(const EngineConfig&) {
    return {{"status", "search not built yet"}};
}

}  // namespace hippolyta
