// The SAU front's command reader: any bytes read as the platform's input (SauReader's lines,
// parseSauLine's commands). Nothing throws; no line passes the cap; the commands keep every
// word of the line, in order, and nothing else; a move names squares of the board and formats
// back to itself; `new` always has a colour.
#include <sstream>

#include "adapters/sau/sau_reader.h"
#include "tests/fuzz/fuzz_check.h"

using namespace hippolyta;
using fuzz::quoted;

namespace {

bool separator(char c) {
    return static_cast<unsigned char>(c) <= ' ' || c == 0x7f;
}

// The line's words, blanks and control bytes between them, joined by single spaces.
std::string words(std::string_view line) {
    std::string out;
    bool inWord = false;
    for (const char c : line) {
        if (separator(c)) {
            inWord = false;
            continue;
        }
        if (!inWord && !out.empty()) out += ' ';
        out += c;
        inWord = true;
    }
    return out;
}

void checkCommand(const SauCommand& cmd, const std::string& line) {
    FUZZ_CHECK(!cmd.text.empty(), "a command without words in " + quoted(line));
    if (cmd.kind == SauCommandKind::Move) {
        FUZZ_CHECK(cmd.move && cmd.move->from < 100 && cmd.move->to < 100 && cmd.move->arrow < 100,
                   "a move off the board in " + quoted(line));
        FUZZ_CHECK(parseSauMove(formatSauMove(*cmd.move)) == cmd.move,
                   "a move that does not format back in " + quoted(line));
    }
    if (cmd.kind == SauCommandKind::New)
        FUZZ_CHECK(cmd.color.has_value(), "new without a colour in " + quoted(line));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(fuzz::asText(data, size)));
    SauReader reader(in);
    try {
        while (const std::optional<std::string> line = reader.nextLine()) {
            FUZZ_CHECK(line->size() <= SauReader::kMaxLineBytes, "a line over the cap");
            FUZZ_CHECK(line->find('\n') == std::string::npos, "a line break inside a line");
            std::string joined;
            for (const SauCommand& cmd : parseSauLine(*line)) {
                checkCommand(cmd, *line);
                if (!joined.empty()) joined += ' ';
                joined += cmd.text;
            }
            FUZZ_CHECK(joined == words(*line), "the commands of " + quoted(*line) + " are " +
                                                   quoted(joined) + ", not its words");
        }
    } catch (const std::exception& e) {
        fuzz::fail(std::string("the reader threw: ") + e.what());
    }
    return 0;
}
