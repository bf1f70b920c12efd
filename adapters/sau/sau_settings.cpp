#include "adapters/sau/sau_settings.h"

#include <functional>

#include "engine/core/portable.h"
#include "engine/core/text_util.h"
#include "engine/search/levels.h"

namespace hippolyta {

namespace {

// One setting: its key, the name of its value in the help ("" for a switch), what it does, and
// how a value sets it ("" when it did, else why not).
struct Setting {
    const char* key;
    const char* valueName;
    const char* help;
    std::function<std::string(SauSettings&, const std::string&)> set;
};

std::string setNumber(double& field, const std::string& v, double lo, double hi) {
    double x = 0;
    if (!parseDecimal(v, x) || x < lo || x > hi)
        return "needs a number from " + formatSeconds(lo) + " to " + formatSeconds(hi);
    field = x;
    return "";
}

template <typename Int>
std::string setWhole(Int& field, const std::string& v, Int lo, Int hi) {
    Int x = 0;
    if (!parseInteger(v, x) || x < lo || x > hi)
        return "needs a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    field = x;
    return "";
}

std::string setSwitch(bool& field, const std::string& v) {
    const std::string w = lowerCase(v);
    if (w == "1" || w == "yes" || w == "on" || w == "true") {
        field = true;
    } else if (w == "0" || w == "no" || w == "off" || w == "false") {
        field = false;
    } else {
        return "needs yes or no";
    }
    return "";
}

std::string setText(std::string& field, const std::string& v) {
    for (const char c : v)
        if (static_cast<unsigned char>(c) < ' ') return "may not hold control characters";
    field = v;
    return "";
}

std::string setName(SauSettings& s, const std::string& v) {
    if (v.empty() || v.size() > 200) return "needs 1 to 200 characters";
    return setText(s.sau.name, v);
}

std::string setLevel(SauSettings& s, const std::string& v) {
    const std::optional<int> level = parseLevel(v.c_str());
    if (!level) return "needs a whole number from 1 to 10";
    s.engine.level = *level;
    return "";
}

std::string setPlayer(SauSettings& s, const std::string& v) {
    if (v != "mcts" && v != "alphabeta2" && v != "greedy")
        return "needs mcts, alphabeta2 or greedy";
    s.engine.player = v;
    return "";
}

const std::vector<Setting>& settings() {
    static const std::vector<Setting> table = {
        {"game-time", "S",
         "seconds for all our moves of a game, a safety margin included (0: no game clock, "
         "--move-time or --visits a move; default 900)",
         [](SauSettings& s, const std::string& v) {
             return setNumber(s.sau.gameSeconds, v, 0, 1e6);
         }},
        {"name", "TEXT", "the name answered to the platform (default Hippolyta)", setName},
        {"level", "N", "strength 1 to 10 (full strength, the default)", setLevel},
        {"threads", "N", "search threads (default 1)",
         [](SauSettings& s, const std::string& v) {
             return setWhole(s.engine.threads, v, 1, 256);
         }},
        {"memory", "MB", "search tree memory cap in MB (default 1024)",
         [](SauSettings& s, const std::string& v) {
             return setWhole(s.engine.memoryMb, v, 1, 1 << 20);
         }},
        {"seed", "N", "random seed (default 0)",
         [](SauSettings& s, const std::string& v) {
             return setWhole<uint64_t>(s.engine.seed, v, 0, UINT64_MAX);
         }},
        {"visits", "N", "at most this many visits a move (0: no cap, the default)",
         [](SauSettings& s, const std::string& v) {
             return setWhole<uint64_t>(s.engine.visits, v, 0, UINT64_MAX);
         }},
        {"move-time", "S", "seconds a move without a game clock (default 1)",
         [](SauSettings& s, const std::string& v) {
             return setNumber(s.engine.moveTimeSeconds, v, 0, 1e6);
         }},
        {"player", "PLAYER", "mcts (the engine, the default), alphabeta2 or greedy", setPlayer},
        {"ponder", "",
         "think on the opponent's time (off by default: both engines share the "
         "machine)",
         [](SauSettings& s, const std::string& v) { return setSwitch(s.sau.ponder, v); }},
        {"log-file", "FILE", "append the log to this file (default: no log)",
         [](SauSettings& s, const std::string& v) { return setText(s.logFile, v); }},
        {"book", "FILE", "opening book file (default: 10x10.book from the data directories)",
         [](SauSettings& s, const std::string& v) { return setText(s.bookFile, v); }},
        {"no-book", "", "play without an opening book",
         [](SauSettings& s, const std::string& v) { return setSwitch(s.noBook, v); }},
        {"data-dir", "DIR", "look here first for the book and the weights",
         [](SauSettings& s, const std::string& v) { return setText(s.dataDir, v); }},
        {"weights", "FILE", "the engine's learned constants (default: hippolyta.weights)",
         [](SauSettings& s, const std::string& v) { return setText(s.weightsFile, v); }},
        {"no-weights", "", "use the built-in weights",
         [](SauSettings& s, const std::string& v) { return setSwitch(s.noWeights, v); }},
    };
    return table;
}

const Setting* findSetting(std::string_view key) {
    for (const Setting& s : settings())
        if (key == s.key) return &s;
    return nullptr;
}

// Applies key = value; throws SauSettingsError starting with `where`, naming the key as `shown`
// does. (A key is never a bare word in a message: the message may reach the platform, which
// would read "name ..." as our answer to `name?`.)
void apply(SauSettings& target, std::string_view key, const std::string& value,
           const std::string& where, const std::string& shown) {
    const Setting* s = findSetting(key);
    if (!s) throw SauSettingsError(where + "unknown setting " + shown);
    const std::string problem = s->set(target, value);
    if (!problem.empty()) throw SauSettingsError(where + shown + " " + problem);
}

// The value of a settings line: outer blanks and a comment removed, or the text inside
// double quotes.
std::string valueOf(std::string_view text) {
    const std::string t = trimmed(text);
    if (t.size() >= 2 && t.front() == '"') {
        const size_t close = t.find('"', 1);
        if (close != std::string::npos) return t.substr(1, close - 1);
    }
    return trimmed(t.substr(0, std::min(t.find('#'), t.find(';'))));
}

}  // namespace

void applySauSettingsFile(std::string_view text, const std::string& name, SauSettings& settings) {
    if (startsWith(text, "\xEF\xBB\xBF")) text.remove_prefix(3);
    int number = 0;
    for (size_t at = 0; at <= text.size();) {
        const size_t end = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, end - at);
        at = end + 1;
        ++number;
        const std::string where = name + ":" + std::to_string(number) + ": ";
        const std::string content = trimmed(line.substr(0, line.find_first_of("#;")));
        if (content.empty()) continue;
        const size_t eq = line.find('=');
        if (eq == std::string_view::npos || eq > line.find_first_of("#;"))
            throw SauSettingsError(where + "expected key = value");
        const std::string key = trimmed(line.substr(0, eq));
        apply(settings, key, valueOf(line.substr(eq + 1)), where, "'" + key + "'");
    }
}

