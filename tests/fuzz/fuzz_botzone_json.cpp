// Botzone's JSON interface: the whole input is one JSON text, {"requests":[...],"responses":[...]}
// or one move object. It is taken in and answered as the front does (see fuzz_botzone.h), and
// the one-line answer is JSON that gives back the same move.
#include <nlohmann/json.hpp>

#include "tests/fuzz/fuzz_botzone.h"

using namespace hippolyta;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const BotzoneTurnInput input = parseBotzoneJson(fuzz::asText(data, size));
    FUZZ_CHECK(input.format == BotzoneFormat::Json, "JSON input read as simple");
    FUZZ_CHECK(input.full || input.move || !input.problems.empty(),
               "an unusable turn without a problem");
    fuzz::BotzoneGame game;
    game.take(input);
    const BotzoneMove answer = game.answer();
    const std::string line = formatBotzoneJsonAnswer(answer, "fuzz");
    FUZZ_CHECK(line.find('\n') == std::string::npos, "the JSON answer is not one line");
    const auto response = nlohmann::json::parse(line).at("response");
    const BotzoneTurnInput again = parseBotzoneJson(response.dump());
    FUZZ_CHECK(again.move && *again.move == answer, "the JSON answer gives back another move");
    return 0;
}
