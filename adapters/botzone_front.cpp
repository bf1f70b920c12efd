// PLACEHOLDER until the Botzone front lands (owned by the fronts work).
#include "adapters/botzone_front.h"

namespace hippolyta {

int runBotzoneFront(std::istream&, std::ostream&, std::ostream& err, const EngineConfig&,
                    const BotzoneOptions&) {
    err << "botzone mode is not built yet\n";
    return 2;
}

}  // namespace hippolyta
