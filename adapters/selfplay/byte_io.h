// Fields of the training-data format into a byte string and out of one (little-endian
// integers: engine/core/byte_order.h).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "adapters/selfplay/training_data.h"
#include "engine/core/byte_order.h"

namespace hippolyta {

inline void putU8(std::string& out, uint8_t v) {
    putLE(out, v, 1);
}
inline void putU16(std::string& out, uint16_t v) {
    putLE(out, v, 2);
}
inline void putU32(std::string& out, uint32_t v) {
    putLE(out, v, 4);
}
inline void putU64(std::string& out, uint64_t v) {
    putLE(out, v, 8);
}
// LEB128: seven bits a byte, low bits first, the high bit set on all bytes but the last.
inline void putVarU32(std::string& out, uint32_t v) {
    for (; v >= 0x80; v >>= 7)
        out += static_cast<char>((v & 0x7f) | 0x80);
    out += static_cast<char>(v);
}

// Reads fields in order; reading past the end throws TrainingDataError naming `where`.
class ByteCursor {
  public:
    ByteCursor(std::string_view bytes, std::string where)
        : bytes_(bytes), where_(std::move(where)) {}

    uint8_t u8() { return static_cast<uint8_t>(take(1)); }
    uint16_t u16() { return static_cast<uint16_t>(take(2)); }
    uint32_t u32() { return static_cast<uint32_t>(take(4)); }
    uint64_t u64() { return take(8); }
    // A LEB128 number of at most 32 bits in its shortest form (any other form is damage: the
    // encoding stays canonical).
    uint32_t varU32() {
        uint64_t v = 0;
        for (int shift = 0;; shift += 7) {
            const uint8_t b = u8();
            if (shift == 28 && b > 0x0f) throw error("a number too large for 32 bits");
            v |= static_cast<uint64_t>(b & 0x7f) << shift;
            if (!(b & 0x80)) {
                if (b == 0 && shift > 0) throw error("a number not in its shortest form");
                return static_cast<uint32_t>(v);
            }
        }
    }
    std::string_view bytes(size_t count) {
        if (bytes_.size() - pos_ < count) throw error("cut short");
        pos_ += count;
        return bytes_.substr(pos_ - count, count);
    }
    bool atEnd() const { return pos_ == bytes_.size(); }
    size_t remaining() const { return bytes_.size() - pos_; }
    size_t position() const { return pos_; }
    TrainingDataError error(const std::string& what) const {
        return TrainingDataError(where_ + ": " + what);
    }

  private:
    uint64_t take(int count) { return getLE(bytes(count), 0, count); }

    std::string_view bytes_;
    std::string where_;
    size_t pos_ = 0;
};

}  // namespace hippolyta
