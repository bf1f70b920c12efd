// FNV-1a, 64 bits: a fast, stable checksum of bytes (book files, match seeds).
#pragma once

#include <cstdint>
#include <string_view>

namespace hippolyta {

inline uint64_t fnv1a64(std::string_view bytes) {
    uint64_t h = 0xcbf29ce484222325ULL;
    for (const unsigned char c : bytes)
        h = (h ^ c) * 0x100000001b3ULL;
    return h;
}

}  // namespace hippolyta
