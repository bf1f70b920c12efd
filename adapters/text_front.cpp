// PLACEHOLDER until the text-mode front lands (owned by the fronts work).
#include "adapters/text_front.h"

namespace hippolyta {

int runTextFront(std::istream&, std::ostream&, std::ostream& err, const EngineConfig&) {
    err << "text mode is not built yet\n";
    return 2;
}

}  // namespace hippolyta
