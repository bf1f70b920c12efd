// Botzone's turn input as the front reads it from its standard input: simple interaction (a turn
// count, then the history's lines; in keep-running mode one move line a turn) or JSON, one turn
// after the other until the input ends. Each turn is taken in and answered as the front does;
// see fuzz_botzone.h for the properties.
#include <sstream>

#include "tests/fuzz/fuzz_botzone.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in{std::string(fuzz::asText(data, size))};
    fuzz::BotzoneGame game;
    while (const auto input = readBotzoneTurn(in)) {
        game.take(*input);
        const BotzoneMove answer = game.answer();
        if (input->format == BotzoneFormat::Json) formatBotzoneJsonAnswer(answer, "fuzz");
    }
    return 0;
}
