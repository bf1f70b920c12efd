#include "adapters/botzone/botzone_input.h"
#include "adapters/botzone/botzone_json.h"
#include "engine/core/portable.h"
#include "engine/core/text_util.h"

namespace hippolyta {

namespace {

// Helper names here are specific on purpose: the single-file Botzone build compiles this file in
// one unit with all of engine/, where an anonymous-namespace name must not be used twice.

constexpr const char* kBotzoneMoveKeys[6] = {"x0", "y0", "x1", "y1", "x2", "y2"};
// Longer than any real turn input (a full 8x8 game in JSON is a few kilobytes).
constexpr size_t kMaxBotzoneJsonBytes = 1 << 20;
// More turns than an 8x8 game can have.
constexpr int kMaxBotzoneTurns = 100;

std::optional<BotzoneMove> moveFromJson(const JsonValue& j) {
    if (!j.isObject()) return std::nullopt;
    BotzoneMove m;
    for (int k = 0; k < 6; ++k) {
        const JsonValue* it = j.find(kBotzoneMoveKeys[k]);
        if (!it || !it->isInteger) return std::nullopt;
        const long long v = it->integer;
        if (v < -1 || v > 100) return std::nullopt;
        m.v[k] = static_cast<int>(v);
    }
    return m;
}

void readMoveArray(const JsonValue& j, const char* key,
                   std::vector<std::optional<BotzoneMove>>& out,
                   std::vector<std::string>& problems) {
    const JsonValue* it = j.find(key);
    if (!it) return;
    if (!it->isArray()) {
        problems.push_back(std::string("\"") + key + "\" is not an array");
        return;
    }
    for (const JsonValue& item : it->items) {
        out.push_back(moveFromJson(item));
        if (!out.back())
            problems.push_back(std::string(key) + " item " + std::to_string(out.size()) +
                               " is not a move object: " + std::string(item.source.substr(0, 80)));
    }
}

// The full simple input after its first line (the turn count n): 2n - 1 move lines.
void readSimpleHistory(std::istream& in, int turns, BotzoneTurnInput& input) {
    if (turns < 1 || turns > kMaxBotzoneTurns) {
        input.problems.push_back("turn count " + std::to_string(turns) + " is not 1.." +
                                 std::to_string(kMaxBotzoneTurns) + "; reading one request line");
        turns = 1;
    }
    std::string line;
    for (int i = 0; i < 2 * turns - 1; ++i) {
        if (!std::getline(in, line)) {
            input.problems.push_back("the input ended after " + std::to_string(i) + " of " +
                                     std::to_string(2 * turns - 1) + " history lines");
            return;
        }
        auto& list = i % 2 == 0 ? input.history.requests : input.history.responses;
        list.push_back(parseBotzoneMove(line));
        if (!list.back()) input.problems.push_back("unreadable history line: " + trimmed(line));
    }
}

// The turn input an already parsed JSON value holds.
BotzoneTurnInput turnFromJson(const JsonValue& j) {
    BotzoneTurnInput input;
    input.format = BotzoneFormat::Json;
    if (j.isObject() && j.find("requests")) {
        input.full = true;
        readMoveArray(j, "requests", input.history.requests, input.problems);
        readMoveArray(j, "responses", input.history.responses, input.problems);
        return input;
    }
    input.move = moveFromJson(j);
    if (!input.move) input.problems.push_back("the JSON is neither a turn input nor a move");
    return input;
}

BotzoneTurnInput badJsonTurn(const std::string& what) {
    BotzoneTurnInput input;
    input.format = BotzoneFormat::Json;
    input.problems.push_back("bad JSON: " + what);
    return input;
}

}  // namespace

BotzoneTurnInput parseBotzoneJson(std::string_view text) {
    try {
        return turnFromJson(parseJson(text));
    } catch (const JsonError& e) {
        return badJsonTurn(e.what());
    }
}

std::optional<BotzoneTurnInput> readBotzoneTurn(std::istream& in) {
    std::string line;
    do {
        if (!std::getline(in, line)) return std::nullopt;
    } while (trimmed(line).empty());
    const std::string first = trimmed(line);
    if (first[0] == '{') {
        std::string text = first;
        while (true) {
            try {
                return turnFromJson(parseJson(text));
            } catch (const JsonError& e) {
                // Only a text cut short may go on on the next line; never wait for more after a
                // plain syntax error.
                if (!e.truncated() || text.size() > kMaxBotzoneJsonBytes || !std::getline(in, line))
                    return badJsonTurn(e.what());
            }
            text += '\n' + line;
        }
    }
    BotzoneTurnInput input;
    int turns = 0;
    if (parseInteger(std::string_view(first), turns)) {
        input.full = true;
        readSimpleHistory(in, turns, input);
        return input;
    }
    input.move = parseBotzoneMove(first);
    if (!input.move) input.problems.push_back("unreadable request line: " + first);
    return input;
}

std::string formatBotzoneJsonAnswer(const BotzoneMove& m, const std::string& debug) {
    std::string answer = "{\"response\":{";
    for (int k = 0; k < 6; ++k)
        answer +=
            std::string(k ? "," : "") + "\"" + kBotzoneMoveKeys[k] + "\":" + std::to_string(m.v[k]);
    answer += "}";
    if (!debug.empty()) answer += ",\"debug\":" + jsonQuoted(debug);
    return answer + "}";
}

}  // namespace hippolyta
