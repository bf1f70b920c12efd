#include "adapters/text/text_front.h"

#include <unistd.h>

#include <iostream>
#include <string>

#include "adapters/text/text_session.h"

namespace hippolyta {

int runTextFront(std::istream& in, std::ostream& out, std::ostream& err, const EngineConfig& config,
                 const TextOptions& options) {
    // A person at a terminal ends each prompt line by pressing Enter. When the input is a pipe
    // or a file, the front ends the prompt line itself, so that every output line starts at its
    // beginning (the harness strips up to the last '>' of a line; "white> * d1-d7(g7)" would
    // otherwise leave a blank in front of the '*').
    const bool terminal = &in == &std::cin && ::isatty(STDIN_FILENO);
    TextSession session(out, err, config, options);
    std::string line;
    while (true) {
        session.playAiMoves();
        out << session.prompt() << std::flush;
        const bool gotLine = static_cast<bool>(std::getline(in, line));
        if (!terminal || !gotLine) out << '\n' << std::flush;
        if (!gotLine || !session.handleLine(line)) return 0;
    }
}

int runTextFront(std::istream& in, std::ostream& out, std::ostream& err,
                 const EngineConfig& config) {
    return runTextFront(in, out, err, config, TextOptions{});
}

}  // namespace hippolyta
