// A move: an amazon goes from `from` to `to`, then shoots an arrow from `to` to `arrow`.
#pragma once

#include <cstdint>
#include <vector>

namespace hippolyta {

struct Move {
    uint8_t from = 0;
    uint8_t to = 0;
    uint8_t arrow = 0;

    friend bool operator==(const Move& a, const Move& b) {
        return a.from == b.from && a.to == b.to && a.arrow == b.arrow;
    }
    friend bool operator!=(const Move& a, const Move& b) { return !(a == b); }
    // A compact integer form, for hashing and storage.
    uint32_t packed() const { return from | (to << 8) | (arrow << 16); }
    static Move unpack(uint32_t v) {
        return Move{static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8),
                    static_cast<uint8_t>(v >> 16)};
    }
};

using MoveList = std::vector<Move>;

enum class Color : uint8_t { White = 0, Black = 1 };
constexpr Color opposite(Color c) {
    return c == Color::White ? Color::Black : Color::White;
}
constexpr int index(Color c) {
    return static_cast<int>(c);
}

}  // namespace hippolyta
