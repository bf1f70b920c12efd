// One line of the text-mode front. The first byte picks the board size, the rest is the line.
// parseTextCommand never throws; a move is on the board; a position command holds a string
// that parses; a limit is positive; the echo text holds no '#' and no line break.
#include "adapters/text/text_command.h"
#include "engine/core/notation.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    const int n = kMinBoardSize + data[0] % (kMaxBoardSize - kMinBoardSize + 1);
    const std::string_view line = fuzz::asText(data + 1, size - 1);
    TextCommand cmd;
    try {
        cmd = parseTextCommand(line, n);
    } catch (const std::exception& e) {
        fuzz::fail("parseTextCommand threw on " + quoted(line) + ": " + e.what());
    }
    FUZZ_CHECK(cmd.text.find('#') == std::string::npos && cmd.text.find('\n') == std::string::npos,
               "echo text " + quoted(cmd.text));
    FUZZ_CHECK((cmd.kind == TextCommandKind::Empty) == cmd.text.empty(),
               "empty text and kind differ");
    if (cmd.kind == TextCommandKind::Move && cmd.move) {
        const Move m = *cmd.move;
        FUZZ_CHECK(m.from < n * n && m.to < n * n && m.arrow < n * n, "move off the board");
        FUZZ_CHECK(parseTextCommand(formatMove(m, n, MoveStyle::Parenthesis), n).move == m,
                   "a move's own text reads back differently");
    }
    if (cmd.kind == TextCommandKind::Position) {
        try {
            parsePosition(cmd.position);
        } catch (const NotationError& e) {
            fuzz::fail("position command holds a bad string " + quoted(cmd.position));
        }
    }
    if (cmd.kind == TextCommandKind::Limit && !cmd.defaultLimits)
        FUZZ_CHECK(cmd.visits > 0 || cmd.seconds > 0, "a limit of nothing");
    return 0;
}