SauCommandLine applySauArguments(const std::vector<std::string>& args, SauSettings& settings) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") return SauCommandLine::Help;
        if (arg == "--version") return SauCommandLine::Version;
        if (!startsWith(arg, "--")) throw SauSettingsError("unexpected argument '" + arg + "'");
        const size_t eq = arg.find('=');
        const std::string key = arg.substr(2, eq == std::string::npos ? eq : eq - 2);
        const Setting* s = findSetting(key);
        if (!s) throw SauSettingsError("unknown option '--" + key + "'");
        std::string value;
        if (eq != std::string::npos)
            value = arg.substr(eq + 1);
        else if (!*s->valueName)
            value = "yes";
        else if (i + 1 < args.size())
            value = args[++i];
        else
            throw SauSettingsError("--" + key + " needs a value");
        apply(settings, key, value, "", "--" + key);
    }
    return SauCommandLine::Run;
}

std::string sauOptionsHelp() {
    std::string out;
    for (const Setting& s : settings()) {
        std::string left = std::string("  --") + s.key;
        if (*s.valueName) left += std::string(" ") + s.valueName;
        out += left + std::string(left.size() < 22 ? 22 - left.size() : 1, ' ') + s.help + "\n";
    }
    return out +
           "  --help                show this help\n  --version             show the version\n";
}

}  // namespace hippolyta
