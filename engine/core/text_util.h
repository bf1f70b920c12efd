// Small string helpers shared by the text formats (notation, records).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace hippolyta {

// ASCII lower case.
inline std::string lowerCase(std::string_view s) {
    std::string r(s);
    std::transform(r.begin(), r.end(), r.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return r;
}

// s without leading and trailing white space.
inline std::string trimmed(std::string_view s) {
    std::size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a])))
        ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1])))
        --b;
    return std::string(s.substr(a, b - a));
}

}  // namespace hippolyta
