// Small string helpers shared by the text formats (notation, records) and printed figures.
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace hippolyta {

// A number as people write it in messages, up to 10 significant digits: "8", "0.14", "1e+12".
inline std::string compactNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

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

// v with `decimals` digits after the point. A value that rounds to zero prints without a sign
// ("0.000", never "-0.000"); nan and infinities print as "nan", "inf" and "-inf".
inline std::string fixedDecimals(double v, int decimals) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    if (std::fabs(v) < 0.5 * std::pow(10.0, -decimals)) v = 0;
    // Sized to fit: a fixed buffer cut huge values' digits short.
    const int length = std::snprintf(nullptr, 0, "%.*f", decimals, v);
    std::string out(static_cast<size_t>(length), '\0');
    std::snprintf(out.data(), out.size() + 1, "%.*f", decimals, v);
    return out;
}

// Seconds to the millisecond without trailing zeros: "5", "0.25", "899.957", never "-0".
inline std::string formatSeconds(double seconds) {
    std::string out = fixedDecimals(seconds, 3);
    if (out.find('.') == std::string::npos) return out;  // nan, inf
    out.erase(out.find_last_not_of('0') + 1);
    if (out.back() == '.') out.pop_back();
    return out;
}

}  // namespace hippolyta
