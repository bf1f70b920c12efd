// The compact position string (amz-position, the text front's `position`, the text record's
// Start line). The grammar has one spelling per position, so a string that parses must format
// back to itself exactly; the parsed position must also be consistent (hash, board size).
#include "engine/core/notation.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text = fuzz::asText(data, size);
    Position pos = Position::start();
    try {
        pos = parsePosition(text);
    } catch (const NotationError&) {
        return 0;
    }
    FUZZ_CHECK(pos.shape().isSupported(), "board size out of range");
    FUZZ_CHECK(pos.amazons(Color::White) && pos.amazons(Color::Black), "a side without amazons");
    FUZZ_CHECK(pos.hash() == pos.computeHash(), "incremental hash differs after parsing");
    const std::string formatted = formatPosition(pos);
    FUZZ_CHECK(formatted == text, quoted(text) + " parses but formats as " + quoted(formatted));
    FUZZ_CHECK(parsePosition(formatted) == pos, "the formatted string parses to another position");
    return 0;
}
