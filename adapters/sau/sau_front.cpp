#include "adapters/sau/sau_front.h"

#include <chrono>

#include "adapters/sau/sau_reader.h"
#include "adapters/sau/sau_session.h"

namespace hippolyta {

int runSauFront(std::istream& in, std::ostream& out, std::ostream& log, const EngineConfig& config,
                const SauOptions& options) {
    SauSession session(out, log, config, options);
    SauReader reader(in);
    while (true) {
        const std::optional<std::string> line = reader.nextLine();
        // The clock of a move we are asked for runs from here.
        const auto received = SauSession::Clock::now();
        session.stopPondering();  // any input stops it
        if (!line) {
            log << "sau: end of input" << std::endl;
            return 0;
        }
        for (const SauCommand& cmd : parseSauLine(*line))
            if (!session.handle(cmd, received)) return 0;
    }
}

}  // namespace hippolyta
