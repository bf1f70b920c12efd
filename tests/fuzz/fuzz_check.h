// Shared by the fuzz targets: a property check that stops the run with a message (libFuzzer
// then keeps the input as a crash file), and the fuzz input as text.
#pragma once

// A macro so that the message, often built from the input, is only made when the check fails:
// building it every time took half of the line target's time.
#define FUZZ_CHECK(ok, what)                      \
    do {                                          \
        if (!(ok)) ::hippolyta::fuzz::fail(what); \
    } while (false)

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace hippolyta::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz property violated: %s\n", what.c_str());
    std::abort();
}

inline std::string_view asText(const uint8_t* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Quotes text for a message, bytes outside printable ASCII as \xNN.
inline std::string quoted(std::string_view text) {
    std::string out = "'";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f) {
            out += ch;
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        }
    }
    return out + "'";
}

}  // namespace hippolyta::fuzz
