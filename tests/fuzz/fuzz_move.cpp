// Move text, squares and colours. The first byte picks the board size (4..11), the rest is the
// text. A move that parses has its squares on the board, and each of our output styles parses
// back to the same move; a square formats back to an equal square; a colour word is one of the
// four accepted spellings.
#include "engine/core/notation.h"
#include "engine/core/text_util.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

namespace {

void checkMove(std::string_view text, int n) {
    Move m;
    try {
        m = parseMove(text, n);
    } catch (const NotationError&) {
        return;
    }
    FUZZ_CHECK(m.from < n * n && m.to < n * n && m.arrow < n * n,
               quoted(text) + " parses to a square off the board");
    for (const MoveStyle style : {MoveStyle::Slash, MoveStyle::Parenthesis, MoveStyle::Dash}) {
        const std::string formatted = formatMove(m, n, style);
        Move back;
        try {
            back = parseMove(formatted, n);
        } catch (const NotationError& e) {
            fuzz::fail("our own move text " + quoted(formatted) + " does not parse: " + e.what());
        }
        FUZZ_CHECK(back == m, quoted(formatted) + " parses to another move");
    }
}

void checkSquare(std::string_view text, int n) {
    int sq = 0;
    try {
        sq = parseSquare(text, n);
    } catch (const NotationError&) {
        return;
    }
    FUZZ_CHECK(sq >= 0 && sq < n * n, quoted(text) + " parses to a square off the board");
    FUZZ_CHECK(parseSquare(squareName(sq, n), n) == sq, "square name does not parse back");
    // One spelling per square, up to case.
    FUZZ_CHECK(squareName(sq, n) == lowerCase(text),
               quoted(text) + " is not the name of its square");
}

void checkColor(std::string_view text) {
    try {
        const Color c = parseColor(text);
        const std::string s = lowerCase(text);
        FUZZ_CHECK(s == "w" || s == "b" || s == "white" || s == "black",
                   quoted(text) + " accepted as a colour");
        FUZZ_CHECK(parseColor(colorName(c)) == c, "colour name does not parse back");
    } catch (const NotationError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const int n = kMinBoardSize + data[0] % (kMaxBoardSize - kMinBoardSize + 1);
    const std::string_view text = fuzz::asText(data + 1, size - 1);
    checkMove(text, n);
    checkSquare(text, n);
    checkColor(text);
    return 0;
}
