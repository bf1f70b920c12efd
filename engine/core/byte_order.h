// Unsigned integers as little-endian bytes in byte strings: every binary file of the project
// (books, nets, training data, solver files) stores them so, one fixed order on every host.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hippolyta {

// Appends the low `bytes` bytes of v, the lowest first.
inline void putLE(std::string& out, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out += static_cast<char>((v >> (8 * i)) & 0xff);
}

// Overwrites s[at, at + bytes) with the low `bytes` bytes of v; the range must lie inside s.
inline void setLE(std::string& s, size_t at, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
        s[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// The `bytes`-byte integer at s[at]; the caller checks that it lies inside s.
inline uint64_t getLE(std::string_view s, size_t at, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= uint64_t{static_cast<unsigned char>(s[at + i])} << (8 * i);
    return v;
}

}  // namespace hippolyta
