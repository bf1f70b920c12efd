// The few helpers that C++20's library would give, written for C++17 as GCC 7 knows it: the
// engine, the opening book and the Botzone front go into the single file that Botzone compiles
// with g++-7 -std=c++1z (tools/gcc7-unsupported.txt lists what that library lacks).
#pragma once

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

namespace hippolyta {

inline int popCount64(uint64_t x) {
    return __builtin_popcountll(x);
}

// Index of the lowest set bit; x must not be 0.
inline int lowestBit64(uint64_t x) {
    return __builtin_ctzll(x);
}

// Index of the highest set bit; x must not be 0.
inline int highestBit64(uint64_t x) {
    return 63 - __builtin_clzll(x);
}

// The bits of `from` as a To of the same size (std::bit_cast).
template <typename To, typename From>
To bitCast(const From& from) {
    static_assert(sizeof(To) == sizeof(From), "bitCast needs types of one size");
    static_assert(std::is_trivially_copyable<From>::value && std::is_trivially_copyable<To>::value,
                  "bitCast needs trivially copyable types");
    To to;
    std::memcpy(&to, &from, sizeof(To));
    return to;
}

inline bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

// Atomic operations on a plain field shared between threads (std::atomic_ref), on the
// compiler's __atomic built-ins, which GCC and clang provide for any trivially copyable type.
// AtomicRef<const T> reads a field through a const path (load only).
template <typename T>
class AtomicRef {
  public:
    explicit AtomicRef(T& field) : p_(&field) {}
    std::remove_const_t<T> load(std::memory_order order = std::memory_order_seq_cst) const {
        std::remove_const_t<T> v;
        __atomic_load(p_, &v, builtinOrder(order));
        return v;
    }
    void store(T v, std::memory_order order = std::memory_order_seq_cst) const {
        __atomic_store(p_, &v, builtinOrder(order));
    }
    bool compare_exchange_strong(T& expected, T desired,
                                 std::memory_order order = std::memory_order_seq_cst) const {
        const int failure = order == std::memory_order_acq_rel   ? __ATOMIC_ACQUIRE
                            : order == std::memory_order_release ? __ATOMIC_RELAXED
                                                                 : builtinOrder(order);
        return __atomic_compare_exchange(p_, &expected, &desired, false, builtinOrder(order),
                                         failure);
    }
    // Integers add in one instruction; floating point goes round a compare-exchange loop.
    T fetch_add(T delta, std::memory_order order = std::memory_order_seq_cst) const {
        if constexpr (std::is_integral<T>::value) {
            return __atomic_fetch_add(p_, delta, builtinOrder(order));
        } else {
            T old = load(std::memory_order_relaxed);
            while (!compare_exchange_strong(old, old + delta, order)) {
            }
            return old;
        }
    }
    T fetch_sub(T delta, std::memory_order order = std::memory_order_seq_cst) const {
        static_assert(std::is_integral<T>::value, "fetch_sub is for integers");
        return __atomic_fetch_sub(p_, delta, builtinOrder(order));
    }

  private:
    static constexpr int builtinOrder(std::memory_order order) {
        return order == std::memory_order_relaxed   ? __ATOMIC_RELAXED
               : order == std::memory_order_acquire ? __ATOMIC_ACQUIRE
               : order == std::memory_order_release ? __ATOMIC_RELEASE
               : order == std::memory_order_acq_rel ? __ATOMIC_ACQ_REL
               : order == std::memory_order_consume ? __ATOMIC_CONSUME
                                                    : __ATOMIC_SEQ_CST;
    }
    T* p_;
};

// Whole-string number parsing (std::from_chars, which GCC 7's library lacks): false, and
// `out` untouched, unless all of `text` is one number in range. No sign, spaces or prefixes
// beyond what from_chars accepts: an optional '-' for signed types only.
template <typename Int>
bool parseInteger(std::string_view text, Int& out) {
    static_assert(std::is_integral<Int>::value, "parseInteger is for integers");
    if (text.empty()) return false;
    size_t i = 0;
    bool negative = false;
    if (std::is_signed<Int>::value && text[0] == '-') {
        negative = true;
        i = 1;
    }
    if (i == text.size()) return false;
    // Accumulate as a negative number for signed types, so that the minimum fits.
    using Wide =
        typename std::conditional<std::is_signed<Int>::value, long long, unsigned long long>::type;
    Wide value = 0;
    const Wide lo = std::numeric_limits<Int>::min(), hi = std::numeric_limits<Int>::max();
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9') return false;
        const int d = c - '0';
        if (negative) {
            if (value < (lo + d) / 10) return false;
            value = value * 10 - d;
        } else {
            if (value > (hi - d) / 10) return false;
            value = value * 10 + d;
        }
    }
    out = static_cast<Int>(value);
    return true;
}

// A finite decimal number in the C locale's form ("0.25", "-3", "1e-3"): false, and `out`
// untouched, for anything else (empty, spaces, trailing text, "nan", "inf", out of range).
inline bool parseDecimal(std::string_view text, double& out) {
    if (text.empty()) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
            return false;
    const std::string s(text);
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size() || errno == ERANGE) return false;
    out = v;
    return true;
}

}  // namespace hippolyta
