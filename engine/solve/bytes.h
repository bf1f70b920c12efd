// Little-endian integers in byte strings, for the solver's files.
#pragma once

#include <cstdint>
#include <string>

namespace hippolyta {

inline void putLE(std::string& s, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i)
        s += static_cast<char>(v >> (8 * i));
}

inline uint64_t getLE(const std::string& s, size_t at, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; ++i)
        v |= uint64_t{static_cast<unsigned char>(s[at + i])} << (8 * i);
    return v;
}

}  // namespace hippolyta
