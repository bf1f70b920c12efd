// Constants the engine no longer has, as old weights files and command lines still name them:
// renamed ones are read under their new names; removed ones are accepted and ignored at the value
// that meant "off" and refused at any other, naming the release that removed them, so that an
// old file never silently plays differently from how it was measured.
#pragma once

#include <optional>
#include <string>

namespace hippolyta {

// What an old name with a value comes to.
struct RetiredUse {
    std::string name;      // the constant to set: the new name of a renamed one; empty: ignore
    std::string notice;    // for people: what happened to the name, or why it is refused
    bool refused = false;  // a removed constant at a value other than its off value
};

// Nothing for a name that is not retired; otherwise its use with `value`.
std::optional<RetiredUse> retiredUse(const std::string& name, double value);

}  // namespace hippolyta
